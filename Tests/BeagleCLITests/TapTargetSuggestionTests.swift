import Testing

@Suite struct TapTargetSuggestionTests {
  @Test("a mistyped tap target lists the navigation bar items and suggests the closest")
  func navigationBarItem() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--step", #"tap "Cartt""#])
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.contains(
        #"error: nothing on the screen matches "Cartt"; did you mean "Cart"?; the screen shows"#))
    #expect(outcome.errors.contains(#"; navigation bar items: "Cart""#))
  }

  @Test("two swapped letters are one edit: tap \"Hlep\" suggests \"Help\"")
  func transposition() throws {
    let screen = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "Help"}]}
      """
    let path = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRunArray([path, "--step", #"tap "Hlep""#])
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.contains(
        #"nothing on the screen matches "Hlep"; did you mean "Help"?; the screen shows "Help""#))
  }
}
