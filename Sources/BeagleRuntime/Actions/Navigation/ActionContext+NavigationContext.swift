import BeagleExpressions
import BeagleJSON

extension ActionContext {
  /// The action's `navigationContext` (`{value, path?}`, Beagle 2.x) with its value
  /// evaluated in `scope`; nil when absent or unusable (the log says why, and the
  /// navigation still happens without it).
  mutating func navigationContext(of action: ActionNode, scope: ContextScope) -> NavigationContext?
  {
    guard let raw = action.fields["navigationContext"], !raw.isNull else { return nil }
    let pointer = action.location.pointer.appending("navigationContext")
    guard let object = raw.objectValue else {
      report(NavigationMessage.navigationContextNotAnObject, at: pointer)
      return nil
    }
    for key in object.keys where key != "value" && key != "path" {
      report(NavigationMessage.navigationContextUnknownField(key), at: pointer.appending(key))
    }
    guard let value = object["value"] else {
      report(NavigationMessage.navigationContextWithoutValue, at: pointer)
      return nil
    }
    var path: ContextPath?
    // web-core's local context `set(value, path)` tests `!path`: an empty path is no
    // path and replaces the whole value (docs/spec.md §3.3).
    let isNoPathOnWeb = navigator.profile == .web && object["path"] == .string("")
    if let rawPath = object["path"], !rawPath.isNull, !isNoPathOnWeb {
      guard let text = rawPath.stringValue else {
        report(NavigationMessage.navigationContextPathNotAString, at: pointer.appending("path"))
        return nil
      }
      do {
        path = try ContextPath(parsing: text)
      } catch {
        report(
          NavigationMessage.navigationContextInvalidPath(text, error), at: pointer.appending("path")
        )
        return nil
      }
    }
    switch PropertyEvaluator(evaluator: evaluator).evaluateDeeplyWithinLimits(value, in: scope) {
    case .success(let evaluated):
      if let (number, at) = NonFiniteNumber.first(in: evaluated) {
        report(
          NavigationMessage.navigationContextNonFinite(
            text: NonFiniteNumber.text(of: number, dialect: evaluator.library.dialect) ?? "nan",
            at: at, profile: navigator.profile),
          at: pointer.appending("value"))
      }
      return NavigationContext(value: evaluated, path: path)
    case .failure(let error):
      report(NavigationMessage.navigationContextRefused(error), at: pointer.appending("value"))
      return nil
    }
  }

  /// setContext, where `navigationContext` names the origin screen's navigation
  /// context unless a component in scope declares a context with that id (web
  /// does the same; a declared context shadows it).
  mutating func writeContext(
    _ contextId: String, path: ContextPath?, value: JSONValue, origin: Origin
  ) -> Diagnostic? {
    guard contextId == Screen.navigationContextId,
      let screen = navigator.screen(serial: origin.screen),
      !resolver.resolve(origin.path, in: screen, global: global).declarations.contains(where: {
        $0.id == contextId
      })
    else { return setContext(contextId, path: path, value: value, origin: origin) }
    let written = NavigationContext(value: value, path: path).applied(to: screen.navigationContext)
    if let error = overLimit(contextId, written, origin: origin) { return error }
    navigator.updateScreen(serial: origin.screen) { screen in
      screen.navigationContext = written
    }
    return nil
  }
}
