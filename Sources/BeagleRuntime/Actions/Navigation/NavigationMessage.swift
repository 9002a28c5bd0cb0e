import BeagleExpressions
import BeagleJSON

/// What the navigation actions report: destinations, navigation contexts, deep links
/// and prefetching.
enum NavigationMessage: ActionMessage {
  /// The executor was handed an action that does not navigate.
  case notANavigationAction(type: String)
  /// The route does not parse.
  case invalidRoute(NavigationError)
  /// The remote screen could not be had (`reason`); its fallback is shown.
  case showingFallback(reason: String)
  /// The remote screen could not be had (`reason`) and there is no fallback.
  case destinationUnavailable(reason: String)
  /// `navigationContext` is not an object.
  case navigationContextNotAnObject
  /// `navigationContext` has a key other than `value` and `path`.
  case navigationContextUnknownField(String)
  /// `navigationContext` has no `value`.
  case navigationContextWithoutValue
  /// `navigationContext.path` is not a string.
  case navigationContextPathNotAString
  /// `navigationContext.path` does not parse.
  case navigationContextInvalidPath(String, ExpressionError)
  /// `navigationContext.value` could not be evaluated within the value limits.
  case navigationContextRefused(ExpressionError)
  /// `navigationContext.value` holds a number that is not finite (``NonFiniteNumber``).
  case navigationContextNonFinite(text: String, at: JSONPointer, profile: NavigationProfile)
  /// Writing the navigation context would exceed a value limit.
  case navigationContextTooLarge(ValueLimitViolation)
  /// `openNativeRoute` found no deep-link handler, or the route in none of its routes.
  case nativeRouteNotFound(NavigationError)
  /// `openNativeRoute`'s screen file could not be read.
  case nativeScreenUnreadable(route: String, screen: String, NavigationError)
  /// `openNativeRoute`'s screen file is no screen (`reason`).
  case nativeScreenInvalid(route: String, reason: String)
  /// How a native screen receives its parameters and data (said once per run).
  case nativeDataExplained
  /// `openNativeRoute`'s `data` is not an object.
  case nativeDataNotAnObject
  /// A value of `openNativeRoute`'s `data` is not a string; its JSON `text` is passed.
  case nativeDataNotAString(key: String, text: String)
  /// A `data` value replaces the route parameter of the same name.
  case nativeDataOverridesParameter(key: String, text: String, parameter: String)
  /// A prefetch URL holds an expression.
  case prefetchExpression(url: String)
  /// A prefetch without a BFF to fetch from.
  case prefetchWithoutBFF(url: String)
  /// A prefetch failed.
  case prefetchFailed(url: String, NavigationError)

  var severity: Diagnostic.Severity {
    switch self {
    case .notANavigationAction, .invalidRoute, .destinationUnavailable,
      .navigationContextNotAnObject, .navigationContextWithoutValue,
      .navigationContextPathNotAString, .navigationContextInvalidPath, .navigationContextRefused,
      .navigationContextTooLarge, .nativeRouteNotFound, .nativeScreenUnreadable,
      .nativeScreenInvalid, .nativeDataNotAnObject, .nativeDataNotAString:
      .error
    case .navigationContextUnknownField, .navigationContextNonFinite:
      .warning
    case .showingFallback, .nativeDataExplained, .nativeDataOverridesParameter,
      .prefetchExpression, .prefetchWithoutBFF, .prefetchFailed:
      .note
    }
  }

  var description: String {
    switch self {
    case .notANavigationAction(let type):
      "'\(type)' is not a navigation action; nothing happens"
    case .invalidRoute(let error):
      "\(error.description); no navigation happens"
    case .showingFallback(let reason):
      "\(reason); showing the route's fallback screen"
    case .destinationUnavailable(let reason):
      "\(reason); no navigation happens (iOS shows an error on the current screen)"
    case .navigationContextNotAnObject:
      "navigationContext must be an object with 'value' and an optional 'path'; "
        + "it is not written"
    case .navigationContextUnknownField(let key):
      "unknown field '\(key)' in navigationContext; expected 'value' and 'path'"
    case .navigationContextWithoutValue:
      "navigationContext needs 'value' (it may be null); it is not written"
    case .navigationContextPathNotAString:
      "navigationContext 'path' must be a string; it is not written"
    case .navigationContextInvalidPath(let text, let error):
      "navigationContext: invalid path '\(text)': \(error.description); it is not written"
    case .navigationContextRefused(let error):
      "navigationContext: \(error.refusal); it is not written"
    case .navigationContextNonFinite(let text, let at, let profile):
      "navigationContext: the value holds '\(text)' \(profile.ruleName)"
        + (at.isRoot ? "" : " at \(at)")
        + ", a number that is not finite; JSON has no such number, so the state shows null"
        + " there, and a text shows '\(text)'"
    case .navigationContextTooLarge(let violation):
      "navigationContext would be \(violation) (\(setting: violation.setting)); it is not written"
    case .nativeRouteNotFound(let error):
      "openNativeRoute does nothing: \(error.description)"
    case .nativeScreenUnreadable(let route, let screen, let error):
      "openNativeRoute '\(route)' → '\(screen)': \(error.description); nothing happens"
    case .nativeScreenInvalid(let route, let reason):
      "openNativeRoute '\(route)': \(reason); nothing happens"
    case .nativeDataExplained:
      "openNativeRoute: the native screen receives the route's parameters and 'data' as "
        + "its navigationContext (@{navigationContext.NAME}); 'data' wins over a "
        + "parameter of the same name"
    case .nativeDataNotAnObject:
      "openNativeRoute 'data' must be an object of strings (iOS does not decode the payload "
        + "otherwise); it is ignored"
    case .nativeDataNotAString(let key, let text):
      "openNativeRoute 'data.\(key)' must be a string (iOS does not decode the payload "
        + "otherwise); it is passed as its JSON text '\(text)'"
    case .nativeDataOverridesParameter(let key, let text, let parameter):
      "openNativeRoute: data '\(key)' ('\(text)') wins over the route's parameter "
        + "':\(key)' ('\(parameter)')"
    case .prefetchExpression(let url):
      "shouldPrefetch: '\(url)' holds an expression, so it is not prefetched "
        + "(iOS prefetches literal URLs only)"
    case .prefetchWithoutBFF(let url):
      "shouldPrefetch: '\(url)' is not prefetched: no BFF (give \(setting: .bffFolder) or "
        + "\(setting: .baseURL))"
    case .prefetchFailed(let url, let error):
      "shouldPrefetch: '\(url)' could not be prefetched (\(error.description)); "
        + "a navigation to it fetches it again"
    }
  }
}

extension NavigationMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notANavigationAction: "navigation-not-a-navigation-action"
    case .invalidRoute: "navigation-invalid-route"
    case .showingFallback: "navigation-showing-fallback"
    case .destinationUnavailable: "navigation-destination-unavailable"
    case .navigationContextNotAnObject: "navigation-context-not-an-object"
    case .navigationContextUnknownField: "navigation-context-unknown-field"
    case .navigationContextWithoutValue: "navigation-context-without-value"
    case .navigationContextPathNotAString: "navigation-context-path-not-a-string"
    case .navigationContextInvalidPath: "navigation-context-invalid-path"
    case .navigationContextRefused: "navigation-context-refused"
    case .navigationContextNonFinite: NonFiniteNumber.rule
    case .navigationContextTooLarge: "navigation-context-too-large"
    case .nativeRouteNotFound: "navigation-native-route-not-found"
    case .nativeScreenUnreadable: "navigation-native-screen-unreadable"
    case .nativeScreenInvalid: "navigation-native-screen-invalid"
    case .nativeDataExplained: "navigation-native-data-explained"
    case .nativeDataNotAnObject: "navigation-native-data-not-an-object"
    case .nativeDataNotAString: "navigation-native-data-not-a-string"
    case .nativeDataOverridesParameter: "navigation-native-data-overrides-parameter"
    case .prefetchExpression: "navigation-prefetch-expression"
    case .prefetchWithoutBFF: "navigation-prefetch-without-bff"
    case .prefetchFailed: "navigation-prefetch-failed"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "navigation-not-a-navigation-action", "navigation-invalid-route",
    "navigation-showing-fallback", "navigation-destination-unavailable",
    "navigation-context-not-an-object", "navigation-context-unknown-field",
    "navigation-context-without-value", "navigation-context-path-not-a-string",
    "navigation-context-invalid-path", "navigation-context-refused",
    "navigation-context-too-large", "navigation-native-route-not-found",
    "navigation-native-screen-unreadable", "navigation-native-screen-invalid",
    "navigation-native-data-explained", "navigation-native-data-not-an-object",
    "navigation-native-data-not-a-string", "navigation-native-data-overrides-parameter",
    "navigation-prefetch-expression", "navigation-prefetch-without-bff",
    "navigation-prefetch-failed", NonFiniteNumber.rule,
  ]
}
