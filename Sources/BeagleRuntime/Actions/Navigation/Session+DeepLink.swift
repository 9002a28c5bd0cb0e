import BeagleExpressions
import BeagleJSON

extension Session {
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
    let fields = PropertyEvaluator(evaluator: evaluator)
    let route =
      action.fields["route"].flatMap {
        fields.evaluate($0, as: action.definition?.field("route"), in: scope)?.stringValue
      } ?? ""
    let shouldResetApplication = action.fields["shouldResetApplication"]?.boolValue ?? false
    guard let handler = deepLinkHandler else {
      log.append(
        Diagnostic(
          .error,
          "openNativeRoute does nothing: \(NavigationError.noNativeRoutes(route: route))",
          pointer: pointer.appending("route")))
      return
    }
    let match: DeepLinkHandler.Match
    switch handler.resolve(route) {
    case .success(let found): match = found
    case .failure(let error):
      log.append(
        Diagnostic(
          .error, "openNativeRoute does nothing: \(error.description)",
          pointer: pointer.appending("route")))
      return
    }
    let fetched: FetchedScreen
    switch handler.load(match) {
    case .success(let file): fetched = file
    case .failure(let error):
      log.append(
        Diagnostic(
          .error,
          "openNativeRoute '\(route)' → '\(match.route.screen)': \(error.description); "
            + "nothing happens", pointer: pointer.appending("route")))
      return
    }
    var screen: Screen
    switch decodeScreen(fetched, route: route) {
    case .success(let decoded): screen = decoded
    case .failure(let failure):
      log.append(
        Diagnostic(
          .error, "openNativeRoute '\(route)': \(failure.message); nothing happens",
          pointer: pointer.appending("route")))
      return
    }
    let data = nativeData(of: action, parameters: match.parameters)
    if !data.isEmpty {
      screen.navigationContext = .object(data)
      if !navigationMemory.hasExplainedNativeData {
        navigationMemory.hasExplainedNativeData = true
        log.append(
          Diagnostic(
            .note,
            "openNativeRoute: the native screen receives the route's parameters and 'data' as "
              + "its navigationContext (@{navigationContext.NAME}); 'data' wins over a "
              + "parameter of the same name", pointer: pointer))
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
      log.append(
        Diagnostic(
          .error,
          "openNativeRoute 'data' must be an object of strings (iOS does not decode the payload "
            + "otherwise); it is ignored", pointer: pointer))
      return merged
    }
    for (key, value) in data.members {
      var text: String
      if let string = value.stringValue {
        text = string
      } else {
        text = JSONPrinter().print(value)
        log.append(
          Diagnostic(
            .error,
            "openNativeRoute 'data.\(key)' must be a string (iOS does not decode the payload "
              + "otherwise); it is passed as its JSON text '\(text)'",
            pointer: pointer.appending(key))
        )
      }
      if let parameter = parameters[key]?.stringValue, parameter != text {
        log.append(
          Diagnostic(
            .note,
            "openNativeRoute: data '\(key)' ('\(text)') wins over the route's parameter "
              + "':\(key)' ('\(parameter)')", pointer: pointer.appending(key)))
      }
      merged[key] = .string(text)
    }
    return merged
  }
}
