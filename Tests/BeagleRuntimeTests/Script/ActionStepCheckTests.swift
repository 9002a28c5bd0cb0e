import BeagleJSON
import Testing

@testable import BeagleRuntime

/// An `action JSON` step's expressions are checked as the same action's inside a
/// screen are (``BindingChecker``): same messages, located by pointers from the action.
@Suite struct ActionStepCheckTests {
  /// A setContext whose value has an unknown operation, a binding to a context
  /// nothing declares and one to the root's context `user`.
  static let action = """
    {"_beagleAction_": "beagle:setContext", "contextId": "user", "path": "name",
     "value": "@{foo.bar} @{user.name} @{nope(1)}"}
    """

  static func screen(holding actions: String = "[]") -> String {
    """
    {"_beagleComponent_": "beagle:container", "context": {"id": "user", "value": {"name": "Ana"}},
     "children": [{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": \(actions)}]}
    """
  }

  func stepLog(_ action: String, screen: String = screen()) throws -> [Diagnostic] {
    var session = try session(screen)
    #expect(session.perform(.action(try JSONValue(parsing: action))) == .done)
    return session.state(step: 1, event: "action").log
  }

  @Test("the step's log has the screen check's messages, at the action's pointers")
  func sameAsInScreen() throws {
    let log = try stepLog(Self.action)
    #expect(
      log.map(\.description) == [
        "error: unknown operation 'nope' (at /value)",
        "warning: no enclosing component declares context 'foo' (at /value)",
      ])
    #expect(
      log.map(\.notes) == [
        ["iOS evaluates this expression to null"],
        [
          "contexts in scope here: 'user', 'global', 'navigationContext'",
          "the binding gives null unless 'foo' exists when the screen runs",
        ],
      ])
    // The same action on a button of the screen: the same diagnostics, deeper.
    let root = try #require(try decode(Self.screen(holding: "[\(Self.action)]")).root)
    let inScreen = BindingChecker().check(root)
    #expect(inScreen.map(\.message) == log.map(\.message))
    #expect(inScreen.map(\.notes) == log.map(\.notes))
    #expect(
      inScreen.map { $0.pointer?.description }
        == Array(repeating: "/children/0/onPress/0/value", count: 2))
  }

  @Test("nested actions are checked; the step's event has no implicit context")
  func nested() throws {
    let log = try stepLog(
      """
      {"_beagleAction_": "beagle:condition", "condition": "@{user.ok}",
       "onTrue": [{"_beagleAction_": "beagle:alert", "message": "@{onChange.value}"}],
       "onFalse": [{"_beagleAction_": "beagle:alert", "message": "@{global.x} @{navigationContext.y} @{sum(1, }"}]}
      """)
    #expect(
      log.map(\.description) == [
        "warning: no enclosing component declares context 'onChange' (at /onTrue/0/message)",
        "error: expected a value but found '}' (at /onFalse/0/message)",
        // Then the action runs: `user.ok` is null.
        "note: condition is null, not a boolean: iOS runs onFalse (at /condition)",
      ])
  }

  @Test("a root without a context leaves only global and navigationContext in scope")
  func emptyScope() throws {
    let log = try stepLog(
      #"{"_beagleAction_": "beagle:alert", "message": "@{user.name}"}"#,
      screen: #"{"_beagleComponent_": "beagle:text", "text": "hi"}"#)
    #expect(
      log.map(\.description) == [
        "warning: no enclosing component declares context 'user' (at /message)"
      ])
    #expect(log.first?.notes.first == "contexts in scope here: 'global', 'navigationContext'")
  }

  @Test("a clean action logs nothing")
  func clean() throws {
    let log = try stepLog(
      #"{"_beagleAction_": "beagle:setContext", "contextId": "user", "value": "@{user.name}"}"#)
    #expect(log == [])
  }
}
