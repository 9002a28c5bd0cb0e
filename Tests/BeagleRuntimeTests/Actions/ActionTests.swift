import BeagleExpressions
import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A session on `payload` (its root as the first screen, route `/`).
func session(
  _ payload: String, viewClient: (any ViewClient)? = nil, collectsCoverage: Bool = false
) throws -> Session {
  let root = try #require(try decode(payload).root)
  return Session(
    configuration: Session.Configuration(
      registry: .builtIn, viewClient: viewClient, collectsCoverage: collectsCoverage),
    firstScreen: Screen(route: "/", root: root))
}

func texts(_ session: inout Session) -> [String] {
  let state = session.state(step: 1, event: "test")
  return state.screen.map(Session.visibleTexts(in:)) ?? []
}

@Suite struct ActionTests {
  @Test("a setContext is visible to the next action of the same list (iOS, spec §4.7)")
  func sequential() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": {"a": 1, "b": 0}},
       "children": [{"_beagleComponent_": "beagle:text", "text": "@{c.a} @{c.b}"},
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "a", "value": "@{sum(c.a, 1)}"},
          {"_beagleAction_": "beagle:setContext", "contextId": "c", "path": "b", "value": "@{c.a}"}]}]}
      """)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(texts(&session) == ["2 2", "go"])
  }

  @Test(
    "condition runs onTrue for true and onFalse for anything else (iOS, spec §7.3)",
    arguments: [("true", "yes"), ("false", "no"), ("\"@{c}\"", "no"), ("\"@{missing}\"", "no")])
  func condition(condition: String, expected: String) throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "true"},
       "children": [{"_beagleComponent_": "beagle:text", "text": "@{global}"},
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:condition", "condition": \(condition),
           "onTrue": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "yes"}],
           "onFalse": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "no"}]}]}]}
      """)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(texts(&session).first == expected)
  }

  @Test("a confirm waits for a choice; each button runs its own callback")
  func confirm() throws {
    let payload = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{global}"},
        {"_beagleComponent_": "beagle:button", "text": "ask", "onPress": [
          {"_beagleAction_": "beagle:confirm", "message": "Sure?", "labelCancel": "No",
           "onPressOk": {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "ok"},
           "onPressCancel": {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "cancel"}}]}]}
      """
    var first = try session(payload)
    #expect(first.perform(.choose("Ok")) == .failed("no dialog is open to choose \"Ok\" in"))
    #expect(first.perform(.tap(.text("ask"))) == .done)
    #expect(first.state(step: 1, event: "").dialog?.buttons.map(\.label) == ["Ok", "No"])
    #expect(
      first.perform(.choose("Yes"))
        == .failed("the confirm has no button \"Yes\"; its buttons are \"Ok\", \"No\""))
    #expect(first.perform(.choose("No")) == .done)
    #expect(texts(&first).first == "cancel")
    #expect(first.dialog == nil)
  }

  @Test(
    "a dialog still open at the end of a run is warned about in the last state (spec §7.4-7.5)",
    arguments: [
      (
        #""_beagleAction_": "beagle:confirm", "title": "Clear cart?", "message": "Sure?", "labelOk": "Clear", "labelCancel": "Keep""#,
        "confirm \"Clear cart?\" is still open at the end of the run; answer it with a 'choose'"
          + " step (choose \"Clear\" or choose \"Keep\")"
      ),
      (
        #""_beagleAction_": "beagle:alert", "title": "", "message": "Saved""#,
        "alert \"Saved\" is still open at the end of the run; answer it with a 'choose' step"
          + " (choose \"Ok\")"
      ),
    ] as [(String, String)])
  func openDialogAtEnd(action: String, warning: String) throws {
    let payload = """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "ask", "onPress": [{\(action)}]}]}
      """
    var session = try session(payload)
    #expect(session.perform(.tap(.text("ask"))) == .done)
    #expect(session.state(step: 1, event: "").log == [])
    session.endRun()
    // Placed at the action that opened the dialog.
    #expect(
      session.state(step: 2, event: "").log == [
        Diagnostic(
          .warning, warning, pointer: JSONPointer(["children", "0", "onPress", "0"]),
          offset: try #require(byteOffset(of: "[{", in: payload)) + 1)
      ])
    #expect(session.state(step: 3, event: "").log == [])
  }

  @Test("a dialog answered before the end of a run is not warned about")
  func answeredDialog() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "ask", "onPress": [
          {"_beagleAction_": "beagle:alert", "message": "Saved"}]}]}
      """)
    #expect(session.perform(.tap(.text("ask"))) == .done)
    #expect(session.perform(.choose("Ok")) == .done)
    session.endRun()
    #expect(session.state(step: 2, event: "").log == [])
  }

  @Test("actions after a pushView in the same list still use the origin screen's scope (iOS)")
  func originScreenAfterNavigation() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "first"},
       "children": [{"_beagleComponent_": "beagle:text", "text": "A: @{c}"},
        {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
          {"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "b",
            "context": {"id": "c", "value": "second"},
            "child": {"_beagleComponent_": "beagle:text", "text": "B: @{c}"}}}},
          {"_beagleAction_": "beagle:setContext", "contextId": "c", "value": "changed"}]}]}
      """)
    #expect(session.perform(.tap(.text("go"))) == .done)
    #expect(texts(&session) == ["B: second"])
    #expect(session.perform(.back) == .done)
    #expect(texts(&session) == ["A: changed", "go"])
  }

  @Test("a route whose URL has a stray '%' is encoded and fetched; one that gives no URL fails")
  func routeURLs() throws {
    var session = try session(
      #"{"_beagleComponent_": "beagle:text", "text": "home"}"#,
      viewClient: screenServer(["/p%20100%25%3Ce": screenJSON("p")]))
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/p 100%<e"}}"#)
    // The screen is fetched at the encoded URL and keeps its route as written.
    #expect(routes(session) == [["/", "/p 100%<e"]])
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/p%20<e"}}"#)
    #expect(routes(session) == [["/", "/p 100%<e"]])
    #expect(
      session.state(step: 1, event: "").log.map(\.message) == [
        "'/p%20<e' is not a valid url (iOS's URL(string:) refuses it); no navigation happens (iOS shows an error on the current screen)"
      ])
  }

  @Test("pushView to a local screen, then popView, with the stacks and events of spec §3.5")
  func localNavigation() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
        {"_beagleAction_": "beagle:pushView", "route": {"screen": {"identifier": "detail",
          "navigationBar": {"title": "Detail"},
          "child": {"_beagleComponent_": "beagle:text", "text": "hello"}}}}]}
      """)
    #expect(session.perform(.tap(.text("go"))) == .done)
    var state = session.state(step: 1, event: "")
    #expect(state.stacks.map { $0.map(\.route) } == [["/", "detail"]])
    #expect(state.navigationEvent?.kind == .push)
    #expect(state.navigationBar?.backButton == "/")
    #expect(session.perform(.expectText("hello")) == .done)
    #expect(session.perform(.back) == .done)
    state = session.state(step: 2, event: "")
    #expect(state.stacks.map { $0.map(\.route) } == [["/"]])
    #expect(session.perform(.back) == .done)
    state = session.state(step: 3, event: "")
    #expect(state.navigationEvent?.kind == NavigationEvent.Kind.none)
  }

  @Test(
    "a remote route is fetched from the BFF folder; a failing one shows its fallback or nothing")
  func remoteNavigation() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "beagle-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"_beagleComponent_": "beagle:text", "text": "remote"}"#.utf8).write(
      to: folder.appendingPathComponent("next.json"))
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "next", "onPress": [
          {"_beagleAction_": "beagle:pushView", "route": {"url": "/@{global}"}}]},
        {"_beagleComponent_": "beagle:button", "text": "missing", "onPress": [
          {"_beagleAction_": "beagle:pushView", "route": {"url": "/nope"}}]},
        {"_beagleComponent_": "beagle:button", "text": "fallback", "onPress": [
          {"_beagleAction_": "beagle:pushView", "route": {"url": "/nope", "fallback": {
            "child": {"_beagleComponent_": "beagle:text", "text": "sorry"}}}}]}]}
      """, viewClient: FileViewClient(root: folder.path))
    session.setGlobal("next")
    #expect(session.perform(.tap(.text("missing"))) == .done)
    let failed = session.state(step: 1, event: "")
    #expect(failed.stacks.count == 1 && failed.stacks[0].count == 1)
    #expect(failed.log.first?.severity == .error)
    #expect(
      failed.log.first?.message.hasSuffix(
        "no navigation happens (iOS shows an error on the current screen)") == true)
    #expect(session.perform(.tap(.text("fallback"))) == .done)
    #expect(session.perform(.expectText("sorry")) == .done)
    #expect(session.topScreen?.route == "/nope")
    #expect(session.perform(.back) == .done)
    #expect(session.perform(.tap(.text("next"))) == .done)
    #expect(session.perform(.expectText("remote")) == .done)
    #expect(session.topScreen?.route == "/next")
  }

  @Test("a remote route without a BFF says how to give one")
  func noBFF() throws {
    var session = try session(
      #"{"_beagleComponent_": "beagle:button", "text": "go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/x"}}]}"#
    )
    _ = session.perform(.tap(.text("go")))
    #expect(
      session.state(step: 1, event: "").log.first?.message
        == "remote route '/x' needs a BFF: run a screen file (its folder serves the routes) or give \(setting: .bffFolder); no navigation happens (iOS shows an error on the current screen)"
    )
  }

  @Test("a chain of callbacks nested deeper than the limit is cut off with an error, not a hang")
  func deepChain() throws {
    var action = #"{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 1}"#
    for _ in 0..<80 {
      action =
        #"{"_beagleAction_": "beagle:condition", "condition": true, "onTrue": ["# + action + "]}"
    }
    var session = try session(
      #"{"_beagleComponent_": "beagle:button", "text": "go", "onPress": ["# + action + "]}")
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(
      state.log.map(\.message) == ["actions nested more than 64 levels deep; the chain is cut off"])
    #expect(session.global == .null)
  }

  @Test("tap targets: ambiguity and absence are errors that list what is there")
  func targets() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "id": "a", "text": "Buy"},
        {"_beagleComponent_": "beagle:button", "id": "b", "text": "Buy"}]}
      """)
    #expect(
      session.perform(.tap(.text("Buy")))
        == .failed(
          "\"Buy\" matches 2 components: button #a at /children/0; button #b at /children/1; use #id to pick one"
        ))
    #expect(
      session.perform(.tap(.text("Sell")))
        == .failed(
          "nothing on the screen matches \"Sell\"; the screen shows \"Buy\", \"Buy\"; ids: #a, #b"))
    #expect(session.perform(.tap(.id("b"))) == .done)
    #expect(
      session.perform(.expectText("Sell"))
        == .expectationFailed("expected text \"Sell\"; the screen shows \"Buy\", \"Buy\""))
  }
}
