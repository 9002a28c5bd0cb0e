#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time, which a busy machine inflates much less than wall time: a process
/// that waits for a core is not charged for the wait.
enum CPUTime {
  /// The CPU time the calling thread has used so far (`CLOCK_THREAD_CPUTIME_ID`).
  static func ofThisThread() -> Duration {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
  }
}
