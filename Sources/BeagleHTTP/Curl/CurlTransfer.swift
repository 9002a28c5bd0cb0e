#if canImport(CCurlLoader)
  import CCurlLoader
  import Dispatch
  import Foundation

  /// One `https:` request through libcurl's easy API (``CurlLibrary``, loaded on first
  /// use), on a thread of its own.
  ///
  /// `curl_easy_perform` waits in `poll`, so a slow server costs no CPU (Foundation's
  /// `URLSession` on Linux spins a core while it waits). Like ``PlainHTTPConnection``
  /// it sends the method, the headers in name order and the JSON body, follows up to
  /// ``PlainHTTPConnection/maximumRedirects`` redirects itself (libcurl would keep a
  /// PUT's method after a 303), stops reading past
  /// ``HTTPLimits/maximumBodyBytes`` and gives each failure a plain reason
  /// (``CurlCode``). The request's ``HTTPLimits/timeout`` is libcurl's
  /// `CURLOPT_TIMEOUT_MS`; a transfer given up by ``HTTPTransfer`` (budget spent) is
  /// aborted by the progress function within about a second.
  ///
  /// Certificates are checked against libcurl's certificate authorities (the
  /// system's), or ``HTTPLimits/certificateAuthorities`` when set.
  struct CurlTransfer {
    var request: HTTPRequest
    var url: URL
    /// The URL as messages name it.
    var text: String
    var limits: HTTPLimits
    var transfer: HTTPTransfer
    var library: Result<CurlLibrary, CurlLibrary.LoadingError>

    init(
      request: HTTPRequest, url: URL, text: String, limits: HTTPLimits, transfer: HTTPTransfer,
      library: Result<CurlLibrary, CurlLibrary.LoadingError>? = nil
    ) {
      self.request = request
      self.url = url
      self.text = text
      self.limits = limits
      self.transfer = transfer
      self.library = library ?? CurlLibrary.system
    }

    /// Runs the exchange, following redirects as ``PlainHTTPConnection`` does (a 303,
    /// or a 301/302 after a POST, continues as a GET without body); the answer or why
    /// there is none.
    func run() -> Result<HTTPResponse, HTTPError> {
      let library: CurlLibrary
      switch self.library {
      case .success(let loaded): library = loaded
      case .failure(let error):
        return .failure(.connectionFailed(url: text, reason: error.description))
      }
      var request = request
      var current = url
      for _ in 0...PlainHTTPConnection.maximumRedirects {
        let response: HTTPResponse
        let location: String?
        switch exchange(request, at: current, library: library) {
        case .failure(let error): return .failure(error)
        case .success(let answer): (response, location) = answer
        }
        guard HTTPRedirect.statuses.contains(response.status), let location,
          let next = URL(string: location)
        else { return .success(response) }
        guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https",
          next.host != nil
        else {
          return .failure(
            .connectionFailed(
              url: text, reason: "it redirects to '\(location)', which is not an http or https url")
          )
        }
        request = HTTPRedirect.follow(request, status: response.status, from: current, to: next)
        current = next
      }
      return .failure(
        .connectionFailed(
          url: text,
          reason: "too many redirects (more than \(PlainHTTPConnection.maximumRedirects))"))
    }

    /// One request and its answer, with the URL a redirect points to (libcurl's
    /// CURLINFO_REDIRECT_URL, resolved against `url`).
    private func exchange(
      _ request: HTTPRequest, at url: URL, library: CurlLibrary
    ) -> Result<(HTTPResponse, String?), HTTPError> {
      let headerLines: [String]
      do {
        headerLines = try headers(of: request)
      } catch {
        return .failure(error)
      }
      let remaining =
        Double((transfer.started + limits.timeout).uptimeNanoseconds)
        - Double(DispatchTime.now().uptimeNanoseconds)
      guard remaining > 0, !transfer.wasCancelled else {
        return .failure(.timedOut(url: text, seconds: limits.timeout))
      }
      guard let easy = CurlEasy(library: library) else {
        return .failure(.connectionFailed(url: text, reason: "out of memory"))
      }
      let receiver = CurlReceiver(limit: limits.maximumBodyBytes, transfer: transfer)
      let context = Unmanaged.passUnretained(receiver).toOpaque()
      let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: CurlOption.errorBufferSize)
      errorBuffer.initialize(repeating: 0, count: CurlOption.errorBufferSize)
      defer { errorBuffer.deallocate() }

      easy.set(.url, url.absoluteString)
      easy.set(.noSignal, 1)
      easy.set(.protocols, CurlOption.httpAndHTTPS)
      let milliseconds = max(1, Int((remaining / 1e6).rounded(.up)))
      easy.set(.timeoutMilliseconds, milliseconds)
      easy.set(.connectTimeoutMilliseconds, milliseconds)
      easy.set(.acceptEncoding, "")
      easy.set(.errorBuffer, pointer: UnsafeRawPointer(errorBuffer))
      if let file = limits.certificateAuthorities {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
        easy.set(
          exists && isFolder.boolValue ? .certificateAuthorityFolder : .certificateAuthorityFile,
          file)
      }
      setMethodAndBody(of: request, on: easy)
      easy.setHeaders(headerLines)
      easy.setWriteFunction(context: context) { data, size, count, context in
        guard let context else { return 0 }
        let (total, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, let data else { return 0 }
        let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
        return receiver.receive(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
      }
      easy.setProgressFunction(context: context) { context, _, _, _, _ in
        guard let context else { return 1 }
        let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
        return receiver.transfer.wasCancelled ? 1 : 0
      }

      let code = withExtendedLifetime(receiver) { CurlCode(rawValue: easy.perform()) }
      if code == .ok {
        return .success(
          (
            HTTPResponse(
              status: easy.long(.responseCode), contentType: easy.string(.contentType),
              body: receiver.body), easy.string(.redirectURL)
          ))
      }
      if receiver.isTooLarge || code == .bodyTooLarge {
        return .failure(.bodyTooLarge(url: text, limit: limits.maximumBodyBytes))
      }
      if code == .timedOut || code == .aborted || transfer.wasCancelled {
        return .failure(.timedOut(url: text, seconds: limits.timeout))
      }
      let buffered = String(cString: errorBuffer)
      let message = buffered.isEmpty ? easy.library.message(for: code) : buffered
      return .failure(
        .connectionFailed(
          url: text,
          reason: code.reason(
            message: message, osErrno: Int32(truncatingIfNeeded: easy.long(.osErrno)),
            host: url.host ?? "", maximumRedirects: PlainHTTPConnection.maximumRedirects)))
    }

    /// The header lines: the request's in name order (as ``PlainHTTPConnection``
    /// checks them), the JSON content type of a body, the `Accept` plain `http:` sends,
    /// and none of curl's `Expect: 100-continue`.
    private func headers(of request: HTTPRequest) throws(HTTPError) -> [String] {
      let given = Set(request.headers.keys.map { $0.lowercased() })
      var lines: [String] = []
      for (name, value) in request.headersWithContentType.sorted(by: { $0.key < $1.key }) {
        let lowered = name.lowercased()
        guard !["host", "content-length", "connection", "transfer-encoding"].contains(lowered)
        else { continue }
        guard PlainHTTPConnection.isToken(name),
          !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
        else {
          throw .connectionFailed(
            url: text, reason: "the header '\(name)' is not a valid HTTP header (a line break?)")
        }
        // "Name;" is curl's way to send a header whose value is empty.
        lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
      }
      if !given.contains("accept") { lines.append("Accept: application/json, */*") }
      if request.method == .post, request.body == nil, !given.contains("content-type") {
        lines.append("Content-Type:")  // no form content type for an empty POST
      }
      lines.append("Expect:")
      return lines
    }

    private func setMethodAndBody(of request: HTTPRequest, on easy: CurlEasy) {
      let body = request.body?.bytes
      switch request.method {
      case .head:
        easy.set(.noBody, 1)
      case .post:
        easy.set(.post, 1)
        easy.setBody(body ?? [])
      case .get where body == nil:
        break
      default:
        // With a body set, libcurl sends it under the custom method's name.
        if let body { easy.setBody(body) }
        easy.set(.customRequest, request.method.rawValue)
      }
      if request.method != .head {
        easy.set(.maximumFileSize, offset: Int64(limits.maximumBodyBytes))
      }
    }
  }

  /// What the write function fills: the body, up to the limit.
  private final class CurlReceiver: @unchecked Sendable {
    // @unchecked: `body` and `isTooLarge` are only touched by the thread running
    // `curl_easy_perform`, and read by it after the transfer.
    let limit: Int
    let transfer: HTTPTransfer
    var body: [UInt8] = []
    var isTooLarge = false

    init(limit: Int, transfer: HTTPTransfer) {
      self.limit = limit
      self.transfer = transfer
    }

    /// Keeps `bytes`; false (stop the transfer) past the limit or once given up.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard body.count + bytes.count <= limit else {
        isTooLarge = true
        return false
      }
      body.append(contentsOf: bytes)
      return !transfer.wasCancelled
    }
  }

  /// A libcurl easy handle and what must outlive its transfer (the header list).
  private final class CurlEasy {
    let library: CurlLibrary
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutableRawPointer?

    init?(library: CurlLibrary) {
      guard let handle = ccurl_easy_init(library.functions) else { return nil }
      self.library = library
      self.handle = handle
    }

    deinit {
      ccurl_easy_cleanup(library.functions, handle)
      if let headerList { ccurl_slist_free_all(library.functions, headerList) }
    }

    func set(_ option: CurlOption, _ value: Int) {
      _ = ccurl_setopt_long(library.functions, handle, option.rawValue, value)
    }

    func set(_ option: CurlOption, offset value: Int64) {
      _ = ccurl_setopt_offset(library.functions, handle, option.rawValue, value)
    }

    /// A string option: libcurl keeps a copy.
    func set(_ option: CurlOption, _ value: String) {
      _ = value.withCString { ccurl_setopt_pointer(library.functions, handle, option.rawValue, $0) }
    }

    /// A pointer option: it must outlive the transfer.
    func set(_ option: CurlOption, pointer value: UnsafeRawPointer?) {
      _ = ccurl_setopt_pointer(library.functions, handle, option.rawValue, value)
    }

    func setBody(_ bytes: [UInt8]) {
      set(.postFieldSize, offset: Int64(bytes.count))
      _ = bytes.withUnsafeBytes { buffer in
        // COPYPOSTFIELDS copies CURLOPT_POSTFIELDSIZE bytes; an empty body still
        // needs a valid pointer, or libcurl would read the body from stdin.
        ccurl_setopt_pointer(
          library.functions, handle, CurlOption.copyPostFields.rawValue,
          buffer.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start))
      }
    }

    func setHeaders(_ lines: [String]) {
      for line in lines {
        guard let list = ccurl_slist_append(library.functions, headerList, line) else { continue }
        headerList = list
      }
      set(.httpHeader, pointer: headerList.map { UnsafeRawPointer($0) })
    }

    func setWriteFunction(context: UnsafeMutableRawPointer, _ function: ccurl_write_function) {
      set(.writeData, pointer: UnsafeRawPointer(context))
      _ = ccurl_setopt_write_function(
        library.functions, handle, CurlOption.writeFunction.rawValue, function)
    }

    func setProgressFunction(context: UnsafeMutableRawPointer, _ function: ccurl_progress_function)
    {
      set(.progressData, pointer: UnsafeRawPointer(context))
      _ = ccurl_setopt_progress_function(
        library.functions, handle, CurlOption.progressFunction.rawValue, function)
      set(.noProgress, 0)
    }

    func perform() -> Int32 { ccurl_easy_perform(library.functions, handle) }

    func long(_ info: CurlInfo) -> Int {
      var value = 0
      _ = ccurl_getinfo_long(library.functions, handle, info.rawValue, &value)
      return value
    }

    func string(_ info: CurlInfo) -> String? {
      var value: UnsafePointer<CChar>?
      _ = ccurl_getinfo_string(library.functions, handle, info.rawValue, &value)
      return value.map { String(cString: $0) }
    }
  }

  extension CurlLibrary {
    /// `curl_easy_strerror`'s text for `code`.
    func message(for code: CurlCode) -> String {
      guard let text = ccurl_easy_strerror(functions, code.rawValue) else { return "" }
      return String(cString: text)
    }
  }
#endif
