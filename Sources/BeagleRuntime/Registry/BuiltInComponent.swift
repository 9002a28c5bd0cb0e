/// Every component Beagle ships (docs/spec.md §2), by its wire name: the one list of built-in
/// components.
///
/// A built-in's ``ComponentDefinition`` carries its case (``ComponentDefinition/builtIn``),
/// so a decoded ``ComponentNode`` knows what it is once, when it is decoded, and the places
/// that treat built-ins apart `switch` over it. Registering a definition under a built-in's
/// name keeps the built-in's behaviour with the new fields.
public enum BuiltInComponent: String, CaseIterable, Sendable {
  case screenComponent = "beagle:screenComponent"
  case container = "beagle:container"
  case text = "beagle:text"
  case button = "beagle:button"
  case touchable = "beagle:touchable"
  case image = "beagle:image"
  case textInput = "beagle:textInput"
  case listView = "beagle:listView"
  case gridView = "beagle:gridView"
  case scrollView = "beagle:scrollView"
  case pageView = "beagle:pageView"
  case pageIndicator = "beagle:pageIndicator"
  case tabBar = "beagle:tabBar"
  case tabView = "beagle:tabView"
  case tabItem = "beagle:tabItem"
  case pullToRefresh = "beagle:pullToRefresh"
  case lazyComponent = "beagle:lazyComponent"
  case webView = "beagle:webView"
  case simpleForm = "beagle:simpleForm"
  case form = "beagle:form"
  case formInput = "beagle:formInput"
  case formSubmit = "beagle:formSubmit"

  /// The built-in named `typeName`, matched case-insensitively as Beagle does.
  public init?(typeName: String) {
    guard let found = Self.byLowercasedName[typeName.lowercased()] else { return nil }
    self = found
  }

  /// The wire name as Beagle writes it (`beagle:listView`).
  public var name: String { rawValue }

  /// Whether the component is a list or grid view, stamped from `dataSource` and templates.
  public var isList: Bool { self == .listView || self == .gridView }

  private static let byLowercasedName: [String: BuiltInComponent] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })
}
