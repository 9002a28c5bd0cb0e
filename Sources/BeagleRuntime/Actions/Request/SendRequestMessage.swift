import BeagleExpressions
import BeagleHTTP
import BeagleJSON

/// What `beagle:sendRequest` and the answers to its requests report.
enum SendRequestMessage: ActionMessage {
  /// The URL is empty or cannot be built (`why`): nothing is sent and `onError` runs.
  case notSent(why: String)
  /// No mock and no HTTP client: the request waits for a `respond` step.
  case waitsForAnswer(id: Int, method: String, url: String)
  /// A request is still pending when the run ends.
  case pendingAtEnd(id: Int, method: String, url: String)
  /// Answers that arrived after the step ran too many actions.
  case answersNotDelivered(count: Int, limit: Int)
  /// The HTTP transfer failed without an answer.
  case noHTTPAnswer(id: Int, method: String, url: String, NavigationError)
  /// Android runs `onFinish` first and gives `handler` its own context shape.
  case androidOrder(handler: String)
  /// iOS's `onSuccess.statusText` is `success`, not the reason phrase `phrase`.
  case statusTextIsSuccess(phrase: String)
  /// The answer's body is not JSON: `data` is its text on web, null on iOS.
  case bodyNotJSON(id: Int, method: String, url: String, handler: String, isWeb: Bool)
  /// `method` is not one of iOS's names (`found` describes it); GET is sent.
  case invalidMethod(found: String)
  /// `headers` is not a map of strings (`problem` says where); none are sent.
  case invalidHeaders(problem: String)

  var severity: Diagnostic.Severity {
    switch self {
    case .answersNotDelivered, .noHTTPAnswer: .error
    case .notSent, .pendingAtEnd, .invalidMethod, .invalidHeaders: .warning
    case .waitsForAnswer, .bodyNotJSON, .androidOrder, .statusTextIsSuccess: .note
    }
  }

  var description: String {
    switch self {
    case .notSent(let why):
      "sendRequest: \(why), so no request is sent; onError runs with a null 'onError' "
        + "context (ios rule)"
    case .waitsForAnswer(let id, let method, let url):
      "request \(id) (\(method) \(url)) waits for its answer: no mock matches it "
        + "and no \(setting: .baseURL) is given; a 'respond' step answers it ('respond #\(id) STATUS' "
        + "names it)"
    case .pendingAtEnd(let id, let method, let url):
      "request \(id) (\(method) \(url)) is "
        + "still pending at the end of the run; answer it with a 'respond' step or a mock "
        + "(\(setting: .mocks)), or give \(setting: .baseURL)"
    case .answersNotDelivered(let count, let limit):
      "\(count) request answers were not delivered: the step ran more than "
        + "\(limit) actions"
    case .noHTTPAnswer(let id, let method, let url, let error):
      "request \(id) (\(method) \(url)) "
        + "got no HTTP answer: \(error.description); onError runs"
    case .androidOrder(let handler):
      "sendRequest runs onFinish before \(handler), whose context is {statusCode, data, "
        + "headers, statusText} (android rule; ios and web run it after, with {data, status, "
        + "statusText})"
    case .statusTextIsSuccess(let phrase):
      "onSuccess.statusText is 'success' (ios rule; web and android give the status's reason "
        + "phrase '\(phrase)')"
    case .bodyNotJSON(let id, let method, let url, let handler, let isWeb):
      "the answer to request \(id) (\(method) \(url)) is not JSON"
        + (isWeb
          ? ": \(handler).data is its text (web rule; iOS gives null)"
          : ": \(handler).data is null (ios rule; web gives the text)")
    case .invalidMethod(let found):
      "sendRequest: 'method' is \(found), not one of "
        + HTTPMethod.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        + "; iOS sends GET"
    case .invalidHeaders(let problem):
      "sendRequest: 'headers' must map header names to strings, but \(problem); iOS sends no "
        + "headers"
    }
  }
}

extension SendRequestMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notSent: "send-request-not-sent"
    case .waitsForAnswer: "send-request-waits-for-answer"
    case .pendingAtEnd: "send-request-pending-at-end"
    case .answersNotDelivered: "send-request-answers-not-delivered"
    case .noHTTPAnswer: "send-request-no-http-answer"
    case .androidOrder: "send-request-android-order"
    case .statusTextIsSuccess: "send-request-status-text-is-success"
    case .bodyNotJSON: "send-request-body-not-json"
    case .invalidMethod: "send-request-invalid-method"
    case .invalidHeaders: "send-request-invalid-headers"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "send-request-not-sent", "send-request-waits-for-answer", "send-request-pending-at-end",
    "send-request-answers-not-delivered", "send-request-no-http-answer",
    "send-request-android-order", "send-request-status-text-is-success",
    "send-request-body-not-json", "send-request-invalid-method", "send-request-invalid-headers",
  ]
}
