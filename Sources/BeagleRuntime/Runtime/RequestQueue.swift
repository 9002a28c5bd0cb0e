import BeagleHTTP

/// The `sendRequest`s of a session that have not run their callbacks yet.
///
/// Answers from mocks and HTTP arrive during the step that sent the request; they
/// wait in ``arriving`` until the step's actions are done (an action list does not
/// wait for a request, docs/spec.md §3.1), then run in order of arrival in the step's virtual
/// time (``clock``, milliseconds from the step's start; a mock's `delay` adds to
/// it) and, at equal times, in the order the requests were sent. Requests nothing
/// answered stay in ``waiting`` until a `respond` step answers the oldest.
struct RequestQueue: Sendable {
  /// An answer waiting for the end of the step.
  struct Arrival: Sendable {
    /// Milliseconds from the start of the step.
    var time: Int
    var request: PendingRequest
    /// The answer; nil while an HTTP exchange is under way (``transfer``).
    var answer: RequestAnswer?
    /// The HTTP exchange answering the request, started when it was sent and
    /// waited for when its callbacks are due, so the requests of a step run at once.
    var transfer: RequestTransfer?
  }

  private(set) var lastId = 0
  /// The step's virtual time: when the callbacks being run arrived.
  var clock = 0
  var arriving: [Arrival] = []
  /// Sent, unanswered, oldest first.
  var waiting: [PendingRequest] = []
  /// Whether the step being finished is the run's last (pending requests then warn).
  var isEnding = false

  /// The number of the next request.
  mutating func nextId() -> Int {
    lastId += 1
    return lastId
  }

  /// Takes the first answer to deliver: the earliest arrival, then the oldest request.
  mutating func popArrival() -> Arrival? {
    guard
      let index = arriving.indices.min(by: { lhs, rhs in
        let left = arriving[lhs]
        let right = arriving[rhs]
        return (left.time, left.request.id) < (right.time, right.request.id)
      })
    else { return nil }
    return arriving.remove(at: index)
  }
}
