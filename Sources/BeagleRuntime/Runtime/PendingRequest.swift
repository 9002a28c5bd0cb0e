import BeagleJSON

/// A `sendRequest` that was sent: the request, and what its answer will run —
/// the action (for `onSuccess`, `onError`, `onFinish`) with the origin, implicit
/// context and nesting depth it ran with.
struct PendingRequest: Sendable {
  /// The request's number in the run, from 1.
  var id: Int
  var request: ScreenRequest
  /// The URL as the action gave it, before the URL builder (a `respond` step may name it).
  var writtenURL: String
  var action: ActionNode
  /// The component (and screen) that ran the action: callbacks run in its scope.
  var origin: Origin
  /// The enclosing events' implicit contexts, outermost first: the callbacks see them
  /// (under their own), as nested actions do.
  var implicits: [ImplicitContext]
  var depth: Int

  /// The record of this request with `answer` (nil: still pending).
  func record(_ answer: RequestAnswer?) -> RequestRecord {
    RequestRecord(
      kind: .request, id: id, method: request.method, url: request.url,
      status: answer?.status, origin: answer?.origin ?? .pending, error: answer?.error)
  }
}
