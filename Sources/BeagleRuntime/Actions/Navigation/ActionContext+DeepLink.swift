import BeagleExpressions
import BeagleJSON

extension ActionContext {
  /// openNativeRoute through the deep-link handler (docs/spec.md §3.5): the evaluated `route` is
  /// matched against the manifest's `nativeRoutes`, the matching screen file is
  /// read from the manifest's folder and pushed, or with `shouldResetApplication`
  /// made the only screen. An unregistered route, or no `nativeRoutes`, is an error
  /// and the stacks stay as they are (iOS's DeeplinkScreenManager throws, the
  /// navigator logs "deep link screen not found").
  ///
  /// The route's path parameters and the action's `data` (a string map, not
  /// evaluated, as on iOS) reach the screen as its `navigationContext`
  /// (`@{navigationContext.id}`); a `data` key wins over a path parameter of the
  /// same name.
  mutating func openNativeRoute(_ action: ActionNode, scope: ContextScope, origin: Origin) {
    let pointer = action.location.pointer
    let route = evaluatedField("route", of: action, in: scope)?.stringValue ?? ""
    let shouldResetApplication = action.fields["shouldResetApplication"]?.boolValue ?? false
    guard let handler = deepLinkHandler else {
      report(
        NavigationMessage.nativeRouteNotFound(.noNativeRoutes(route: route)),
        at: pointer.appending("route"))
      return
    }
    let match: DeepLinkHandler.Match
    switch handler.resolve(route) {
    case .success(let found): match = found
    case .failure(let error):
      report(NavigationMessage.nativeRouteNotFound(error), at: pointer.appending("route"))
      return
    }
    let fetched: FetchedScreen
    switch handler.load(match) {
    case .success(let file): fetched = file
    case .failure(let error):
      report(
        NavigationMessage.nativeScreenUnreadable(route: route, screen: match.route.screen, error),
        at: pointer.appending("route"))
      return
    }
    var screen: Screen
    switch decodeScreen(fetched, route: route) {
    case .success(let decoded): screen = decoded
    case .failure(let failure):
      report(
        NavigationMessage.nativeScreenInvalid(route: route, reason: failure.message),
        at: pointer.appending("route"))
      return
    }
    let data = nativeData(of: action, parameters: match.parameters)
    if !data.isEmpty {
      screen.navigationContext = .object(data)
      if !navigationMemory.hasExplainedNativeData {
        navigationMemory.hasExplainedNativeData = true
        report(NavigationMessage.nativeDataExplained, at: pointer)
      }
    }
    navigate(
      { $0.openNativeRoute(screen, shouldResetApplication: shouldResetApplication) },
      origin: pointer)
  }

  /// The path parameters, then the action's `data`, which wins on equal keys.
  private mutating func nativeData(of action: ActionNode, parameters: JSONObject) -> JSONObject {
    var merged = parameters
    guard let raw = action.fields["data"], !raw.isNull else { return merged }
    let pointer = action.location.pointer.appending("data")
    guard let data = raw.objectValue else {
      report(NavigationMessage.nativeDataNotAnObject, at: pointer)
      return merged
    }
    for (key, value) in data.members {
      var text: String
      if let string = value.stringValue {
        text = string
      } else {
        text = JSONPrinter().print(value)
        report(
          NavigationMessage.nativeDataNotAString(key: key, text: text), at: pointer.appending(key))
      }
      if let parameter = parameters[key]?.stringValue, parameter != text {
        report(
          NavigationMessage.nativeDataOverridesParameter(
            key: key, text: text, parameter: parameter),
          at: pointer.appending(key))
      }
      merged[key] = .string(text)
    }
    return merged
  }
}
