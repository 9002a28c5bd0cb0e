/// Every action Beagle ships (docs/spec.md §3), by its wire name: the one list of built-in
/// actions.
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

  /// The families of built-in actions: each has one file under `Actions/` holding its
  /// definitions, its execution and its summary.
  public enum Family: Sendable {
    /// `Actions/Navigation/NavigationActions.swift`.
    case navigation
    /// `Actions/Context/SetContextAction.swift`.
    case context
    /// `Actions/Request/SendRequestAction.swift`.
    case request
    /// `Actions/Alert/AlertActions.swift`.
    case alert
    /// `Actions/Condition/ConditionAction.swift`.
    case condition
    /// `Actions/Children/AddChildrenAction.swift`.
    case children
    /// `Actions/Form/FormActions.swift`.
    case form
  }

  /// The family whose file defines, runs and summarizes the action.
  public var family: Family {
    switch self {
    case .openExternalURL, .openNativeRoute, .pushView, .popView, .popToView, .pushStack,
      .popStack, .resetStack, .resetApplication:
      .navigation
    case .setContext: .context
    case .sendRequest: .request
    case .alert, .confirm: .alert
    case .condition: .condition
    case .addChildren: .children
    case .submitForm, .formValidation, .formLocalAction, .formRemoteAction: .form
    }
  }

  /// Whether the action changes the navigation stacks or leaves the app (§3.3).
  public var isNavigation: Bool { family == .navigation }

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
