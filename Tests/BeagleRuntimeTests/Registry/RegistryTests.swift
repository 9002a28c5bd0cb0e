import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct RegistryTests {
  @Test("every component iOS registers is built in (spec §2)")
  func components() {
    let iOS = [
      "beagle:container", "beagle:touchable", "beagle:form", "beagle:formSubmit",
      "beagle:formInput", "beagle:simpleForm", "beagle:screenComponent", "beagle:scrollView",
      "beagle:button", "beagle:image", "beagle:listView", "beagle:gridView", "beagle:text",
      "beagle:pageView", "beagle:tabView", "beagle:tabBar", "beagle:pageIndicator",
      "beagle:lazyComponent", "beagle:webView", "beagle:textInput", "beagle:pullToRefresh",
    ]
    for name in iOS { #expect(Registry.builtIn.component(named: name)?.name == name) }
  }

  @Test("every action iOS registers is built in (spec §3)")
  func actions() {
    let iOS = [
      "beagle:openExternalURL", "beagle:openNativeRoute", "beagle:resetApplication",
      "beagle:resetStack", "beagle:pushStack", "beagle:popStack", "beagle:pushView",
      "beagle:popView", "beagle:popToView", "beagle:setContext", "beagle:sendRequest",
      "beagle:alert", "beagle:confirm", "beagle:condition", "beagle:submitForm",
      "beagle:addChildren", "beagle:formValidation", "beagle:formLocalAction",
      "beagle:formRemoteAction",
    ]
    for name in iOS { #expect(Registry.builtIn.action(named: name)?.name == name) }
  }

  @Test("look-up is case-insensitive and registering replaces, even a built-in")
  func registering() {
    let custom = ComponentDefinition(
      "custom:card", fields: [FieldSpec("title", .string, isRequired: true)])
    let registry = Registry.builtIn.registering(custom)
    #expect(registry.component(named: "CUSTOM:Card") == custom)
    #expect(Registry.builtIn.component(named: "custom:card") == nil)
    let replaced = registry.registering(ComponentDefinition("beagle:text", fields: []))
    #expect(replaced.component(named: "beagle:text")?.fields == [])
  }

  @Test("a component registered from Swift decodes its child, events and required fields")
  func customFromSwift() throws {
    let registry = Registry.builtIn.registering(
      ComponentDefinition(
        "custom:card",
        fields: [
          FieldSpec("title", .string, isRequired: true, acceptsExpression: true),
          FieldSpec("content", .component), FieldSpec("onTap", .actions),
        ]))
    let result = try decode(
      """
      {"_beagleComponent_": "custom:card", "content": {"_beagleComponent_": "beagle:text", "text": "a"},
       "onTap": [{"_beagleAction_": "beagle:popView"}]}
      """, registry: registry)
    #expect(
      result.diagnostics.map(\.message) == ["missing required field 'title' of 'custom:card'"])
    #expect(result.root?.children.first?.slot == "content")
    #expect(result.root?.event("onTap")?.actions.count == 1)
  }
}

@Suite struct ManifestTests {
  func parse(_ text: String) throws -> (Manifest, [Diagnostic]) {
    Manifest.parse(try JSONDocument(parsing: Array(text.utf8)), source: "beagle.json")
  }

  @Test("components and actions declared in a manifest decode like built-ins")
  func declares() throws {
    let (manifest, diagnostics) = try parse(
      """
      {"components": {"custom:card": {"fields": {"title": "string", "body": "components",
         "onTap": "actions"}, "required": ["title"]}},
       "actions": {"custom:track": {"fields": {"event": "string"}, "required": ["event"]}}}
      """)
    #expect(diagnostics == [])
    let registry = manifest.apply(to: .builtIn)
    let result = try decode(
      """
      {"_beagleComponent_": "custom:card", "title": "@{x}", "body": [{"_beagleComponent_": "beagle:text", "text": "a"}],
       "onTap": [{"_beagleAction_": "custom:track"}]}
      """, registry: registry)
    #expect(
      result.diagnostics.map(\.message) == ["missing required field 'event' of 'custom:track'"])
    #expect(result.root?.children.count == 1)
  }

  @Test("a required name that is no field is not required of screens; the declared field still is")
  func requiredTypoIsDropped() throws {
    let (manifest, diagnostics) = try parse(
      """
      {"components": {"custom:card": {"fields": {"title": "string", "body": "components"},
         "required": ["titel", "body"]}}}
      """)
    #expect(diagnostics.map(\.offset) == [101])
    let result = try decode(
      #"{"_beagleComponent_": "custom:card", "title": "x"}"#, registry: manifest.apply(to: .builtIn)
    )
    #expect(result.diagnostics.map(\.message) == ["missing required field 'body' of 'custom:card'"])
  }

  @Test(
    "manifest mistakes are errors located in the manifest",
    arguments: [
      (
        #"{"component": {}}"#, "unknown manifest key 'component'; did you mean 'components'?",
        "/component"
      ),
      (
        #"{"components": {"card": {}}}"#,
        "type name 'card' must start with 'custom:' (or 'beagle:' to replace a built-in)",
        "/components/card"
      ),
      (
        #"{"components": {"custom:card": {"fields": {"a": "strng"}}}}"#,
        "unknown field type 'strng' for 'a'; did you mean 'string'? (expected one of 'action', 'actions', 'any', 'array', 'bool', 'boolean', 'component', 'components', 'context', 'imagePath', 'int', 'integer', 'number', 'object', 'route', 'string')",
        "/components/custom:card/fields/a"
      ),
      (
        #"{"components": {"custom:card": {"field": {}}}}"#,
        "unknown key 'field' in the definition of 'custom:card'; expected 'fields' or 'required'",
        "/components/custom:card/field"
      ),
      (
        #"{"components": {"custom:card": {"fields": {"title": "string"}, "required": ["title", "titel"]}}}"#,
        "required field 'titel' is not among the fields of 'custom:card'; did you mean 'title'?",
        "/components/custom:card/required/1"
      ),
      (
        #"{"actions": {"custom:track": {"required": ["event"]}}}"#,
        "required field 'event' is not among the fields of 'custom:track'",
        "/actions/custom:track/required/0"
      ),
      (#"{"mocks": {}}"#, "'mocks' must be an array of mocks or the path of a mock file", "/mocks"),
      (
        #"{"mocks": [{"url": 1}]}"#, "'url' must be a string (a url pattern), found the number 1",
        "/mocks/0/url"
      ),
      (#"{"theme": {"Title": {}}}"#, "'theme' must be an array of style names (strings)", "/theme"),
      ("[]", "the manifest must be a JSON object", ""),
    ] as [(String, String, String)])
  func mistakes(text: String, message: String, pointer: String) throws {
    let (_, diagnostics) = try parse(text)
    #expect(diagnostics.map(\.message) == [message])
    #expect(diagnostics.first?.pointer?.description == pointer)
    #expect(diagnostics.first?.source == "beagle.json")
  }
}

@Suite struct ThemeCheckerTests {
  @Test("style names the theme does not list are warnings with a suggestion; listed ones pass")
  func unknownStyles() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "T", "styleId": "NavBar"},
         "child": {"_beagleComponent_": "beagle:container", "children": [
           {"_beagleComponent_": "beagle:text", "text": "a", "styleId": "Title.Large"},
           {"_beagleComponent_": "beagle:text", "text": "b", "styleId": "Title.Lareg"},
           {"_beagleComponent_": "beagle:button", "text": "c", "styleId": "Zzz", "onPress": [
             {"_beagleAction_": "beagle:pushView", "route": {"screen": {"child":
               {"_beagleComponent_": "beagle:text", "text": "d", "styleId": "Body"}}}}]}]}}
        """
      ).root)
    let diagnostics = ThemeChecker(styles: ["Title.Large", "NavBar", "Button.Primary"]).check(root)
    #expect(
      diagnostics.map(\.message) == [
        "unknown style 'Title.Lareg': the manifest's theme does not list it; did you mean 'Title.Large'?",
        "unknown style 'Zzz': the manifest's theme does not list it",
        "unknown style 'Body': the manifest's theme does not list it",
      ])
    #expect(
      diagnostics.map { $0.pointer?.description ?? "" } == [
        "/child/children/1/styleId", "/child/children/2/styleId",
        "/child/children/2/onPress/0/route/screen/child/styleId",
      ])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }
}
