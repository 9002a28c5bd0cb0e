import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleRendering

/// States written in pieces (`write(_:to:)`) are the text `render(_:)` and the
/// printed JSON value give, byte for byte, whatever the screen holds.
@Suite struct StreamingRenderTests {
  func state(_ text: String) throws -> RunState {
    let root = try #require(try decode(text).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    return session.initialState(log: [])
  }

  /// A screen with every part of a node the JSON tree shows: a navigation bar, an
  /// id, events with nested callbacks, a context, list templates with and without a
  /// case, deep children, non-ASCII and escaped text.
  static let richScreen = """
    {"_beagleComponent_": "beagle:screenComponent",
     "navigationBar": {"title": "Loja \\"1\\"", "items": [
       {"text": "Cart", "action": {"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}}}]},
     "child": {"_beagleComponent_": "beagle:container", "id": "main",
      "context": {"id": "cart", "value": {"items": [1, 2.5, null, true], "name": "Café 中文 🚀"}},
      "children": [
       {"_beagleComponent_": "beagle:text", "text": "Olá @{cart.name}\\n\\t"},
       {"_beagleComponent_": "beagle:button", "id": "buy", "text": "Buy", "onPress": [
         {"_beagleAction_": "beagle:sendRequest", "url": "/buy", "onSuccess": [
           {"_beagleAction_": "beagle:alert", "message": "ok"}]}]},
       {"_beagleComponent_": "beagle:listView", "dataSource": [{"n": 1}, {"n": 2}],
        "templates": [
          {"case": "@{eq(item.n, 1)}", "view": {"_beagleComponent_": "beagle:text", "text": "one"}},
          {"view": {"_beagleComponent_": "beagle:text", "text": "@{item.n}"}}]},
       {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:container", "children": [
           {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "a.png"}}]}]}
      ]}}
    """

  /// A screen of `count` texts, each with multi-byte characters.
  static func longScreen(_ count: Int) -> String {
    let texts = (0..<count).map {
      #"{"_beagleComponent_": "beagle:text", "id": "t\#($0)", "text": "é 中文 🚀 \#($0)"}"#
    }
    return #"{"_beagleComponent_": "beagle:container", "children": ["#
      + texts.joined(separator: ",") + "]}"
  }

  private func pieces(_ write: ((String) -> Void) -> Void) -> [String] {
    var pieces: [String] = []
    write { pieces.append($0) }
    return pieces
  }

  @Test("the streamed JSON state is the printed value of the state, byte for byte")
  func jsonMatchesValue() throws {
    let state = try state(Self.richScreen)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written == renderer.render(state) + "\n")
  }

  @Test("extra members are written after the contract's, as setting them on the value would")
  func jsonExtraMembers() throws {
    let state = try state(Self.richScreen)
    let renderer = JSONStateRenderer()
    let bindings: JSONValue = ["cart.name": ["value": "Café"]]
    let written = pieces { renderer.write(state, extra: [("bindings", bindings)], to: $0) }
    guard case .object(var object) = renderer.value(of: state) else {
      Issue.record("the state is not an object")
      return
    }
    object["bindings"] = bindings
    #expect(written.joined() == JSONPrinter().print(.object(object), terminator: "\n"))
    #expect(object.keys.last == "bindings")
  }

  @Test("a large JSON state comes in pieces of about 64 KB that never split a character")
  func jsonPieces() throws {
    let state = try state(Self.longScreen(3_000))
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }
    #expect(written.count > 2)
    #expect(written.joined() == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    for piece in written.dropLast() {
      #expect(piece.utf8.count >= 65_536)
      #expect(piece.utf8.count < 65_536 + 1_024)
      #expect(!piece.contains("\u{FFFD}"))
    }
  }

  @Test("a long log comes in pieces too: a member is flushed between its elements, same bytes")
  func jsonLongLogPieces() throws {
    let root = try #require(try decode(Self.richScreen).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    // About 200 KB of log, as a large screen's warnings make: before, it was one piece.
    let log = (0..<2_000).map {
      Diagnostic(.warning, "binding 'usr.name' is not declared (é 中文 🚀) #\($0)")
    }
    let state = session.initialState(log: log)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }
    #expect(written.joined() == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written.count > 2)
    for piece in written {
      #expect(piece.utf8.count < 65_536 + 1_024)
      #expect(!piece.contains("\u{FFFD}"))
    }
  }

  /// Event lists outside lists, in a list's items and in a list inside a list's items:
  /// each component's `onPress` is printed with it, seven alerts in all.
  static var itemEventsScreen: String {
    let item = #"{"_beagleAction_": "beagle:alert", "message": "@{item.n}"}"#
    return """
      {"_beagleComponent_": "beagle:container", "children": [
       {"_beagleComponent_": "beagle:button", "text": "a", "onPress": [\(item)]},
       {"_beagleComponent_": "beagle:listView", "dataSource": [{"n": 1}, {"n": 2}, {"n": 3}],
        "template": {"_beagleComponent_": "beagle:button", "text": "@{item.n}",
         "onPress": [\(item), {"_beagleAction_": "beagle:openExternalURL", "url": "x"}]}},
       {"_beagleComponent_": "beagle:listView", "dataSource": [[1], [2]],
        "template": {"_beagleComponent_": "beagle:listView", "dataSource": "@{item}",
         "template": {"_beagleComponent_": "beagle:touchable", "onPress": [\(item)],
          "child": {"_beagleComponent_": "beagle:text", "text": "t"}}}},
       {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [\(item)]}]}
      """
  }

  @Test("events of list items (shared with their template) and outside them print as the value")
  func jsonItemEvents() throws {
    let screen = Self.itemEventsScreen
    let state = try state(screen)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written.components(separatedBy: #""action":"beagle:alert""#).count == 1 + 2 + 3 + 2)
  }

  @Test("event lists in list items are printed once per item in the outline too")
  func textItemEvents() throws {
    let state = try state(Self.itemEventsScreen)
    let renderer = TextRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == renderer.render(state))
    // Button a, the first list's three items, the inner item of each of the second
    // list's two items, button b: the cache kept only inside items must not lose any.
    #expect(written.components(separatedBy: "alert").count == 1 + (1 + 3 + 2 + 1))
  }

  @Test("the streamed outline is render's text, in pieces of whole lines")
  func textPieces() throws {
    for (screen, minimumPieces) in [(Self.richScreen, 1), (Self.longScreen(3_000), 2)] {
      let state = try state(screen)
      let renderer = TextRenderer()
      let written = pieces { renderer.write(state, to: $0) }
      #expect(written.joined() == renderer.render(state))
      #expect(written.count >= minimumPieces)
      for piece in written { #expect(piece.hasSuffix("\n")) }
    }
  }

  @Test("control characters are escaped in every piece of the outline, as in the whole")
  func textEscapes() throws {
    let texts = (0..<4_000).map {
      #"{"_beagleComponent_": "beagle:text", "text": "bell\u0007 \#($0)"}"#
    }
    let state = try state(
      #"{"_beagleComponent_": "beagle:container", "children": ["# + texts.joined(separator: ",")
        + "]}")
    let written = pieces { TextRenderer().write(state, to: $0) }
    #expect(written.count > 1)
    #expect(written.joined().contains(#"text "bell\u{7} 3999""#))
    #expect(!written.joined().contains("\u{07}"))
  }
}
