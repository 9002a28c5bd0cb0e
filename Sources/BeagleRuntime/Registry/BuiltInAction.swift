/// Every action Beagle ships, by its wire name: the one list of built-in actions.
///
/// A built-in's ``ActionDefinition`` carries its case (``ActionDefinition/builtIn``), so a
/// decoded ``ActionNode`` knows what it is once, when it is decoded, and every place that
/// treats built-ins apart (execution, summaries, the graph, coverage) is an exhaustive
/// `switch` the compiler checks. Registering a definition under a built-in's name (a
/// manifest's `beagle:pushView`) keeps the built-in's behaviour with the new fields.
public enum BuiltInAction: String, CaseIterable, Sendable {
  // Navigation (§3.3)
  case openExternalURL = "beagle:openExternalURL"
  case openNativeRoute = "beagle:openNativeRoute"
  case pushView = "beagle:pushView"
  case popView = "beagle:popView"
  case popToView = "beagle:popToView"
  case pushStack = "beagle:pushStack"
  case popStack = "beagle:popStack"
  case resetStack = "beagle:resetStack"
  case resetApplication = "beagle:resetApplication"
  // Context (§7.1)
  case setContext = "beagle:setContext"
  // Request (§7.2)
  case sendRequest = "beagle:sendRequest"
  // Alert (§7.4, §7.5)
  case alert = "beagle:alert"
  case confirm = "beagle:confirm"
  // Condition (§7.3)
  case condition = "beagle:condition"
  // Children (§7.6)
  case addChildren = "beagle:addChildren"
  // Form (§7.7, §7.8)
  case submitForm = "beagle:submitForm"
  case formValidation = "beagle:formValidation"
  case formLocalAction = "beagle:formLocalAction"
  case formRemoteAction = "beagle:formRemoteAction"

  /// The built-in named `typeName`, matched case-insensitively as Beagle does.
  public init?(typeName: String) {
    guard let found = Self.byLowercasedName[typeName.lowercased()] else { return nil }
    self = found
  }

  /// The wire name as Beagle writes it (`beagle:pushView`).
  public var name: String { rawValue }

  /// Whether the action changes the navigation stacks or leaves the app (§3.3).
  public var isNavigation: Bool {
    switch self {
    case .openExternalURL, .openNativeRoute, .pushView, .popView, .popToView, .pushStack,
      .popStack, .resetStack, .resetApplication:
      true
    case .setContext, .sendRequest, .alert, .confirm, .condition, .addChildren, .submitForm,
      .formValidation, .formLocalAction, .formRemoteAction:
      false
    }
  }

  /// Whether the action navigates to a route that can be prefetched (iOS `Navigate.newPath`).
  var opensRoute: Bool {
    switch self {
    case .pushView, .pushStack, .resetStack, .resetApplication: true
    default: false
    }
  }

  private static let byLowercasedName: [String: BuiltInAction] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })
}
