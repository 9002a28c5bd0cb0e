/// What navigation remembers across the steps of a session.
struct NavigationMemory: Sendable {
  /// The highest serial of a screen whose routes were prefetched: a screen is
  /// rendered (and prefetches) once, when it first appears (iOS).
  var lastPreparedSerial = 0
  /// Whether the log already said how a native screen receives its data.
  var hasExplainedNativeData = false
}
