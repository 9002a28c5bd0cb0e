import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct ActionMessageTests {
  @Test(
    "a condition that is not a boolean says which branch each platform runs",
    arguments: [
      (
        NavigationProfile.ios, true,
        "condition is \"yes\", not a boolean: iOS runs onFalse (ios rule; web runs onTrue)"
      ),
      (.ios, false, "condition is \"yes\", not a boolean: iOS runs onFalse"),
      (
        .android, true,
        "condition is \"yes\", not a boolean: Android runs onFalse (android rule; web runs onTrue)"
      ),
      (
        .web, true,
        "condition is \"yes\", not a boolean: web runs onTrue as it is truthy (web rule; iOS "
          + "and Android run onFalse)"
      ),
      (
        .web, false,
        "condition is \"yes\", not a boolean: web runs onFalse as it is falsy (web rule; iOS "
          + "and Android run onFalse)"
      ),
    ])
  func condition(profile: NavigationProfile, isTruthy: Bool, expected: String) {
    let message = ConditionMessage.notABoolean(
      shown: "\"yes\"", isTruthy: isTruthy, profile: profile)
    #expect(message.description == expected)
    #expect(message.severity == .note)
  }

  @Test(
    "Android's stripped setContext path names what is written",
    arguments: [
      (
        "user.name", "name",
        "setContext: path 'user.name' starts with the context id; Android strips it and writes "
          + "'name' (android rule; iOS writes 'user.name' inside 'user')"
      ),
      (
        "user", "",
        "setContext: path 'user' starts with the context id; Android strips it and writes "
          + "the whole value (android rule; iOS writes 'user' inside 'user')"
      ),
    ])
  func strippedPath(path: String, stripped: String, expected: String) {
    let message = SetContextMessage.contextIdStrippedOnAndroid(
      path: path, stripped: stripped, contextId: "user")
    #expect(message.description == expected)
  }

  @Test("a message becomes a diagnostic with its severity, text and pointer")
  func diagnostic() {
    let pointer = JSONPointer().appending("child").appending("onPress").appending(0)
    let diagnostic = AddChildrenMessage.elementDropped(index: 2, reason: "not a component")
      .diagnostic(at: pointer.appending("value").appending(2))
    #expect(
      diagnostic
        == Diagnostic(
          .warning, "addChildren: value[2] is dropped, as iOS does: not a component",
          pointer: pointer.appending("value").appending(2)))
  }

  @Test(
    "severities: errors stop the action, warnings are what --strict fails on, notes explain",
    arguments: [
      (SendRequestMessage.invalidMethod(found: "the string 'GRAB'").diagnostic(), .warning),
      (SendRequestMessage.answersNotDelivered(count: 2, limit: 10).diagnostic(), .error),
      (NavigationMessage.navigationContextWithoutValue.diagnostic(), .error),
      (NavigationMessage.navigationContextUnknownField("valeu").diagnostic(), .warning),
      (NavigationMessage.prefetchExpression(url: "/@{id}").diagnostic(), .note),
      (FormMessage.deprecatedNotExecuted(type: "beagle:formValidation").diagnostic(), .warning),
      (AlertMessage.dialogAlreadyOpen.diagnostic(), .warning),
      (ActionChainMessage.unknownAction("custom:nope").diagnostic(), .warning),
    ] as [(Diagnostic, Diagnostic.Severity)])
  func severities(diagnostic: Diagnostic, expected: Diagnostic.Severity) {
    #expect(diagnostic.severity == expected)
  }

  @Test("an invalid method lists the methods iOS knows")
  func invalidMethod() {
    #expect(
      SendRequestMessage.invalidMethod(found: "the string 'GRAB'").description
        == "sendRequest: 'method' is the string 'GRAB', not one of 'GET', 'POST', 'PUT', "
        + "'DELETE', 'HEAD', 'PATCH'; iOS sends GET")
  }
}
