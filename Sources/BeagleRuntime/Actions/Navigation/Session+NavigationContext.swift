import BeagleExpressions
import BeagleJSON

extension Session {
  /// The action's `navigationContext` (`{value, path?}`, Beagle 2.x) with its value
  /// evaluated in `scope`; nil when absent or unusable (the log says why, and the
  /// navigation still happens without it).
  mutating func navigationContext(of action: ActionNode, scope: ContextScope) -> NavigationContext?
  {
    guard let raw = action.fields["navigationContext"], !raw.isNull else { return nil }
    let pointer = action.location.pointer.appending("navigationContext")
    guard let object = raw.objectValue else {
      log.append(
        Diagnostic(
          .error,
          "navigationContext must be an object with 'value' and an optional 'path'; "
            + "it is not written", pointer: pointer))
      return nil
    }
    for key in object.keys where key != "value" && key != "path" {
      log.append(
        Diagnostic(
          .warning, "unknown field '\(key)' in navigationContext; expected 'value' and 'path'",
          pointer: pointer.appending(key)))
    }
    guard let value = object["value"] else {
      log.append(
        Diagnostic(
          .error, "navigationContext needs 'value' (it may be null); it is not written",
          pointer: pointer))
      return nil
    }
    var path: ContextPath?
    if let rawPath = object["path"], !rawPath.isNull {
      guard let text = rawPath.stringValue else {
        log.append(
          Diagnostic(
            .error, "navigationContext 'path' must be a string; it is not written",
            pointer: pointer.appending("path")))
        return nil
      }
      do {
        path = try ContextPath(parsing: text)
      } catch {
        log.append(
          Diagnostic(
            .error,
            "navigationContext: invalid path '\(text)': \(error.description); it is not written",
            pointer: pointer.appending("path")))
        return nil
      }
    }
    switch PropertyEvaluator(evaluator: evaluator).evaluateDeeplyWithinLimits(value, in: scope) {
    case .success(let evaluated):
      return NavigationContext(value: evaluated, path: path)
    case .failure(let error):
      log.append(
        Diagnostic(
          .error, "navigationContext: \(error.refusal); it is not written",
          pointer: pointer.appending("value")))
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
