import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct BuiltInTests {
  @Test("the lists of built-ins and the registry's definitions agree, name for name")
  func listsAgree() {
    let actions = Registry.builtIn.actionDefinitions.map { ($0.name, $0.builtIn?.name) }
    #expect(actions.map(\.0) == BuiltInAction.allCases.map(\.name).sorted())
    #expect(actions.allSatisfy { $0.0 == $0.1 })
    let components = Registry.builtIn.componentDefinitions.map { ($0.name, $0.builtIn?.name) }
    #expect(components.map(\.0) == BuiltInComponent.allCases.map(\.name).sorted())
    #expect(components.allSatisfy { $0.0 == $0.1 })
  }

  @Test("each family's file defines exactly the actions of its family, in the list's order")
  func families() {
    let families: [(BuiltInAction.Family, [ActionDefinition])] = [
      (.navigation, NavigationActions.definitions), (.context, SetContextAction.definitions),
      (.request, SendRequestAction.definitions), (.alert, AlertActions.definitions),
      (.condition, ConditionAction.definitions), (.children, AddChildrenAction.definitions),
      (.form, FormActions.definitions),
    ]
    for (family, definitions) in families {
      #expect(
        definitions.compactMap(\.builtIn) == BuiltInAction.allCases.filter { $0.family == family })
    }
    #expect(families.flatMap(\.1).count == BuiltInAction.allCases.count)
  }

  @Test(
    "wire names match case-insensitively, namespace included",
    arguments: [
      ("beagle:popToView", BuiltInAction.popToView), ("BEAGLE:POPTOVIEW", .popToView),
      ("beagle:openexternalurl", .openExternalURL), ("popToView", nil), ("custom:track", nil),
      ("beagle:popToViews", nil),
    ] as [(String, BuiltInAction?)])
  func actionNames(name: String, expected: BuiltInAction?) {
    #expect(BuiltInAction(typeName: name) == expected)
  }

  @Test(
    "component wire names match case-insensitively, namespace included",
    arguments: [
      ("beagle:textInput", BuiltInComponent.textInput), ("Beagle:TextInput", .textInput),
      ("textInput", nil), ("custom:card", nil),
    ] as [(String, BuiltInComponent?)])
  func componentNames(name: String, expected: BuiltInComponent?) {
    #expect(BuiltInComponent(typeName: name) == expected)
  }

  @Test("the navigation actions are the nine of spec §3.3")
  func navigation() {
    let navigation = BuiltInAction.allCases.filter(\.isNavigation).map(\.name)
    #expect(
      navigation == [
        "beagle:openExternalURL", "beagle:openNativeRoute", "beagle:pushView", "beagle:popView",
        "beagle:popToView", "beagle:pushStack", "beagle:popStack", "beagle:resetStack",
        "beagle:resetApplication",
      ])
    let prefetching = BuiltInAction.allCases.filter(\.opensRoute)
    #expect(prefetching == [.pushView, .pushStack, .resetStack, .resetApplication])
  }

  @Test("a decoded node knows its built-in however the payload spells it")
  func decodedNodes() throws {
    let result = try decode(
      #"""
      {"_beagleComponent_": "BEAGLE:BUTTON", "text": "Go",
       "onPress": [{"_beagleAction_": "beagle:PUSHVIEW", "route": {"url": "/next"}}]}
      """#)
    let button = try #require(result.root)
    #expect(button.builtIn == .button)
    let action = try #require(button.event("onPress")?.actions.first)
    #expect(action.builtIn == .pushView)
    #expect(ActionSummary.summary(of: action) == "pushView /next")
  }

  @Test("custom and unknown types are no built-in")
  func customTypes() throws {
    let registry = Registry.builtIn
      .registering(ActionDefinition("custom:track", fields: [FieldSpec("event", .string)]))
      .registering(ComponentDefinition("custom:card", fields: []))
    let result = try decode(#"{"_beagleComponent_": "custom:card"}"#, registry: registry)
    let card = try #require(result.root)
    #expect(card.isKnown)
    #expect(card.builtIn == nil)
    let track = try #require(registry.action(named: "custom:track"))
    #expect(track.builtIn == nil)
    let unknown = ActionNode(type: "beagle:pushView", definition: nil, location: card.location)
    #expect(unknown.builtIn == nil)
    #expect(ActionSummary.summary(of: unknown) == "beagle:pushView (unknown action)")
  }

  @Test("a definition registered under a built-in's name keeps the built-in's behaviour")
  func replacedBuiltIn() throws {
    let replaced = ActionDefinition(
      "beagle:PushView", fields: [FieldSpec("route", .any, isRequired: true)])
    #expect(replaced.builtIn == .pushView)
    let registry = Registry.builtIn.registering(replaced)
    let result = try decode(
      #"""
      {"_beagleComponent_": "beagle:button", "text": "Go",
       "onPress": [{"_beagleAction_": "beagle:pushView", "route": "/plain"}]}
      """#, registry: registry)
    let action = try #require(result.root?.event("onPress")?.actions.first)
    #expect(action.builtIn == .pushView)
    // Outlines show the registered spelling.
    #expect(ActionSummary.summary(of: action) == "PushView /plain")
    var renamed = replaced
    renamed.name = "custom:go"
    #expect(renamed.builtIn == nil)
  }
}
