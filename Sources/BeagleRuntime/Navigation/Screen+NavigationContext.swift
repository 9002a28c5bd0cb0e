import BeagleExpressions
import BeagleJSON

extension Screen {
  /// The id of the context a navigation writes into its destination screen (docs/spec.md §3.3).
  public static let navigationContextId = "navigationContext"

  /// The scope every component of the screen starts from: `global`, then the
  /// screen's `navigationContext` when a navigation wrote one.
  ///
  /// The navigation context is the screen's outermost context (web's hierarchy puts
  /// the view's contexts right after `global`), so a component that declares a
  /// context with the same id shadows it.
  public func baseScope(global: JSONValue) -> ContextScope {
    var scope = ContextScope(global: global)
    if let navigationContext {
      scope = scope.pushing(id: Self.navigationContextId, value: navigationContext)
    }
    return scope
  }

  /// The screen's `navigationContext` as the state's `contexts` list shows it:
  /// outermost, with no declaring component (`at` is null); nothing when it was
  /// never written.
  public var navigationContextEntries: [ContextEntry] {
    guard let navigationContext else { return [] }
    return [ContextEntry(id: Self.navigationContextId, value: navigationContext, declaredAt: nil)]
  }
}
