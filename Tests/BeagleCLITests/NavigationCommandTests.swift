import Foundation
import Testing

/// The navigation example through the CLI: the manifest beside the screen brings its
/// native routes (read from its folder) and analytics configuration.
@Suite struct NavigationCommandTests {
  @Test("a deep link from beagle.json's nativeRoutes opens its screen with its parameters")
  func deepLink() {
    let outcome = beagleRun(
      "Examples/navigation/index.json", "--step", #"tap "Open news 42""#, "--step",
      #"expect text "News 42""#)
    #expect(outcome.code == 0, "\(outcome.errors)")
    #expect(outcome.errors == "")
    #expect(outcome.output.contains("  navigationContext = {\"id\":\"42\",\"source\":\"home\"}\n"))
    #expect(
      outcome.output.contains(
        "navigation: kind native, from /, to /news/42, direction deeper, transition push moveIn fromRight 0.3s\n"
      ))
    #expect(
      outcome.output.contains(
        #"analytics: {"type":"action","platform":"ios","beagleAction":"beagle:opennativeroute","event":"onPress","component":{"id":null,"type":"beagle:button"},"screen":"/","attributes":{"route":"/news/42","data.source":"home"}}"#
      ))
  }

  @Test("a screen reached by navigation gets the binding and style warnings it gets when run")
  func fetchedScreenIsChecked() throws {
    let index = try temporaryFile(
      Array(
        #"""
        {"_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:button", "text": "Next", "onPress": [
            {"_beagleAction_": "beagle:pushView", "route": {"url": "/next"}}]},
          {"_beagleComponent_": "beagle:button", "text": "Local", "onPress": [
            {"_beagleAction_": "beagle:pushView", "route": {"screen": {"child":
              {"_beagleComponent_": "beagle:text", "text": "@{nowhere}"}}}}]}]}
        """#.utf8), name: "index.json")
    let folder = (index as NSString).deletingLastPathComponent
    try Data(
      #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{missing.value}"},
        {"_beagleComponent_": "beagle:text", "text": "x", "styleId": "Titel"}]}
      """#.utf8
    ).write(to: URL(fileURLWithPath: folder + "/next.json"))
    try Data(#"{"theme": ["Title"]}"#.utf8).write(
      to: URL(fileURLWithPath: folder + "/beagle.json"))
    // As `run next.json` shows them, in the file a navigation fetched.
    let expected = [
      "\(folder)/next.json:2:49: warning: no enclosing component declares context 'missing'"
        + " [context-not-in-scope] (at /children/0/text)",
      "\(folder)/next.json:3:64: warning: unknown style 'Titel': the manifest's theme does not"
        + " list it; did you mean 'Title'? [unknown-style] (at /children/1/styleId)",
    ]
    func log(_ output: String, step: Int) -> [String] {
      let state = output.components(separatedBy: "step \(step) · ").dropFirst().first ?? ""
      let own = state.components(separatedBy: "\nstep ").first ?? ""
      let log = own.components(separatedBy: "\nlog\n").dropFirst().first ?? ""
      return log.split(separator: "\n").filter { $0.hasPrefix("  ") }.map {
        String($0.dropFirst(2))
      }
    }
    let navigated = beagleRun(index, "--step", #"tap "Next""#)
    #expect(navigated.code == 0, "\(navigated.errors)")
    #expect(log(navigated.output, step: 1) == expected)
    // The local screen is part of the first file: checked with it, at load.
    #expect(
      log(navigated.output, step: 0) == [
        "\(index):6:53: warning: no enclosing component declares context 'nowhere'"
          + " [context-not-in-scope] (at /children/1/onPress/0/route/screen/child/text)"
      ])
    let direct = beagleRun(folder + "/next.json")
    #expect(log(direct.output, step: 0) == expected)
  }

  @Test("an unregistered route is an error in the log; the run exits 1")
  func unregistered() {
    let outcome = beagleRun(
      "Examples/navigation/index.json", "--step",
      #"action {"_beagleAction_": "beagle:openNativeRoute", "route": "/newz/1", "shouldResetApplication": false}"#,
      "--format", "json")
    #expect(outcome.code == 1)
    #expect(
      outcome.output.contains(
        #""message":"openNativeRoute does nothing: no native route matches '/newz/1' (registered: '/news/:id', 'profile'); did you mean '/news/:id'?""#
      ))
    // An action given as a step is in no file: the summary names its pointer instead.
    #expect(
      outcome.errors
        == "beagle-run: error: the run logged errors; the first, at step 1: error: openNativeRoute does nothing: no native route matches '/newz/1' (registered: '/news/:id', 'profile'); did you mean '/news/:id'? (at /route)\n"
    )
  }

  @Test("check reads nativeRoutes and analytics without complaint")
  func check() {
    let outcome = beagleRun(
      "check", "Examples/navigation/index.json", "Examples/navigation/catalog.json",
      "Examples/navigation/item.json", "Examples/navigation/login.json",
      "Examples/navigation/welcome.json")
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 5 files: 0 errors, 0 warnings\n")
  }
}
