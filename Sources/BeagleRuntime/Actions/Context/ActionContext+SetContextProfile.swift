import BeagleExpressions
import BeagleJSON

extension ActionContext {
  /// The context a `setContext` writes: its `contextId`; without one, iOS and
  /// Android find none (the decoder reports the missing field, nothing happens),
  /// while web writes the nearest context of the origin: its own or an ancestor's,
  /// else `navigationContext`, else `global` (web-core's `Context.find` takes the
  /// top of the hierarchy).
  mutating func setContextTarget(
    _ contextId: String?, origin: Origin, at pointer: JSONPointer
  ) -> String {
    if let contextId { return contextId }
    guard navigator.profile == .web else { return "" }
    var nearest = ContextScope.globalId
    if let screen = navigator.screen(serial: origin.screen) {
      if screen.navigationContext != nil { nearest = Screen.navigationContextId }
      if let declaration = resolver.resolve(origin.path, in: screen, global: global).declarations
        .last
      {
        nearest = declaration.id
      }
    }
    report(SetContextMessage.nearestContextOnWeb(nearest), at: pointer)
    return nearest
  }

  /// The `path` a `setContext` writes at. Android strips a first segment that
  /// repeats the context id (`user.name` in context `user` is `name`); iOS and web
  /// take the path as relative to the context's value. Web takes an empty path as
  /// none (`if (!path)` in `web:action/set-context.ts`): the whole value is replaced.
  mutating func setContextPath(
    _ path: String?, _ contextId: String, at pointer: JSONPointer
  ) -> String? {
    if path == "", navigator.profile == .web { return nil }
    guard let path, navigator.profile == .android, !contextId.isEmpty, path.hasPrefix(contextId)
    else { return path }
    let rest = path.dropFirst(contextId.count)
    guard rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[") else { return path }
    let stripped = rest.hasPrefix(".") ? String(rest.dropFirst()) : String(rest)
    report(
      SetContextMessage.contextIdStrippedOnAndroid(
        path: path, stripped: stripped, contextId: contextId), at: pointer.appending("path"))
    return stripped.isEmpty ? nil : stripped
  }
}
