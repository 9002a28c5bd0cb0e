import BeagleJSON
import Testing

@testable import BeagleRuntime

/// `addChildren` (docs/spec.md §7.6) and `submitForm` (§7.7), iOS rules.
@Suite struct FormAndChildrenTests {
  static func addChildren(
    _ mode: String?, value: String = #"[{"_beagleComponent_": "beagle:text", "text": "new @{c}"}]"#
  ) -> String {
    """
    {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 1}, "children": [
      {"_beagleComponent_": "beagle:container", "id": "box", "children": [
        {"_beagleComponent_": "beagle:text", "text": "old"}]},
      {"_beagleComponent_": "beagle:button", "text": "add", "onPress": [
        {"_beagleAction_": "beagle:addChildren", "componentId": "box",
         \(mode.map { "\"mode\": \"\($0)\"," } ?? "") "value": \(value)}]}]}
    """
  }

  @Test(
    "addChildren appends by default, prepends or replaces, with expressions evaluated at action time",
    arguments: [
      (nil, ["old", "new 1", "add"]), ("APPEND", ["old", "new 1", "add"]),
      ("PREPEND", ["new 1", "old", "add"]), ("REPLACE", ["new 1", "add"]),
    ] as [(String?, [String])])
  func modes(mode: String?, expected: [String]) throws {
    var session = try session(Self.addChildren(mode))
    #expect(session.perform(.tap(.text("add"))) == .done)
    #expect(texts(&session) == expected)
  }

  static let counter = """
    [{"_beagleComponent_": "beagle:container", "context": {"id": "n", "value": 0}, "children": [
      {"_beagleComponent_": "beagle:button", "id": "count", "text": "n=\\\\@{n}", "onPress": [
        {"_beagleAction_": "beagle:setContext", "contextId": "n", "value": "\\\\@{sum(n, 1)}"}]}]}]
    """

  @Test(
    "expressions in the new components are evaluated at action time in the origin's scope (iOS)")
  func actionTimeEvaluation() throws {
    var session = try session(
      Self.addChildren(
        nil, value: #"[{"_beagleComponent_": "beagle:text", "text": "c=@{c} n=@{n}"}]"#))
    #expect(session.perform(.tap(.text("add"))) == .done)
    let state = session.state(step: 1, event: "")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["old", "c=1 n=", "add"])
    #expect(state.log.map(\.severity) == [.note])
  }

  @Test("escaped expressions survive to render time: added children keep their own contexts")
  func addedAreLive() throws {
    var twice = try session(Self.addChildren("APPEND", value: Self.counter))
    #expect(twice.perform(.tap(.text("add"))) == .done)
    #expect(twice.perform(.tap(.text("add"))) == .done)
    #expect(texts(&twice) == ["old", "n=0", "n=0", "add"])
    // Two components with the same id: a tap by id is ambiguous.
    #expect(twice.perform(.tap(.id("count"))) != .done)
    var one = try session(Self.addChildren("REPLACE", value: Self.counter))
    #expect(one.perform(.tap(.text("add"))) == .done)
    #expect(one.perform(.tap(.id("count"))) == .done)
    #expect(one.perform(.tap(.id("count"))) == .done)
    #expect(texts(&one) == ["n=2", "add"])
    // Replacing again gives fresh components with their declared context.
    #expect(one.perform(.tap(.text("add"))) == .done)
    #expect(texts(&one) == ["n=0", "add"])
  }

  @Test(
    "addChildren: a missing target does nothing; an undecodable child is dropped with a warning")
  func addChildrenProblems() throws {
    var missing = try session(
      Self.addChildren(nil).replacingOccurrences(
        of: #""componentId": "box""#, with: #""componentId": "nope""#))
    #expect(missing.perform(.tap(.text("add"))) == .done)
    let state = missing.state(step: 1, event: "")
    #expect(state.log.map(\.severity) == [.note])
    #expect(state.log.first?.message.hasPrefix("addChildren: no component with id 'nope'") == true)
    var dropped = try session(
      Self.addChildren(
        nil,
        value:
          #"[{"_beagleComponent_": "beagle:text"}, {"_beagleComponent_": "beagle:text", "text": "kept"}]"#
      ))
    #expect(dropped.perform(.tap(.text("add"))) == .done)
    let after = dropped.state(step: 1, event: "")
    #expect(after.screen.map(Session.visibleTexts(in:)) == ["old", "kept", "add"])
    #expect(after.log.map(\.severity) == [.warning])
    #expect(after.log.first?.pointer?.description == "/children/1/onPress/0/value/0")
  }

  @Test(
    "after a prepend, a component whose index differs from its pointer's still sees its contexts")
  func scopeAfterPrepend() throws {
    // docs/spec.md §4.2: a component sees the contexts of itself and its ancestors. After
    // PREPEND (§7.6), the container written at /children/0/children/0 is box's second
    // child: `children/0` of its pointer leads to the added text, not to it. The tap and
    // the onInit of the second added child resolve their scope through it.
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:container", "id": "box", "children": [
          {"_beagleComponent_": "beagle:container", "context": {"id": "k", "value": "orig"},
           "children": [
            {"_beagleComponent_": "beagle:text", "text": "k=@{k}"},
            {"_beagleComponent_": "beagle:button", "text": "show", "onPress": [
              {"_beagleAction_": "beagle:setContext", "contextId": "k", "value": "tapped"}]}]}]},
        {"_beagleComponent_": "beagle:button", "text": "add", "onPress": [
          {"_beagleAction_": "beagle:addChildren", "componentId": "box", "mode": "PREPEND",
           "value": [{"_beagleComponent_": "beagle:text", "text": "new"}]}]}]}
      """)
    #expect(session.perform(.tap(.text("add"))) == .done)
    #expect(texts(&session) == ["new", "k=orig", "show", "add"])
    #expect(session.perform(.tap(.text("show"))) == .done)
    let state = session.state(step: 2, event: "tap")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["new", "k=tapped", "show", "add"])
    #expect(state.log.isEmpty)
  }

  @Test(
    "addChildren aimed at the root component's id adds into the root, not beside it in the implicit screen",
    arguments: [
      ("APPEND", ["add", "new 1"]), ("PREPEND", ["new 1", "add"]), ("REPLACE", ["new 1"]),
    ])
  func intoTheRoot(mode: String, expected: [String]) throws {
    // docs/spec.md §7.6: the target is the component whose id is `componentId`; §1.1: a
    // root that is not a screen component is wrapped in an implicit screen, which has
    // the root's pointer but not its id.
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "id": "root", "context": {"id": "c", "value": 1},
       "children": [
        {"_beagleComponent_": "beagle:button", "text": "add", "onPress": [
          {"_beagleAction_": "beagle:addChildren", "componentId": "root", "mode": "\(mode)",
           "value": [{"_beagleComponent_": "beagle:text", "text": "new @{c}"}]}]}]}
      """)
    #expect(session.perform(.tap(.text("add"))) == .done)
    let state = session.state(step: 1, event: "tap")
    let screen = try #require(state.screen)
    #expect(screen.builtIn == .screenComponent)
    #expect(screen.children.map(\.id) == ["root"])
    let root = try #require(screen.children.first)
    #expect(Session.visibleTexts(in: root) == expected)
  }

  @Test("components whose onInit adds two of themselves stop at 10000 added components")
  func addChildrenDoubling() throws {
    // Each round of onInit doubles the components: 2^100 in 100 rounds without a limit.
    let twin = #"""
      {"_beagleComponent_": "beagle:container", "onInit": [{"_beagleAction_": "beagle:addChildren",
       "componentId": "box", "value": "@{c}"}], "children": [{"_beagleComponent_": "beagle:text",
       "text": "t"}]}
      """#
    var doubling = try session(
      """
      {"_beagleComponent_": "beagle:container", "id": "box", "context": {"id": "c",
       "value": [\(twin), \(twin)]}, "children": [\(twin)]}
      """)
    let state = doubling.state(step: 0, event: "load")
    // A twin is two components. Rounds add 2, 4, …, 2048 twins (4094, 8188 components);
    // in the next, 453 onInit add their two (1812 components, 10 000 in all), the 454th
    // would pass 10 000 and is refused, as is every later one.
    #expect(state.screen.map(Session.visibleTexts(in:))?.count == 1 + 5000)
    let refused = state.log.filter { $0.severity == .error }
    #expect(
      refused.first?.message
        == "addChildren: the run would add more than 10000 components (components whose onInit adds components?); nothing happens"
    )
  }

  @Test("every component of an added subtree counts against the limit, not only the top one")
  func addChildrenCountsSubtrees() throws {
    // One element holding 10 000 texts: 10 001 components.
    let texts = Array(
      repeating: #"{"_beagleComponent_": "beagle:text", "text": "t"}"#, count: 10_000)
    var session = try session(
      """
      {"_beagleComponent_": "beagle:container", "id": "box", "children": [
        {"_beagleComponent_": "beagle:button", "text": "add", "onPress": [
          {"_beagleAction_": "beagle:addChildren", "componentId": "box", "value": [
            {"_beagleComponent_": "beagle:container", "children": [\(texts.joined(separator: ","))]}]}]}]}
      """)
    _ = session.state(step: 0, event: "load")
    #expect(session.perform(.tap(.text("add"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(state.screen.map(Session.visibleTexts(in:)) == ["add"])
    #expect(
      state.log.map(\.message) == [
        "addChildren: the run would add more than 10000 components (components whose onInit adds components?); nothing happens"
      ])
  }

  static let form = """
    {"_beagleComponent_": "beagle:simpleForm",
     "context": {"id": "f", "value": {"email": ""}},
     "onSubmit": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "sent @{f.email}"}],
     "onValidationError": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "invalid"}],
     "children": [
       {"_beagleComponent_": "beagle:textInput", "id": "email", "placeholder": "Email",
        "error": "@{condition(isEmpty(f.email), 'required', '')}",
        "onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "f", "path": "email",
                      "value": "@{onChange.value}"}]},
       {"_beagleComponent_": "beagle:textInput", "placeholder": "Unchecked", "showError": false},
       {"_beagleComponent_": "beagle:button", "text": "Send", "onPress": [{"_beagleAction_": "beagle:submitForm"}]},
       {"_beagleComponent_": "beagle:text", "text": "@{global}"}]}
    """

  @Test("submitForm runs onValidationError while an input's error is not empty, then onSubmit")
  func submit() throws {
    var session = try session(Self.form)
    #expect(session.perform(.tap(.text("Send"))) == .done)
    #expect(texts(&session).last == "invalid")
    #expect(session.perform(.type(.text("Email"), "ana@example.com")) == .done)
    #expect(session.perform(.tap(.text("Send"))) == .done)
    #expect(texts(&session).last == "sent ana@example.com")
  }

  @Test("submitForm outside a simpleForm does nothing")
  func noForm() throws {
    var session = try session(
      #"{"_beagleComponent_": "beagle:button", "text": "Send", "onPress": [{"_beagleAction_": "beagle:submitForm"}]}"#
    )
    #expect(session.perform(.tap(.text("Send"))) == .done)
    #expect(
      session.state(step: 1, event: "").log.map(\.message) == [
        "submitForm: no simpleForm around the component; nothing happens (iOS)"
      ])
  }
}
