/// A strict RFC 8259 parser over UTF-8 bytes that builds a ``JSONDocument``.
///
/// It never recurses: nesting is tracked on an explicit stack and bounded by
/// ``Options/maximumDepth``, so no input can overflow the call stack. A leading
/// UTF-8 byte order mark is skipped; anything but whitespace after the value is an
/// error; strings are checked to be well-formed UTF-8 with valid escapes.
public struct JSONParser: Sendable {
  public struct Options: Sendable, Equatable {
    /// How deeply arrays and objects may nest (the root container is depth 1).
    public var maximumDepth: Int

    /// The nesting limit used unless another is configured.
    public static let defaultMaximumDepth = 512
    /// The highest limit accepted; deeper values could not be freed without
    /// deep recursion.
    public static let largestMaximumDepth = 10_000

    public init(maximumDepth: Int = Options.defaultMaximumDepth) {
      self.maximumDepth = min(max(1, maximumDepth), Self.largestMaximumDepth)
    }
  }

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Parses `bytes` into a document.
  public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
    guard bytes.count <= Tape.maximumBytes else { throw .inputTooLarge(bytes: bytes.count) }
    typealias Scanned = (tape: Tape, flaggedObjects: [Int], markedStrings: [UInt32])
    let tapeResult: Result<Scanned, JSONSyntaxError> = bytes.withUnsafeBufferPointer {
      buffer in
      var scanner = JSONScanner(buffer: buffer, maximumDepth: options.maximumDepth)
      do throws(JSONSyntaxError) {
        try scanner.scanDocument()
        return .success((scanner.tape, scanner.flaggedObjects, scanner.markedStrings))
      } catch {
        return .failure(error)
      }
    }
    let scanned = try tapeResult.get()
    return JSONDocument(
      bytes: bytes, tape: scanned.tape, flaggedObjects: scanned.flaggedObjects,
      markedStrings: scanned.markedStrings)
  }
}
