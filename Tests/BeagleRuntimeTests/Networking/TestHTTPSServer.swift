import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `https:` server on 127.0.0.1 for tests: Python's `http.server` wrapped in
/// `ssl`, with a self-signed certificate for `localhost` and `127.0.0.1` made by
/// `openssl req` when the server starts. Tests that need it are skipped, with
/// ``skipReason``, on a machine without `python3` or `openssl`.
///
/// Routes (query parameters in brackets):
/// - `/json`: `{"ok": true}`, `Content-Type: application/json`;
/// - `/status/N`: status N, body `{"status": N}` (and `Location: /json` for 3xx);
/// - `/echo`: the request as JSON: `method`, `path`, `headers` (names lowercased),
///   `body`;
/// - `/text`: `plain words`, `Content-Type: text/plain; charset=utf-8`;
/// - `/slow` [`seconds`]: answers `{"slept": seconds}` after that many seconds;
///   `/stats` gives `{"most": N}`, the most `/slow` requests in flight at once;
/// - `/big` [`bytes`]: that many spaces with `Content-Length`;
/// - `/stream` [`bytes`]: that many spaces without `Content-Length`, until the
///   client goes away;
/// - `/redirect`: 302 to `/json`; `/loop`: 302 to itself; `/see-other`: 303 to
///   `/echo`; `/temporary`: 307 to `/echo`; `/to-ftp`: 302 to an `ftp:` URL;
///   `/away` [`to`]: 302 to `to`.
final class TestHTTPSServer: @unchecked Sendable {
  // @unchecked: all stored properties are set once in init.
  let port: Int
  /// The server's certificate (PEM): trusting it makes the server trusted.
  let certificate: String
  private let folder: URL
  private let process: Process

  /// Why the server cannot run here, nil when it can.
  static let skipReason: String? = {
    for tool in ["python3", "openssl"] where executable(tool) == nil {
      return "\(tool) is not on PATH: the https tests need it"
    }
    return nil
  }()

  var baseURL: String { "https://127.0.0.1:\(port)" }

  init() throws {
    guard let python = Self.executable("python3"), let openssl = Self.executable("openssl") else {
      throw TestServerError.socket(Self.skipReason ?? "python3 or openssl missing")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "beagle-https-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    certificate = folder.appendingPathComponent("cert.pem").path
    let key = folder.appendingPathComponent("key.pem").path
    let generate = Process()
    generate.executableURL = URL(fileURLWithPath: openssl)
    generate.arguments = [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
      "-days", "2", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]
    generate.standardOutput = FileHandle.nullDevice
    generate.standardError = FileHandle.nullDevice
    try generate.run()
    generate.waitUntilExit()
    guard generate.terminationStatus == 0 else {
      throw TestServerError.socket("openssl req failed (\(generate.terminationStatus))")
    }
    let script = folder.appendingPathComponent("server.py")
    try Data(Self.script.utf8).write(to: script)
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path, certificate, key]
    let output = Pipe()
    process.standardOutput = output
    // The server exits when its standard input closes: when the tests end, however.
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The script prints its port once it listens.
    var line: [UInt8] = []
    while line.last != 10 {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      guard let first = byte.first else { break }
      line.append(first)
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      kill(process.processIdentifier, SIGKILL)
      throw TestServerError.socket("the https test server did not start")
    }
    self.port = port
  }

  func shutdown() {
    // SIGKILL: the test runner's threads block SIGTERM, and the server inherits that.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  private static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static let script = #"""
    import http.server, json, os, ssl, sys, threading, time, urllib.parse

    lock = threading.Lock()
    state = {"now": 0, "most": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send(self, status, body, content_type="application/json", headers=()):
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        def handle_any(self):
            url = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if url.path == "/json":
                self.send(200, {"ok": True})
            elif url.path.startswith("/status/"):
                status = int(url.path.split("/")[2])
                self.send(status, {"status": status}, headers=[("Location", "/json")] if 300 <= status < 400 else [])
            elif url.path == "/echo":
                self.send(200, {"method": self.command, "path": self.path,
                                "headers": {k.lower(): v for k, v in self.headers.items()},
                                "body": body.decode("utf-8", "replace")})
            elif url.path == "/text":
                self.send(200, b"plain words", content_type="text/plain; charset=utf-8")
            elif url.path == "/slow":
                with lock:
                    state["now"] += 1
                    state["most"] = max(state["most"], state["now"])
                time.sleep(float(query.get("seconds", "1")))
                with lock:
                    state["now"] -= 1
                self.send(200, {"slept": float(query.get("seconds", "1"))})
            elif url.path == "/stats":
                with lock:
                    self.send(200, {"most": state["most"]})
            elif url.path == "/big":
                self.send(200, b" " * int(query.get("bytes", "0")))
            elif url.path == "/stream":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                total = int(query.get("bytes", "0"))
                try:
                    while total > 0:
                        chunk = min(total, 65536)
                        self.wfile.write(b" " * chunk)
                        total -= chunk
                except OSError:
                    pass
            elif url.path == "/redirect":
                self.send(302, {}, headers=[("Location", "/json")])
            elif url.path == "/loop":
                self.send(302, {}, headers=[("Location", "/loop")])
            elif url.path == "/see-other":
                self.send(303, {}, headers=[("Location", "/echo")])
            elif url.path == "/temporary":
                self.send(307, {}, headers=[("Location", "/echo")])
            elif url.path == "/away":
                self.send(302, {}, headers=[("Location", query.get("to", "/json"))])
            elif url.path == "/to-ftp":
                self.send(302, {}, headers=[("Location", "ftp://127.0.0.1/x")])
            else:
                self.send(404, {"error": "not found"})

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = handle_any

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def get_request(self):
            sock, address = self.socket.accept()
            sock.settimeout(30)
            return context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address

        def finish_request(self, request, client_address):
            try:
                request.do_handshake()
            except (ssl.SSLError, OSError):
                return
            super().finish_request(request, client_address)

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    def exit_with_stdin():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=exit_with_stdin, daemon=True).start()
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
