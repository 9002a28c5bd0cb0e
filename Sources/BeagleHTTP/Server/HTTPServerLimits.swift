/// What the preview server accepts from one connection, so that no client (a
/// browser, a script, a port scanner) can make it hold unbounded memory, threads
/// or time.
///
/// The defaults are far above what a page sends (its largest request is a
/// recorded event list) and far below what would hurt the machine.
public struct HTTPServerLimits: Sendable, Equatable {
  /// The longest request line (`GET /path?query HTTP/1.1`), in bytes: longer is 414.
  public var maximumRequestLineBytes: Int
  /// The longest header section after the request line, in bytes: longer is 431.
  public var maximumHeaderBytes: Int
  /// The most header fields: more is 431.
  public var maximumHeaderCount: Int
  /// The largest body, in bytes: a larger `Content-Length` is 413, unread.
  public var maximumBodyBytes: Int
  /// Seconds a client has to send its whole request (head and body): slower is 408.
  public var readTimeout: Double
  /// Seconds the server waits for a client to take its response before closing.
  public var writeTimeout: Double
  /// Connections served at once; one more is answered 503 at once and closed.
  public var maximumConnections: Int

  public init(
    maximumRequestLineBytes: Int = 8 << 10, maximumHeaderBytes: Int = 32 << 10,
    maximumHeaderCount: Int = 100, maximumBodyBytes: Int = 1 << 20, readTimeout: Double = 10,
    writeTimeout: Double = 10, maximumConnections: Int = 32
  ) {
    self.maximumRequestLineBytes = maximumRequestLineBytes
    self.maximumHeaderBytes = maximumHeaderBytes
    self.maximumHeaderCount = maximumHeaderCount
    self.maximumBodyBytes = maximumBodyBytes
    self.readTimeout = readTimeout
    self.writeTimeout = writeTimeout
    self.maximumConnections = maximumConnections
  }
}
