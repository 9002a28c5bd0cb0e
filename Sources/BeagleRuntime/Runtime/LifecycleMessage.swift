/// What settling a screen (its `onInit`, `onScrollEnd` and lazy components) reports.
enum LifecycleMessage: DiagnosticMessage {
  /// New `onInit` or lazy components kept appearing for `rounds` rounds.
  case settleRoundsExceeded(rounds: Int)
  /// A lazy component's fetch failed with `reason`.
  case lazyFetchFailed(reason: String)
  /// The lazy component left the screen before its answer arrived.
  case lazyNoLongerOnScreen

  var severity: Diagnostic.Severity { .error }

  var description: String {
    switch self {
    case .settleRoundsExceeded(let rounds):
      "components kept appearing with new onInit or lazy components after "
        + "\(rounds) rounds; stopped (an onInit that adds components with an onInit?)"
    case .lazyFetchFailed(let reason):
      "lazy component: \(reason); its initial state stays (iOS shows an error)"
    case .lazyNoLongerOnScreen:
      "lazy component: it is no longer on the screen"
    }
  }
}

extension LifecycleMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .settleRoundsExceeded: "lifecycle-settle-rounds-exceeded"
    case .lazyFetchFailed: "lifecycle-lazy-fetch-failed"
    case .lazyNoLongerOnScreen: "lifecycle-lazy-no-longer-on-screen"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "lifecycle-settle-rounds-exceeded",
    "lifecycle-lazy-fetch-failed", "lifecycle-lazy-no-longer-on-screen",
  ]
}
