import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct UnknownFieldTests {
  /// The messages of a component's diagnostics.
  private func messages(_ component: String) throws -> [String] {
    try decode(component).diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
  }

  @Test(
    "a key a known type does not have warns, with did you mean",
    arguments: [
      (
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPres": []}"#,
        "warning: unknown field 'onPres' of 'beagle:button'; did you mean 'onPress'?"
      ),
      (
        #"{"_beagleComponent_": "beagle:textInput", "onTextChange": []}"#,
        "warning: unknown field 'onTextChange' of 'beagle:textInput'; did you mean 'onChange'?"
      ),
      (
        #"{"_beagleComponent_": "beagle:text", "text": "x", "style": {"backgroundColr": "red"}}"#,
        "warning: unknown field 'backgroundColr' of 'beagle:text.style'; did you mean"
          + " 'backgroundColor'?"
      ),
      (
        #"{"_beagleComponent_": "beagle:text", "text": "x", "zzz": 1}"#,
        "warning: unknown field 'zzz' of 'beagle:text'"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/a", "shouldPrefech": true}}]}"#,
        "warning: unknown field 'shouldPrefech' of 'route'; did you mean 'shouldPrefetch'?"
      ),
      (
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:popView", "navigationContex": {}}]}"#,
        "warning: unknown field 'navigationContex' of 'beagle:popView'; did you mean"
          + " 'navigationContext'?"
      ),
    ])
  func unknownField(component: String, message: String) throws {
    #expect(try messages(component) == [message])
  }

  @Test("style values of the wrong type are errors, as iOS fails to decode them (spec §1.6)")
  func styleTypes() throws {
    #expect(
      try messages(
        #"{"_beagleComponent_": "beagle:container", "style": {"flex": "yes", "size": {"width": {"value": 1, "type": "real"}}}}"#
      ) == [
        "error: field 'beagle:container.style.flex' must be an object, found the string 'yes'",
        "error: invalid value 'real' for 'type'; expected one of 'AUTO', 'REAL', 'PERCENT'",
      ])
  }

  @Test("accessibility needs 'accessible' on iOS (spec §1.7)")
  func accessible() throws {
    #expect(
      try messages(
        #"{"_beagleComponent_": "beagle:text", "text": "x", "accessibility": {"accessibilityLabel": "x"}}"#
      ) == ["error: missing required field 'accessible' of 'beagle:text.accessibility'"])
  }

  @Test("every shared field is known: id, style, accessibility and context on any component")
  func sharedFields() throws {
    let payload = """
      {"_beagleComponent_": "beagle:screenComponent", "identifier": "s", "safeArea": {},
       "style": {"backgroundColor": "#fff", "cornerRadius": {"radius": 4}, "borderColor": "#000",
         "borderWidth": 1, "size": {"width": {"value": 100, "type": "PERCENT"}, "aspectRatio": 1.5},
         "margin": {"all": {"value": 8, "type": "REAL"}}, "padding": {"horizontal": {"value": 4, "type": "REAL"}},
         "position": {"top": {"value": 0, "type": "REAL"}}, "positionType": "RELATIVE",
         "display": "@{shown}",
         "flex": {"flexDirection": "ROW", "flexWrap": "WRAP", "justifyContent": "SPACE_EVENLY",
           "alignItems": "BASELINE", "alignSelf": "AUTO", "alignContent": "STRETCH",
           "basis": {"value": 1, "type": "AUTO"}, "flex": 1, "grow": 1, "shrink": 0}},
       "context": {"id": "shown", "value": "FLEX"},
       "child": {"_beagleComponent_": "beagle:touchable", "id": "t", "style": {}, "context": {"id": "c", "value": 1},
         "accessibility": {"accessible": true, "accessibilityLabel": "go", "isHeader": false},
         "onPress": [{"_beagleAction_": "beagle:popView", "analytics": false}],
         "child": {"_beagleComponent_": "beagle:text", "text": "x", "id": "x",
           "accessibility": {"accessible": true}}}}
      """
    #expect(try messages(payload) == [])
  }

  @Test("custom types warn on keys their manifest definition does not declare")
  func customTypes() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition("custom:card", fields: [FieldSpec("title", .string)]))
    let result = try decode(
      #"{"_beagleComponent_": "custom:card", "titel": "x", "id": "c"}"#, registry: registry)
    #expect(
      result.diagnostics.map(\.message) == [
        "unknown field 'titel' of 'custom:card'; did you mean 'title'?"
      ])
    #expect(result.diagnostics.first?.pointer?.description == "/titel")
  }
}
