import BeagleJSON
import Testing

@testable import BeagleRuntime

/// `type` and `event` steps (docs/spec.md §2.7, §4.4).
@Suite struct EventStepTests {
  static let form = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "form", "value": {"name": ""}},
     "children": [
      {"_beagleComponent_": "beagle:textInput", "id": "name", "placeholder": "Your name",
       "value": "@{form.name}",
       "onFocus": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "focus",
                    "value": "@{onFocus.value}"}],
       "onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "form", "path": "name",
                     "value": "@{onChange.value}"}],
       "onBlur": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "blur",
                   "value": "@{onBlur.value}"}]},
      {"_beagleComponent_": "beagle:textInput", "id": "note", "placeholder": "Note"},
      {"_beagleComponent_": "beagle:textInput", "id": "locked", "placeholder": "Locked",
       "readOnly": true, "onChange": [{"_beagleAction_": "beagle:alert", "message": "no"}]},
      {"_beagleComponent_": "beagle:text", "text": "Hello @{form.name}"}]}
    """

  @Test("type gives focus (onFocus with the old text), then onChange; onBlur waits for a blur")
  func typeEvents() throws {
    var session = try session(Self.form)
    #expect(session.perform(.type(.text("Your name"), "Ana")) == .done)
    let state = session.state(step: 1, event: "type")
    #expect(state.actions.map(\.event) == ["onFocus", "onChange"])
    #expect(state.contexts.first?.value == ["name": "Ana"])
    #expect(state.contexts.last?.value == ["focus": ""])
    #expect(
      state.screen.map(Session.visibleTexts(in:)) == [
        "Ana", "Your name", "Note", "Locked", "Hello Ana",
      ])
    // The field still has focus: typing again only changes the text.
    #expect(session.perform(.type(.id("name"), "Bo")) == .done)
    let again = session.state(step: 2, event: "")
    #expect(again.actions.map(\.event) == ["onChange"])
    #expect(again.contexts.last?.value == ["focus": ""])
    #expect(again.contexts.first?.value == ["name": "Bo"])
  }

  /// Two inputs that record their focus events in `global`, a button that does
  /// nothing to them and one that pushes a local screen.
  static let focusForm = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "form", "value": {"a": "start"}},
     "children": [
      {"_beagleComponent_": "beagle:textInput", "id": "a", "placeholder": "A", "value": "@{form.a}",
       "onFocus": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "aFocus",
                    "value": "@{onFocus.value}"}],
       "onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "form", "path": "a",
                     "value": "@{onChange.value}"}],
       "onBlur": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "aBlur",
                   "value": "@{onBlur.value}"}]},
      {"_beagleComponent_": "beagle:textInput", "id": "b", "placeholder": "B",
       "onFocus": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "bFocus",
                    "value": "@{onFocus.value}"}]},
      {"_beagleComponent_": "beagle:button", "text": "Noop", "onPress": [
        {"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "noop", "value": true}]},
      {"_beagleComponent_": "beagle:button", "text": "Next", "onPress": [
        {"_beagleAction_": "beagle:pushView", "route": {"screen": {
          "_beagleComponent_": "beagle:screenComponent", "identifier": "next",
          "child": {"_beagleComponent_": "beagle:text", "text": "Next"}}}},
        {"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "after", "value": true}]}]}
    """

  func focusSession(profile: NavigationProfile = .ios) throws -> Session {
    let root = try #require(try decode(Self.focusForm).root)
    return Session(
      configuration: Session.Configuration(registry: .builtIn, profile: profile),
      firstScreen: Screen(route: "/", root: root))
  }

  @Test("typing into another field blurs the focused one with its current text first")
  func typeElsewhereBlurs() throws {
    var session = try focusSession()
    #expect(session.perform(.type(.id("a"), "Ana")) == .done)
    _ = session.state(step: 1, event: "")
    #expect(session.perform(.type(.id("b"), "x")) == .done)
    let state = session.state(step: 2, event: "")
    #expect(
      state.actions.map(\.text) == [
        #"onBlur → setContext global.aBlur = "Ana""#, #"onFocus → setContext global.bFocus = """#,
      ])
    #expect(session.global == ["aFocus": "start", "aBlur": "Ana", "bFocus": ""])
  }

  @Test("a tap on a text input focuses it; a tap on a button leaves the focus where it is (iOS)")
  func tapFocus() throws {
    var session = try focusSession()
    #expect(session.perform(.tap(.text("A"))) == .done)
    #expect(session.state(step: 1, event: "").actions.map(\.event) == ["onFocus"])
    #expect(session.perform(.tap(.text("Noop"))) == .done)
    #expect(session.state(step: 2, event: "").actions.map(\.event) == ["onPress"])
    #expect(session.perform(.tap(.id("b"))) == .done)
    #expect(session.state(step: 3, event: "").actions.map(\.event) == ["onBlur", "onFocus"])
    #expect(session.global == ["aFocus": "start", "noop": true, "aBlur": "start", "bFocus": ""])
  }

  @Test("under --profile web a click anywhere else blurs the focused field first")
  func webTapBlurs() throws {
    var session = try focusSession(profile: .web)
    #expect(session.perform(.type(.id("a"), "Ana")) == .done)
    _ = session.state(step: 1, event: "")
    #expect(session.perform(.tap(.text("Noop"))) == .done)
    #expect(session.state(step: 2, event: "").actions.map(\.event) == ["onBlur", "onPress"])
    #expect(session.global["aBlur"] == "Ana")
  }

  @Test("a field whose screen leaves the top blurs after the step's actions")
  func navigationBlurs() throws {
    var session = try focusSession()
    #expect(session.perform(.type(.id("a"), "Ana")) == .done)
    _ = session.state(step: 1, event: "")
    #expect(session.perform(.tap(.text("Next"))) == .done)
    let state = session.state(step: 2, event: "")
    #expect(state.actions.map(\.event) == ["onPress", "onPress", "onBlur"])
    #expect(state.stacks.map { $0.map(\.route) } == [["/", "next"]])
    #expect(session.global == ["aFocus": "start", "after": true, "aBlur": "Ana"])
    // Back on the form nothing has focus: typing focuses again.
    #expect(session.perform(.back) == .done)
    _ = session.state(step: 3, event: "")
    #expect(session.perform(.type(.id("a"), "Bo")) == .done)
    #expect(session.state(step: 4, event: "").actions.map(\.event) == ["onFocus", "onChange"])
  }

  @Test("a field without a binding shows what was typed; a changed binding replaces it")
  func typedTextStays() throws {
    var unbound = try session(Self.form)
    #expect(unbound.perform(.type(.id("note"), "remember milk")) == .done)
    #expect(
      unbound.state(step: 1, event: "").screen.map(Session.visibleTexts(in:))?.contains(
        "remember milk") == true)
    // The bound field shows the typed text until its context changes.
    var bound = try session(
      Self.form.replacingOccurrences(
        of:
          #""onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "form", "path": "name","#,
        with:
          #""onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "x","#
      ))
    #expect(bound.perform(.type(.id("name"), "typed")) == .done)
    #expect(bound.state(step: 1, event: "").screen.map(Session.visibleTexts(in:))?.first == "typed")
    #expect(
      bound.perform(
        .action([
          "_beagleAction_": "beagle:setContext", "contextId": "form", "path": "name",
          "value": "from BFF",
        ])) == .done)
    #expect(
      bound.state(step: 2, event: "").screen.map(Session.visibleTexts(in:))?.first == "from BFF")
  }

  @Test("a bound field shows its context again when an action clears it after typing")
  func clearedAfterTyping() throws {
    var session = try session(Self.form)
    #expect(session.perform(.type(.id("name"), "Ana")) == .done)
    #expect(
      session.perform(
        .action([
          "_beagleAction_": "beagle:setContext", "contextId": "form", "path": "name", "value": "",
        ])) == .done)
    let texts = session.state(step: 2, event: "").screen.map(Session.visibleTexts(in:))
    #expect(texts?.first == "Your name")
    #expect(texts?.contains("Ana") == false)
  }

  @Test("typing into a read-only field does nothing; a target that is not a text input fails")
  func typeRefusals() throws {
    var session = try session(Self.form)
    #expect(session.perform(.type(.id("locked"), "x")) == .done)
    #expect(session.state(step: 1, event: "").actions.isEmpty)
    guard case .failed(let message) = session.perform(.type(.text("Hello "), "x")) else {
      Issue.record("typing into a text succeeded")
      return
    }
    #expect(
      message
        == "no text input on the screen matches \"Hello \"; candidates: \"Your name\" (textInput),"
        + " \"Note\" (textInput), \"Locked\" (textInput)")
  }

  @Test("event fires any event with its implicit value; an unknown event lists the known ones")
  func events() throws {
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:tabBar", "id": "tabs", "items": [{"title": "A"}, {"title": "B"}],
         "onTabSelection": [{"_beagleAction_": "beagle:setContext", "contextId": "global",
                             "value": "@{onTabSelection}"}]},
        {"_beagleComponent_": "beagle:text", "text": "tab @{global}"}]}
      """)
    #expect(session.perform(.event(.id("tabs"), name: "onTabSelection", value: 1)) == .done)
    #expect(texts(&session) == ["tab 1"])
    #expect(
      session.perform(.event(.id("tabs"), name: "onPageChange", value: 1))
        == .failed("#tabs (tabBar) has no 'onPageChange' event (its events: onTabSelection)"))
    #expect(
      session.perform(.event(.id("tabs"), name: "onTabSelect", value: 1))
        == .failed(
          "#tabs (tabBar) has no 'onTabSelect' event; did you mean 'onTabSelection'? (its events:"
            + " onTabSelection)"))
  }

  @Test("a target that matches nothing suggests the closest id and lists at most ten candidates")
  func cappedCandidates() throws {
    let texts = (1...12).map {
      #"{"_beagleComponent_": "beagle:text", "id": "t\#($0)", "text": "T\#($0)"}"#
    }
    var session = try session(
      #"{"_beagleComponent_": "beagle:container", "children": ["#
        + texts.joined(separator: ",") + "]}")
    #expect(
      session.perform(.event(.id("t13x"), name: "onPress", value: nil))
        == .failed(
          "no component on the screen matches #t13x; candidates: #t1 (text), #t2 (text),"
            + " #t3 (text), #t4 (text), #t5 (text), #t6 (text), #t7 (text), #t8 (text), #t9 (text),"
            + " #t10 (text), and 2 more"))
    #expect(
      session.perform(.event(.id("t11x"), name: "onPress", value: nil))
        == .failed(
          "no component on the screen matches #t11x; did you mean #t11?; candidates: #t1 (text),"
            + " #t2 (text), #t3 (text), #t4 (text), #t5 (text), #t6 (text), #t7 (text), #t8 (text),"
            + " #t9 (text), #t10 (text), and 2 more"))
  }
}
