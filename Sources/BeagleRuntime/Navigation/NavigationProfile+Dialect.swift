import BeagleExpressions

extension NavigationProfile {
  /// Whose operations, number text and expression grammar a session under this profile
  /// follows (docs/spec.md §5.3, §6.1, §10.11, §10.14).
  public var dialect: OperationLibrary.Dialect {
    switch self {
    case .ios: .ios
    case .android: .android
    case .web: .web
    }
  }
}
