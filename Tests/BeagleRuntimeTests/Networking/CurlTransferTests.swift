#if canImport(CCurlLoader)
  import BeagleJSON
  import Foundation
  import Testing

  @testable import BeagleHTTP
  @testable import BeagleRuntime

  /// `https:` on Linux: libcurl's easy API, loaded at run time (``CurlTransfer``),
  /// against a real TLS server on 127.0.0.1 (``TestHTTPSServer``).
  @Suite(
    .serialized,
    .enabled(
      if: TestHTTPSServer.skipReason == nil, Comment(rawValue: TestHTTPSServer.skipReason ?? "")))
  struct CurlTransferTests {
    /// One server for the suite (its key takes a while to make); it exits with the
    /// test process.
    private static let shared = Result { try TestHTTPSServer() }
    /// Limits that trust the test server's certificate.
    private func trusting(
      _ server: TestHTTPSServer, timeout: Double = 5, maximumBodyBytes: Int = 1 << 20,
      budget: Double = 60
    ) -> HTTPLimits {
      HTTPLimits(
        timeout: timeout, maximumBodyBytes: maximumBodyBytes, budget: HTTPBudget(seconds: budget),
        certificateAuthorities: server.certificate)
    }

    private func send(
      _ request: ScreenRequest, to server: TestHTTPSServer, limits: HTTPLimits? = nil
    ) -> Result<HTTPResponse, NavigationError> {
      HTTPRequestClient(baseURL: server.baseURL, limits: limits ?? trusting(server)).send(request)
    }

    @Test("credentials do not follow a redirect to another origin; within it they do (issue #19)")
    func credentialsOnRedirect() throws {
      let server = try Self.shared.get()
      let headers = [
        "Authorization": "Bearer secret", "Cookie": "session=secret",
        "Proxy-Authorization": "Basic secret", "X-Keep": "kept",
      ]
      let landing = try TestHTTPServer(routes: ["/land": .json("{}")])
      defer { landing.shutdown() }
      let to = (landing.baseURL + "/land").addingPercentEncoding(
        withAllowedCharacters: .alphanumerics)
      let away = try send(
        ScreenRequest(url: "/away?to=\(to ?? "")", headers: headers), to: server
      ).get()
      #expect(away.status == 200)
      let landed = try #require(landing.requests.first)
      #expect(landed.headers["authorization"] == nil)
      #expect(landed.headers["cookie"] == nil)
      #expect(landed.headers["proxy-authorization"] == nil)
      #expect(landed.headers["x-keep"] == "kept")
      // 307 to /echo on the same origin: the echo shows what arrived.
      let echoed = try send(ScreenRequest(url: "/temporary", headers: headers), to: server).get()
      let echo = try JSONValue(parsing: echoed.body)
      #expect(echo["headers"]?["authorization"] == "Bearer secret")
      #expect(echo["headers"]?["cookie"] == "session=secret")
    }

    @Test("a trusted server's answer: status, content type and body as sent")
    func success() throws {
      let server = try Self.shared.get()
      let json = try send(ScreenRequest(url: "/json"), to: server).get()
      #expect(json.status == 200)
      #expect(json.contentType == "application/json")
      #expect(try JSONValue(parsing: json.body) == ["ok": true])
      let text = try send(ScreenRequest(url: "/text"), to: server).get()
      #expect(
        text
          == HTTPResponse(
            status: 200, contentType: "text/plain; charset=utf-8", body: Array("plain words".utf8)))
    }

    @Test("any HTTP status is an answer, not a failure", arguments: [200, 201, 204, 404, 500, 503])
    func statuses(status: Int) throws {
      let server = try Self.shared.get()
      let response = try send(ScreenRequest(url: "/status/\(status)"), to: server).get()
      #expect(response.status == status)
      #expect(try status == 204 || JSONValue(parsing: response.body) == ["status": .int(status)])
    }

    @Test("method, headers in name order and the JSON body are sent as over plain http")
    func requestParts() throws {
      let server = try Self.shared.get()
      let posted = try send(
        ScreenRequest(url: "/echo?x=1", method: .post, headers: ["X-Test": "yes"], body: ["a": 1]),
        to: server
      ).get()
      let echo = try JSONValue(parsing: posted.body)
      #expect(echo["method"] == "POST")
      #expect(echo["path"] == "/echo?x=1")
      #expect(echo["body"] == #"{"a":1}"#)
      #expect(echo["headers"]?["x-test"] == "yes")
      #expect(echo["headers"]?["content-type"] == "application/json")
      #expect(echo["headers"]?["accept"] == "application/json, */*")
      #expect(echo["headers"]?["content-length"] == "7")
      #expect(echo["headers"]?["expect"] == nil)

      let put = try send(
        ScreenRequest(
          url: "/echo", method: .put, headers: ["Content-Type": "application/vnd.x+json"],
          body: [1, 2]), to: server
      ).get()
      let putEcho = try JSONValue(parsing: put.body)
      #expect(putEcho["method"] == "PUT")
      #expect(putEcho["body"] == "[1,2]")
      #expect(putEcho["headers"]?["content-type"] == "application/vnd.x+json")

      let emptyPost = try JSONValue(
        parsing: send(ScreenRequest(url: "/echo", method: .post), to: server).get().body)
      #expect(emptyPost["method"] == "POST")
      #expect(emptyPost["body"] == "")
      #expect(emptyPost["headers"]?["content-type"] == nil)

      let deleted = try JSONValue(
        parsing: send(ScreenRequest(url: "/echo", method: .delete), to: server).get().body)
      #expect(deleted["method"] == "DELETE")

      let head = try send(ScreenRequest(url: "/json", method: .head), to: server).get()
      #expect(head == HTTPResponse(status: 200, contentType: "application/json", body: []))
    }

    @Test("a header holding a line break is refused, never sent")
    func headerInjection() throws {
      let server = try Self.shared.get()
      let url = server.baseURL + "/echo"
      #expect(
        throws: NavigationError.connectionFailed(
          url: url, reason: "the header 'X-A' is not a valid HTTP header (a line break?)")
      ) {
        try send(ScreenRequest(url: "/echo", headers: ["X-A": "1\r\nX-Evil: 2"]), to: server).get()
      }
    }

    @Test("redirects are followed; a loop stops after 16 with its own message")
    func redirects() throws {
      let server = try Self.shared.get()
      let moved = try send(ScreenRequest(url: "/redirect"), to: server).get()
      #expect(moved.status == 200)
      #expect(try JSONValue(parsing: moved.body) == ["ok": true])
      let url = server.baseURL + "/loop"
      #expect(
        throws: NavigationError.connectionFailed(
          url: url, reason: "too many redirects (more than 16)")
      ) { try send(ScreenRequest(url: "/loop"), to: server).get() }
    }

    @Test(
      "a 303, or a 301/302 after a POST, continues as a GET without body; a 307 keeps both",
      arguments: [
        ("/see-other", HTTPMethod.put, "GET", ""),
        ("/see-other", HTTPMethod.post, "GET", ""),
        ("/temporary", HTTPMethod.post, "POST", #"{"a":1}"#),
        ("/temporary", HTTPMethod.patch, "PATCH", #"{"a":1}"#),
      ] as [(String, HTTPMethod, String, String)])
    func redirectMethods(path: String, method: HTTPMethod, sent: String, body: String) throws {
      let server = try Self.shared.get()
      let answer = try send(ScreenRequest(url: path, method: method, body: ["a": 1]), to: server)
        .get()
      let echo = try JSONValue(parsing: answer.body)
      #expect(echo["method"] == .string(sent))
      #expect(echo["body"] == .string(body))
      #expect(echo["path"] == "/echo")
    }

    @Test("a redirect to a url that is neither http nor https is an error that names it")
    func redirectToOtherScheme() throws {
      let server = try Self.shared.get()
      let url = server.baseURL + "/to-ftp"
      #expect(
        throws: NavigationError.connectionFailed(
          url: url, reason: "it redirects to 'ftp://127.0.0.1/x', which is not an http or https url"
        )
      ) { try send(ScreenRequest(url: "/to-ftp"), to: server).get() }
    }

    @Test("no answer within --timeout is a timeout")
    func timeout() throws {
      let server = try Self.shared.get()
      let url = server.baseURL + "/slow?seconds=3"
      #expect(throws: NavigationError.timedOut(url: url, seconds: 0.5)) {
        try send(
          ScreenRequest(url: "/slow?seconds=3"), to: server, limits: trusting(server, timeout: 0.5)
        )
        .get()
      }
    }

    @Test("when the run's budget is spent the waiting stops")
    func budget() throws {
      let server = try Self.shared.get()
      let url = server.baseURL + "/slow?seconds=3"
      let limits = trusting(server, budget: 0.3)
      #expect(throws: NavigationError.httpBudgetSpent(url: url, seconds: 0.3)) {
        try send(ScreenRequest(url: "/slow?seconds=3"), to: server, limits: limits).get()
      }
      #expect(limits.budget.remaining == 0)
    }

    @Test(
      "an answer past --max-body-bytes stops being read, announced or streamed",
      arguments: ["/big?bytes=2000", "/stream?bytes=50000000"])
    func bodyLimit(path: String) throws {
      let server = try Self.shared.get()
      let url = server.baseURL + path
      #expect(throws: NavigationError.bodyTooLarge(url: url, limit: 1000)) {
        try send(
          ScreenRequest(url: path), to: server, limits: trusting(server, maximumBodyBytes: 1000)
        )
        .get()
      }
      let fits = try send(
        ScreenRequest(url: "/big?bytes=1000"), to: server,
        limits: trusting(server, maximumBodyBytes: 1000)
      ).get()
      #expect(fits.body.count == 1000)
    }

    @Test("requests started together are in flight together")
    func concurrent() throws {
      let server = try TestHTTPSServer()
      defer { server.shutdown() }
      let limits = trusting(server)
      let text = server.baseURL + "/slow?seconds=0.5"
      let url = try #require(HTTPExchange.httpURL(text))
      let transfers = (1...4).map { _ in
        HTTPExchange.start(HTTPRequest(), url: url, text: text, limits: limits)
      }
      let statuses = transfers.map { try? $0.wait().get().status }
      #expect(statuses == [200, 200, 200, 200])
      let stats = try send(ScreenRequest(url: "/stats"), to: server).get()
      #expect(try JSONValue(parsing: stats.body) == ["most": 4])
    }

    @Test("a self-signed certificate nobody trusts is a TLS failure, not an answer")
    func untrusted() throws {
      let server = try Self.shared.get()
      let url = server.baseURL + "/json"
      #expect(
        throws: NavigationError.connectionFailed(
          url: url, reason: "the TLS connection failed: the server's certificate is not trusted")
      ) { try send(ScreenRequest(url: "/json"), to: server, limits: HTTPLimits(timeout: 5)).get() }
      let missing = "/no/such/ca.pem"
      #expect(
        throws: NavigationError.connectionFailed(
          url: url,
          reason:
            "the TLS connection failed: the certificate authority file cannot be read (error setting certificate file: /no/such/ca.pem)"
        )
      ) {
        try send(
          ScreenRequest(url: "/json"), to: server,
          limits: HTTPLimits(timeout: 5, certificateAuthorities: missing)
        ).get()
      }
    }

    @Test("a refused connection and a server that does not speak TLS have plain messages")
    func failures() throws {
      let refused = "https://127.0.0.1:\(closedPort())/x"
      #expect(throws: NavigationError.connectionFailed(url: refused, reason: "connection refused"))
      {
        try HTTPRequestClient(timeout: 5).send(ScreenRequest(url: refused)).get()
      }
      let server = try TestHTTPServer(routes: ["/x": .json("{}")])
      defer { server.shutdown() }
      let plain = "https://127.0.0.1:\(server.port)/x"
      #expect(
        throws: NavigationError.connectionFailed(
          url: plain, reason: "the TLS (secure) connection failed")
      ) { try HTTPRequestClient(timeout: 5).send(ScreenRequest(url: plain)).get() }
    }

    @Test("without libcurl an https request fails with what to install; nothing crashes")
    func missingLibrary() throws {
      let name = "libbeagle-no-such-curl.so.4"
      let loading = CurlLibrary.open(names: [name])
      let error = CurlLibrary.LoadingError(
        name: name, reason: "\(name): cannot open shared object file: No such file or directory")
      #expect(loading.map { _ in 0 } == .failure(error))
      #expect(
        error.description
          == "https needs libcurl (\(name)), which cannot be loaded (\(name): cannot open shared object file: No such file or directory); install libcurl4 (apt-get install libcurl4) or your system's libcurl package"
      )
      let text = "https://127.0.0.1:1/x"
      let transfer = CurlTransfer(
        request: HTTPRequest(), url: try #require(HTTPExchange.httpURL(text)),
        text: text,
        limits: HTTPLimits(timeout: 5),
        transfer: HTTPTransfer(finished: .failure(.invalidURL(text))),
        library: loading)
      #expect(transfer.run() == .failure(.connectionFailed(url: text, reason: error.description)))
    }

    @Test("the system's libcurl loads by its ABI name")
    func systemLibrary() throws {
      let library = try CurlLibrary.system.get()
      #expect(library.version.hasPrefix("libcurl/"))
    }
  }
#endif
