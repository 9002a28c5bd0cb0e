import BeagleHTTP
import BeagleJSON
import BeagleRendering

/// What `serve` answers: the page and its two files, the frame, and the three
/// state-changing requests (`/event`, `/reset`, `/record`).
///
/// The server has already refused any request whose `Host` is not its own
/// loopback address (DNS rebinding). A state-changing request must also be a POST
/// of JSON (`Content-Type: application/json`, which a cross-site form cannot
/// send) from the page's own origin (`Origin` the server's, and `Sec-Fetch-Site`
/// `same-origin` when the browser sends it). Every response forbids sniffing,
/// framing and caching, and the page's responses carry
/// ``PreviewPage/contentSecurityPolicy``. Nothing is served from disk.
struct PreviewRoutes: Sendable {
  var preview: Preview

  func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
    var response = route(request)
    response.fields += [
      .init(name: "Content-Security-Policy", value: PreviewPage.contentSecurityPolicy),
      .init(name: "X-Content-Type-Options", value: "nosniff"),
      .init(name: "X-Frame-Options", value: "DENY"),
      .init(name: "Referrer-Policy", value: "no-referrer"),
      .init(name: "Cross-Origin-Resource-Policy", value: "same-origin"),
      .init(name: "Cross-Origin-Opener-Policy", value: "same-origin"),
      .init(name: "Cache-Control", value: "no-store"),
    ]
    // `.text` adds its own nosniff: keep one.
    var seen = Set<String>()
    response.fields = response.fields.filter { seen.insert($0.name.lowercased()).inserted }
    return response
  }

  private func route(_ request: HTTPServerRequest) -> HTTPServerResponse {
    switch (request.method, request.path) {
    case ("GET", "/"):
      let frame = preview.frame()
      let html = PreviewPage.html(
        name: preview.setup.screenPath, version: frame["version"]?.intValue ?? 0,
        device: frame["device"]?.stringValue ?? "", panel: frame["panel"]?.stringValue ?? "")
      return Self.body(html, type: "text/html; charset=utf-8")
    case ("GET", "/preview.js"):
      return Self.body(PreviewScript.source, type: "text/javascript; charset=utf-8")
    case ("GET", "/preview.css"):
      return Self.body(PreviewStyle.source, type: "text/css; charset=utf-8")
    case ("GET", "/frame"):
      let since = request.queryItems.first { $0.name == "since" }.flatMap { Int($0.value) }
      if let since, since == preview.currentVersion { return HTTPServerResponse(status: 204) }
      return Self.json(200, preview.frame())
    case ("POST", "/event"), ("POST", "/reset"), ("POST", "/record"):
      if let refusal = Self.refusal(of: request) { return refusal }
      return change(request)
    case (_, "/"), (_, "/preview.js"), (_, "/preview.css"), (_, "/frame"):
      var response = HTTPServerResponse.text(405, "\(request.method) is not allowed here")
      response.fields.append(.init(name: "Allow", value: "GET"))
      return response
    case (_, "/event"), (_, "/reset"), (_, "/record"):
      var response = HTTPServerResponse.text(405, "\(request.method) is not allowed here")
      response.fields.append(.init(name: "Allow", value: "POST"))
      return response
    default:
      return .text(404, "not found")
    }
  }

  /// Why a state-changing request is refused (403, 415), or nil.
  static func refusal(of request: HTTPServerRequest) -> HTTPServerResponse? {
    // The server checked Host; the page's origin is `http://` and that host.
    let host = request.header("Host")?.lowercased() ?? ""
    guard let origin = request.header("Origin"), origin.lowercased() == "http://" + host else {
      return .text(403, "refused: a change must come from the preview page itself (same origin)")
    }
    if let site = request.header("Sec-Fetch-Site"), site != "same-origin" {
      return .text(403, "refused: a change must come from the preview page itself (same origin)")
    }
    let type = request.header("Content-Type")?.lowercased() ?? ""
    guard type == "application/json" || type.hasPrefix("application/json;") else {
      return .text(415, "send JSON (Content-Type: application/json)")
    }
    return nil
  }

  /// `/event {"step"}`, `/reset {}`, `/record {"name", "overwrite"}`: the new frame,
  /// with `error` when the change was refused.
  private func change(_ request: HTTPServerRequest) -> HTTPServerResponse {
    guard case .object(let body)? = try? JSONValue(parsing: request.body) else {
      return Self.json(400, .object(["error": "the body is not a JSON object"]))
    }
    switch request.path {
    case "/event":
      guard let step = body["step"]?.stringValue else {
        return Self.json(400, .object(["error": "give the event as {\"step\": \"tap #id\"}"]))
      }
      switch preview.perform(step) {
      case .performed:
        return Self.json(200, preview.frame())
      case .invalid(let message):
        return Self.json(400, Self.adding(message, to: preview.frame()))
      case .failed(let message):
        return Self.json(422, Self.adding(message, to: preview.frame()))
      }
    case "/reset":
      preview.reset()
      return Self.json(200, preview.frame())
    default:
      guard let name = body["name"]?.stringValue else {
        return Self.json(400, .object(["error": "give the scenario's name as {\"name\": \"…\"}"]))
      }
      let overwrite = body["overwrite"] == .bool(true)
      switch preview.record(name: name, overwrite: overwrite) {
      case .success(let message):
        var frame = preview.frame()
        frame = Self.adding(message, to: frame, key: "message")
        return Self.json(200, frame)
      case .failure(let refusal):
        return Self.json(409, Self.adding(refusal.message, to: preview.frame()))
      }
    }
  }

  private static func adding(
    _ text: String, to frame: JSONValue, key: String = "error"
  )
    -> JSONValue
  {
    .object(["frame": frame, key: .string(text)])
  }

  private static func body(_ text: String, type: String, head: Bool = false) -> HTTPServerResponse {
    HTTPServerResponse(
      status: 200, fields: [.init(name: "Content-Type", value: type)],
      body: head ? [] : Array(text.utf8))
  }

  /// A JSON answer; a frame is wrapped as `{"frame": …}` so the page reads every
  /// answer the same way.
  private static func json(_ status: Int, _ value: JSONValue) -> HTTPServerResponse {
    var value = value
    if case .object(let object) = value, object["frame"] == nil, object["version"] != nil {
      value = .object(["frame": value])
    }
    return HTTPServerResponse(
      status: status, fields: [.init(name: "Content-Type", value: "application/json")],
      body: Array(JSONPrinter().print(value).utf8))
  }
}
