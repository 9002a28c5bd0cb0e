extension Screen {
  /// The route of a local screen that has neither an `identifier` nor an `id`.
  static let unnamedLocalRoute = "(local screen)"

  /// The screen's name in analytics records: its URL for a remote screen (a
  /// fallback keeps its URL, as on iOS), its identifier for a local one, and `""`
  /// for a local screen without one (iOS's nil identifier).
  public var analyticsName: String {
    route == Self.unnamedLocalRoute ? "" : route
  }
}
