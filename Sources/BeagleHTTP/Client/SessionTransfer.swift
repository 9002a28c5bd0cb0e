// Apple platforms only: on Linux, swift-corelibs-foundation's URLSession spins a core
// while it waits and FoundationNetworking links libcurl into every start-up; `https:`
// goes through ``CurlTransfer`` there.
#if canImport(Darwin)
  import Foundation

  /// An `https:` exchange through `URLSession`, its body streamed to a
  /// `URLSessionDataDelegate` so that an answer past ``HTTPLimits/maximumBodyBytes`` is
  /// cancelled as soon as it is known to be too large, never buffered whole.
  final class SessionTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the mutable state is only used under `lock`; URLSession calls the
    // delegate on its own serial queue.
    private let transfer: HTTPTransfer
    private let text: String
    private let limit: Int
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var response: HTTPURLResponse?
    private var failure: HTTPError?

    private init(transfer: HTTPTransfer, text: String, limit: Int) {
      self.transfer = transfer
      self.text = text
      self.limit = limit
    }

    /// Starts the exchange; `transfer` gets its result.
    static func start(_ request: HTTPRequest, url: URL, text: String, transfer: HTTPTransfer) {
      let limits = transfer.limits
      // The transfer's wait is the real bound. URLSession's own timers get a second
      // more: swift-corelibs-foundation truncates them to whole seconds, so 0.3 s
      // would fire at once.
      let sessionTimeout = limits.timeout + 1
      var urlRequest = URLRequest(
        url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
      urlRequest.httpMethod = request.method.rawValue
      for (name, value) in request.headersWithContentType.sorted(by: { $0.key < $1.key }) {
        urlRequest.setValue(value, forHTTPHeaderField: name)
      }
      if let body = request.body { urlRequest.httpBody = Data(body.bytes) }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = sessionTimeout
      configuration.timeoutIntervalForResource = sessionTimeout
      configuration.urlCache = nil
      let delegate = SessionTransfer(transfer: transfer, text: text, limit: limits.maximumBodyBytes)
      let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
      let task = session.dataTask(with: urlRequest)
      transfer.onCancel {
        task.cancel()
        session.invalidateAndCancel()
      }
      task.resume()
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      if response.expectedContentLength > Int64(limit) {
        store(failure: .bodyTooLarge(url: text, limit: limit))
        completionHandler(.cancel)
        return
      }
      lock.lock()
      self.response = response as? HTTPURLResponse
      lock.unlock()
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      lock.lock()
      let fits = body.count + data.count <= limit
      if fits { body += data }
      lock.unlock()
      if !fits {
        store(failure: .bodyTooLarge(url: text, limit: limit))
        dataTask.cancel()
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      session.finishTasksAndInvalidate()
      lock.lock()
      let failure = failure
      let response = response
      let body = body
      lock.unlock()
      if let failure {
        transfer.finish(.failure(failure))
      } else if let error {
        let code = (error as? URLError)?.code
        if code == .timedOut {
          transfer.finish(.failure(.timedOut(url: text, seconds: transfer.limits.timeout)))
        } else {
          transfer.finish(
            .failure(.connectionFailed(url: text, reason: Self.reason(code, error))))
        }
      } else if let response {
        transfer.finish(
          .success(
            HTTPResponse(
              status: response.statusCode,
              contentType: response.value(forHTTPHeaderField: "Content-Type"), body: body)))
      } else {
        transfer.finish(
          .failure(.connectionFailed(url: text, reason: "the server's answer is not HTTP")))
      }
    }

    // MARK: - Helpers

    private func store(failure: HTTPError) {
      lock.lock()
      defer { lock.unlock() }
      if self.failure == nil { self.failure = failure }
    }

    /// A plain reason for a `URLError` code.
    static func reason(_ code: URLError.Code?, _ error: any Error) -> String {
      switch code {
      case .cannotConnectToHost?: "connection refused"
      case .cannotFindHost?, .dnsLookupFailed?: "the host cannot be found"
      case .networkConnectionLost?: "the connection was lost (reset or closed by the server)"
      case .notConnectedToInternet?: "no network"
      case .badServerResponse?, .cannotParseResponse?, .zeroByteResource?:
        "the server's answer is not valid HTTP (or the connection closed without one)"
      case .unsupportedURL?: "the server's answer is not HTTP, or the url is not supported"
      case .httpTooManyRedirects?: "too many redirects"
      case .redirectToNonExistentLocation?: "a redirect without a location"
      case .secureConnectionFailed?: "the TLS (secure) connection failed"
      case .serverCertificateUntrusted?, .serverCertificateHasUnknownRoot?:
        "the TLS connection failed: the server's certificate is not trusted"
      case .serverCertificateHasBadDate?, .serverCertificateNotYetValid?:
        "the TLS connection failed: the server's certificate is expired or not yet valid"
      case .clientCertificateRequired?, .clientCertificateRejected?:
        "the TLS connection failed: the server wants a client certificate"
      case .cannotDecodeContentData?, .cannotDecodeRawData?:
        "the answer's body cannot be decoded (content encoding)"
      case .userAuthenticationRequired?, .userCancelledAuthentication?: "authentication required"
      case .cancelled?: "the request was cancelled"
      case let code?: reason(libcurl: (error as NSError).localizedDescription, code: code.rawValue)
      case nil: "\(error)"
      }
    }

    /// A plain reason for what swift-corelibs-foundation reports as an unknown error
    /// (-1) with libcurl's message: TLS failures, resets, replies that are not HTTP.
    static func reason(libcurl message: String, code: Int) -> String {
      let text = message.lowercased()
      if text.contains("certificate") {
        return text.contains("expired") || text.contains("not yet valid")
          ? "the TLS connection failed: the server's certificate is expired or not yet valid"
          : "the TLS connection failed: the server's certificate is not trusted"
      }
      if text.contains("ssl") || text.contains("tls") {
        return "the TLS (secure) connection failed"
      }
      if text.contains("connection reset") { return "the server reset the connection" }
      if text.contains("empty reply") {
        return "the server closed the connection without answering"
      }
      if text.contains("unsupported protocol") || text.contains("http/0.9") {
        return "the server's answer is not HTTP"
      }
      if text.contains("redirects") { return "too many redirects" }
      return "\(text) (url error \(code))"
    }
  }
#endif
