import BeagleJSON
import Testing

@testable import BeagleRuntime

/// `type` and `event` steps (spec §2.7, §4.4).
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

  @Test("type fires onFocus with the old text, then onChange and onBlur with the new one")
  func typeEvents() throws {
    var session = try session(Self.form)
    #expect(session.perform(.type(.text("Your name"), "Ana")) == .done)
    let state = session.state(step: 1, event: "type")
    #expect(
      state.actions.map(\.event) == [
        "onFocus", "onChange", "onBlur",
      ])
    #expect(state.contexts.first?.value == ["name": "Ana"])
    #expect(state.contexts.last?.value == ["focus": "", "blur": "Ana"])
    #expect(
      state.screen.map(Session.visibleTexts(in:)) == [
        "Ana", "Your name", "Note", "Locked", "Hello Ana",
      ])
    // Typing again starts from the current text.
    #expect(session.perform(.type(.id("name"), "Bo")) == .done)
    #expect(session.state(step: 2, event: "").contexts.last?.value["focus"] == "Ana")
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
    #expect(message.hasPrefix("no text input on the screen matches \"Hello \"; candidates: "))
    #expect(message.contains("textInput #note \"Note\" at /children/1"))
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
        == .failed("#tabs (tabBar) has no 'onPageChange' event; its events: onTabSelection"))
  }
}
