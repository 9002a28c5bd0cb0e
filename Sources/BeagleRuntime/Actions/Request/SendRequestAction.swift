import BeagleExpressions
import BeagleHTTP
import BeagleJSON

/// `beagle:sendRequest` (docs/spec.md §7.2): an HTTP request whose answer runs `onSuccess` or
/// `onError`, then `onFinish`.
enum SendRequestAction {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .sendRequest,
      fields: [
        FieldSpec("url", .string, isRequired: true, acceptsExpression: true),
        FieldSpec("method", .enumeration(BuiltIns.httpMethods), acceptsExpression: true),
        FieldSpec("headers", .object, acceptsExpression: true),
        FieldSpec("data", .any, acceptsExpression: true),
        FieldSpec("onSuccess", .actions), FieldSpec("onError", .actions),
        FieldSpec("onFinish", .actions), BuiltIns.analytics,
      ])
  ]

  /// `sendRequest POST /login`.
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    let fields = action.fields
    output.append(UInt8(ascii: " "))
    ActionSummary.appendString(fields.member(named: "method"), or: "GET", to: &output)
    output.append(UInt8(ascii: " "))
    ActionSummary.appendText(fields.member(named: "url"), to: &output)
  }
}

extension SendRequestAction {
  // MARK: - sendRequest (docs/spec.md §7.2)

  /// Sends a `beagle:sendRequest` and schedules its callbacks.
  ///
  /// Evaluates `url` (built by the ``URLBuilder``), `method` (GET unless given),
  /// `headers` (a map of strings, or one expression giving one) and `data` (deeply;
  /// the JSON body). The first mock that matches answers; else ``Session/requestClient``
  /// sends it over HTTP; else the request stays pending until a `respond` step.
  /// Answers of mocks and HTTP run their callbacks at the end of the step, after
  /// the actions that follow the `sendRequest` (docs/spec.md §3.1); see ``RequestQueue``.
  static func execute(_ call: ActionCall, in context: inout ActionContext) {
    let action = call.action
    let origin = call.origin
    let implicits = call.implicits
    let depth = call.depth
    let scope = call.scope
    let pointer = call.pointer
    let fields = PropertyEvaluator(evaluator: context.evaluator)
    let url = context.evaluatedField("url", of: action, in: scope)?.stringValue ?? ""
    let method = context.requestMethod(of: action, scope: scope)
    let headers = context.requestHeaders(of: action, scope: scope)
    let data = action.fields["data"].map { fields.evaluateDeeply($0, in: scope) }
    let body = data?.isNull == false ? data : nil
    let id = context.requestQueue.nextId()

    let building = context.urlBuilder.url(for: url)
    // The URL as written, for mocks: the built one when no base URL joins it.
    let written =
      context.urlBuilder.baseURL == nil
      ? try? building.get() : URLBuilder().build(path: url)
    guard case .success(let built) = building, let written else {
      var failure = NavigationError.emptyURL
      if case .failure(let error) = building { failure = error }
      let request = PendingRequest(
        id: id, request: ScreenRequest(url: url, method: method, headers: headers, body: body),
        writtenURL: url, action: action, origin: origin, implicits: implicits, depth: depth)
      let why = failure == .emptyURL ? "the url is empty" : failure.description
      context.report(SendRequestMessage.notSent(why: why), at: pointer.appending("url"))
      context.arrive(request, RequestAnswer(failure: failure, origin: .unsent), after: 0)
      return
    }
    let request = PendingRequest(
      id: id, request: ScreenRequest(url: built, method: method, headers: headers, body: body),
      writtenURL: url, action: action, origin: origin, implicits: implicits, depth: depth)
    if let mock = context.mocks.mock(for: method, written: written, built: built) {
      let answer = RequestAnswer(
        status: mock.status, body: mock.answerBody, url: built, origin: .mock,
        headers: mock.headers)
      context.arrive(request, answer, after: mock.delay)
    } else if let client = context.requestClient {
      // Sent now, waited for when the step's answers are delivered: the requests of
      // one step are in flight together.
      context.record(request.record(nil))
      context.requestQueue.arriving.append(
        RequestQueue.Arrival(
          time: context.requestQueue.clock, request: request, answer: nil,
          transfer: client.start(request.request)))
    } else {
      context.requestQueue.waiting.append(request)
      context.record(request.record(nil))
      context.report(
        SendRequestMessage.waitsForAnswer(id: id, method: method.rawValue, url: built), at: pointer)
    }
  }
}

extension Session {
  /// Answers a pending request (a `respond` step): the oldest, or the one
  /// `selector` names. Its callbacks run now, in the scope of the screen that sent it.
  public mutating func respond(
    status: Int, body: JSONValue?, to selector: RequestSelector = .oldest
  ) -> StepOutcome {
    guard !context.requestQueue.waiting.isEmpty else {
      if selector != .oldest { return .failed("\(selector) is not pending; no request is pending") }
      return .failed(
        "no request is pending; 'respond' answers the oldest request that no mock and no "
          + "\(setting: .baseURL) answered")
    }
    let index: Int?
    switch selector {
    case .oldest: index = context.requestQueue.waiting.indices.first
    case .id(let id): index = context.requestQueue.waiting.firstIndex { $0.id == id }
    case .route(let method, let url):
      index = context.requestQueue.waiting.firstIndex {
        $0.request.method == method && ($0.request.url == url || $0.writtenURL == url)
      }
    }
    guard let index else {
      let list = context.requestQueue.waiting.map {
        "#\($0.id) \($0.request.method.rawValue) \($0.request.url)"
      }
      return .failed(
        "\(selector) is not pending; pending requests: " + list.joined(separator: ", "))
    }
    let request = context.requestQueue.waiting.remove(at: index)
    let answer = RequestAnswer(
      status: status, body: body.map(RequestAnswer.Body.json) ?? .none, url: request.request.url,
      origin: .respond)
    context.record(request.record(answer))
    deliver(answer, to: request)
    return .done
  }

  /// The requests still waiting for a `respond` step, oldest first.
  public var pendingRequests: [RequestRecord] {
    context.requestQueue.waiting.map { $0.record(nil) }
  }

  /// Says that the next state is the run's last: its log then warns about each
  /// request still pending (after the step's answers ran).
  public mutating func endRun() { context.requestQueue.isEnding = true }

  /// Adds a warning to the log for each request still pending.
  mutating func reportPendingRequests() {
    for request in context.requestQueue.waiting {
      report(
        SendRequestMessage.pendingAtEnd(
          id: request.id, method: request.request.method.rawValue, url: request.request.url),
        at: request.action.location)
    }
  }

  /// Runs the callbacks of the answers that arrived during the step, in order of
  /// arrival; callbacks may send more requests, answered in the same step. Called
  /// when a step's actions are done.
  mutating func deliverAnswers() {
    while let arrival = context.requestQueue.popArrival() {
      guard context.stepRecord.actionCount < Self.maximumActionsPerStep else {
        let count = context.requestQueue.arriving.count + 1
        context.requestQueue.arriving = []
        report(
          SendRequestMessage.answersNotDelivered(count: count, limit: Self.maximumActionsPerStep),
          at: arrival.request.action.location)
        break
      }
      context.requestQueue.clock = arrival.time
      let answer = arrival.answer ?? httpAnswer(of: arrival)
      deliver(answer, to: arrival.request)
    }
    context.requestQueue.clock = 0
  }

  /// Waits for the HTTP answer of `arrival` and puts it in the request's record.
  private mutating func httpAnswer(of arrival: RequestQueue.Arrival) -> RequestAnswer {
    let request = arrival.request
    let answer: RequestAnswer
    switch arrival.transfer?.wait() ?? .failure(.emptyURL) {
    case .success(let response):
      answer = RequestAnswer(
        status: response.status, body: .bytes(response.body), url: request.request.url,
        origin: .http, headers: response.contentType.map { ["Content-Type": $0] } ?? [:])
    case .failure(let error):
      answer = RequestAnswer(failure: error, origin: .http)
      // No HTTP answer at all is a failed request (exit 1), unlike an error status.
      report(
        SendRequestMessage.noHTTPAnswer(
          id: request.id, method: request.request.method.rawValue, url: request.request.url, error),
        at: request.action.location)
    }
    if let index = context.stepRecord.requests.lastIndex(where: {
      $0.kind == .request && $0.id == request.id
    }) {
      context.stepRecord.requests[index] = request.record(answer)
    } else {
      context.record(request.record(answer))
    }
    return answer
  }

  /// Ends the step's requests before its state is taken: delivers what arrived,
  /// warns about pending requests at the end of the run, and lists the requests
  /// still pending from earlier steps in the step's `requests`.
  mutating func finishRequests() {
    deliverAnswers()
    if context.requestQueue.isEnding {
      context.requestQueue.isEnding = false
      reportPendingRequests()
    }
    let recorded = Set(context.stepRecord.requests.compactMap(\.id))
    let carried = context.requestQueue.waiting.filter { !recorded.contains($0.id) }.map {
      $0.record(nil)
    }
    context.stepRecord.requests.insert(contentsOf: carried, at: 0)
  }

  /// Runs `onSuccess` (2xx) or `onError` with its implicit context, then `onFinish`
  /// (iOS and web order; Android runs `onFinish` first), with the sending action's
  /// origin and depth.
  private mutating func deliver(_ answer: RequestAnswer, to request: PendingRequest) {
    let action = request.action
    // What the answer makes the sender report is placed at the sender.
    let outerSite = context.reportingSite
    context.reportingSite = ReportingSite(screen: request.origin.screen, action: action.location)
    defer { context.reportingSite = outerSite }
    let handler = answer.isSuccess ? "onSuccess" : "onError"
    let callbacks = action.event(handler)?.actions ?? []
    let finish = action.event("onFinish")?.actions ?? []
    let isAndroid = context.navigator.profile == .android
    if isAndroid, !callbacks.isEmpty || !finish.isEmpty {
      report(SendRequestMessage.androidOrder(handler: handler), at: action.location.pointer)
    }
    // Only when something may read it: `statusText`, or the whole `@{onSuccess}`.
    if context.navigator.profile == .ios, answer.isSuccess, let status = answer.status,
      context.navigator.screen(serial: request.origin.screen) != nil,
      callbacks.contains(where: { $0.mentions("statusText") || $0.mentions("{onSuccess}") })
    {
      report(
        SendRequestMessage.statusTextIsSuccess(phrase: HTTPStatus.reasonPhrase(status)),
        at: action.location.pointer.appending(handler))
    }
    // Android (`SendRequest.kt`, `executeActions`) runs onFinish before the handler.
    if isAndroid, !finish.isEmpty {
      run(
        finish, event: "onFinish", origin: request.origin, implicits: request.implicits,
        depth: request.depth + 1)
    }
    if !callbacks.isEmpty {
      let implicit =
        isAndroid
        ? androidContext(of: answer, for: request, handler: handler)
        : implicitContext(of: answer, for: request, handler: handler)
      run(
        callbacks, event: handler, origin: request.origin,
        implicits: request.implicits + [(handler, implicit)], depth: request.depth + 1)
    }
    if !isAndroid, !finish.isEmpty {
      run(
        finish, event: "onFinish", origin: request.origin, implicits: request.implicits,
        depth: request.depth + 1)
    }
  }

  /// The iOS and web contexts (docs/spec.md §4.4, §7.2). iOS
  /// (`SendRequest+Extensions.swift`): `onSuccess` = `{data, status, statusText:
  /// "success"}`, `onError` = `{data, status, statusText, message}`, null for a request
  /// that could not be sent; without an HTTP answer the status is 0 and statusText the
  /// failure. An HTTP error's statusText is the reason phrase: iOS gives the app's
  /// network client's error description there, which cannot be known (docs/spec.md §7.2).
  /// web (`send-request.ts`): statusText is the reason phrase, and without an HTTP
  /// answer only `{message}`.
  private mutating func implicitContext(
    of answer: RequestAnswer, for request: PendingRequest, handler: String
  ) -> JSONValue {
    if answer.origin == .unsent { return .null }
    let isWeb = context.navigator.profile == .web
    let message =
      answer.error?.description.spellingSettings(context.configuration.settingSpelling) ?? ""
    guard let status = answer.status else {
      if isWeb { return ["message": .string(message)] }
      return [
        "data": .null, "status": 0, "statusText": .string(message), "message": .string(message),
      ]
    }
    let data = data(of: answer, for: request, handler: handler)
    let isIOSSuccess = !isWeb && answer.isSuccess
    let statusText = isIOSSuccess ? "success" : HTTPStatus.reasonPhrase(status)
    var context: JSONObject = [
      "data": data, "status": .int(status), "statusText": .string(statusText),
    ]
    if !answer.isSuccess { context["message"] = .string(message) }
    return .object(context)
  }

  /// Android's context (`ActionRequestViewModel.kt`, `Response`; `SendRequestActionMapper.kt`,
  /// `toResponse`): `{statusCode, data, headers, statusText}` for success and error
  /// alike. `data` is the body parsed as JSON, else its text; `statusText` the status's
  /// reason phrase. Without an HTTP answer (or unsent) the status code is null and
  /// statusText says why.
  private mutating func androidContext(
    of answer: RequestAnswer, for request: PendingRequest, handler: String
  ) -> JSONValue {
    let message =
      answer.error?.description.spellingSettings(context.configuration.settingSpelling) ?? ""
    guard let status = answer.status else {
      return [
        "statusCode": .null, "data": "", "headers": .object(JSONObject()),
        "statusText": .string(message),
      ]
    }
    let data: JSONValue
    switch answer.body {
    case .none: data = ""
    case .json(let value): data = value
    case .bytes(let bytes):
      data = (try? JSONValue(parsing: bytes)) ?? .string(String(decoding: bytes, as: UTF8.self))
    }
    return [
      "statusCode": .int(status), "data": data, "headers": .object(answer.headers),
      "statusText": .string(HTTPStatus.reasonPhrase(status)),
    ]
  }

  /// The body as JSON; a body that is not JSON is null (iOS) or its text (web).
  private mutating func data(
    of answer: RequestAnswer, for request: PendingRequest, handler: String
  ) -> JSONValue {
    let isWeb = context.navigator.profile == .web
    switch answer.body {
    case .none:
      return isWeb ? "" : .null
    case .json(let value):
      return value
    case .bytes(let bytes):
      if bytes.isEmpty { return isWeb ? "" : .null }
      if let value = try? JSONValue(parsing: bytes) { return value }
      report(
        SendRequestMessage.bodyNotJSON(
          id: request.id, method: request.request.method.rawValue, url: request.request.url,
          handler: handler, isWeb: isWeb), at: request.action.location.pointer)
      return isWeb ? .string(String(decoding: bytes, as: UTF8.self)) : .null
    }
  }
}

extension ActionContext {
  fileprivate mutating func arrive(
    _ request: PendingRequest, _ answer: RequestAnswer, after delay: Int
  ) {
    record(request.record(answer))
    requestQueue.arriving.append(
      RequestQueue.Arrival(time: requestQueue.clock + delay, request: request, answer: answer))
  }

  /// `method`, evaluated; GET when absent or not one of iOS's names (with a warning).
  fileprivate mutating func requestMethod(of action: ActionNode, scope: ContextScope) -> HTTPMethod
  {
    guard let raw = action.fields["method"] else { return .get }
    let value = PropertyEvaluator(evaluator: evaluator).evaluateDeeply(raw, in: scope)
    // A browser's fetch normalizes the standard methods' case; iOS's enum does not.
    let name = navigator.profile == .web ? value.stringValue?.uppercased() : value.stringValue
    if let name, let method = HTTPMethod(rawValue: name) { return method }
    if !value.isNull {
      report(
        SendRequestMessage.invalidMethod(found: describeValue(value)),
        at: action.location.pointer.appending("method"))
    }
    return .get
  }

  /// `headers`, evaluated: a map of strings, else none (iOS cannot decode it; a warning).
  fileprivate mutating func requestHeaders(
    of action: ActionNode, scope: ContextScope
  ) -> [String: String] {
    guard let raw = action.fields["headers"] else { return [:] }
    let value = PropertyEvaluator(evaluator: evaluator).evaluateDeeply(raw, in: scope)
    if value.isNull { return [:] }
    var problem: String?
    var headers: [String: String] = [:]
    if let object = value.objectValue {
      for (name, header) in object.members {
        guard let text = header.stringValue else {
          problem = "header '\(name)' is \(describeValue(header))"
          break
        }
        headers[name] = text
      }
    } else {
      problem = "it is \(describeValue(value))"
    }
    guard let problem else { return headers }
    report(
      SendRequestMessage.invalidHeaders(problem: problem),
      at: action.location.pointer.appending("headers"))
    return [:]
  }
}
