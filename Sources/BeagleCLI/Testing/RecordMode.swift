/// Which goldens `beagle-run test --record MODE` writes, as swift-snapshot-testing's
/// record modes. A scenario whose golden is written on a run fails on that run, so
/// a recording run is never mistaken for a passing one; under `CI=true` nothing
/// is written whatever the mode.
enum RecordMode: String, Sendable, Equatable, CaseIterable {
  /// Writes goldens that do not exist yet (the default).
  case missing
  /// Also rewrites goldens that do not match, and refreshes stale headers.
  case failed
  /// Rewrites every golden of the scenarios run.
  case all
  /// Writes nothing (what `CI=true` does).
  case never

  /// Whether a golden in this situation is written.
  func writes(isMissing: Bool, isFailed: Bool, isStale: Bool) -> Bool {
    switch self {
    case .missing: isMissing
    case .failed: isMissing || isFailed || isStale
    case .all: true
    case .never: false
    }
  }
}
