/// Parsing a large document on two threads: the bytes are cut near the middle
/// (``SecondPartCut``), the second part is scanned by a job the caller runs on
/// another thread while this thread scans the first, and the two tapes are joined.
/// The document is the one ``JSONParser/parse(_:)`` gives, token for token, and so
/// are its errors: whenever the parts do not join (no cut found, an error in either
/// part, a nesting or container mismatch), the first part's scanner goes on over
/// the rest of the input itself, exactly as the serial parse does.
///
/// ```swift
/// let document = try JSONParser().parse(bytes) { job in
///   let second = BackgroundJob(job)  // any way of running `job` on another thread
///   return second.wait
/// }
/// ```
extension JSONParser {
  /// What the second part's scan found, for the join. Opaque: only handed from the
  /// job to ``parse(_:inTwoParts:)``.
  public struct SecondPart: Sendable {
    /// A container opened before the cut and closed in the second part.
    struct Level: Sendable, Equatable {
      var isObject: Bool
      /// Elements or members the second part saw.
      var count: UInt32
      /// The second part's tape index past its last descendant.
      var extent: UInt32
      /// Its keys the second part saw: positions in ``levelKeys``.
      var keys: Range<Int>
    }

    /// A key of a container opened before the cut.
    struct Key: Sendable, Equatable {
      var start: UInt32
      var length: UInt32
      var isPlain: Bool
    }

    var tape: Tape
    var flaggedObjects: [Int]
    var markedStrings: [UInt32]
    /// Innermost first.
    var levels: [Level]
    var levelKeys: [Key]
    /// See ``JSONScanner/depthPeak``.
    var depthPeak: Int
    /// Whether the scan reached the end of the input without an error; nothing else
    /// is set when it did not.
    var isComplete: Bool

    init(
      tape: Tape, flaggedObjects: [Int], markedStrings: [UInt32], levels: [Level],
      levelKeys: [Key], depthPeak: Int
    ) {
      self.tape = tape
      self.flaggedObjects = flaggedObjects
      self.markedStrings = markedStrings
      self.levels = levels
      self.levelKeys = levelKeys
      self.depthPeak = depthPeak
      isComplete = true
    }

    /// A scan that failed: never joined.
    static let failed: SecondPart = {
      var part = SecondPart(
        tape: Tape(reservingCapacity: 0), flaggedObjects: [], markedStrings: [], levels: [],
        levelKeys: [], depthPeak: Int.min)
      part.isComplete = false
      return part
    }()
  }

  /// Parses `bytes` on two threads: `start` is given the job that scans the second
  /// part, starts it on another thread and returns a function that waits for its
  /// result. The result is ``parse(_:)``'s (document or error), whatever the input.
  public func parse(
    _ bytes: [UInt8],
    inTwoParts start: (_ job: @escaping @Sendable () -> SecondPart) -> () -> SecondPart
  ) throws(JSONSyntaxError) -> JSONDocument {
    let cut = bytes.withUnsafeBufferPointer { SecondPartCut.find(in: $0) }
    return try parse(bytes, cutAt: cut, inTwoParts: start).document
  }

  /// ``parse(_:inTwoParts:)`` with the second part starting at `cut` (nil: one
  /// part; any offset is accepted: tests force cuts where no join can work), and
  /// whether the two parts were joined.
  func parse(
    _ bytes: [UInt8], cutAt cut: Int?,
    inTwoParts start: (_ job: @escaping @Sendable () -> SecondPart) -> () -> SecondPart
  ) throws(JSONSyntaxError) -> (document: JSONDocument, isJoined: Bool) {
    guard let cut, cut > 0, cut < bytes.count, bytes.count <= Tape.maximumBytes else {
      return (try parse(bytes), false)
    }
    let maximumDepth = options.maximumDepth
    let wait = start {
      bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(
          buffer: buffer, maximumDepth: maximumDepth, tapeBytes: buffer.count - cut)
        do throws(JSONSyntaxError) {
          try scanner.scanSecondPart(from: cut)
          return scanner.secondPart()
        } catch {
          return .failed
        }
      }
    }
    typealias Scanned = (
      tape: Tape, flaggedObjects: [Int], markedStrings: [UInt32], isJoined: Bool
    )
    let tapeResult: Result<Scanned, JSONSyntaxError> = bytes.withUnsafeBufferPointer {
      buffer in
      var scanner = JSONScanner(buffer: buffer, maximumDepth: maximumDepth)
      scanner.stopIndex = cut
      let first: Result<Void, JSONSyntaxError>
      do throws(JSONSyntaxError) {
        try scanner.scanDocument()
        first = .success(())
      } catch {
        first = .failure(error)
      }
      // Waited for even when not needed: no thread outlives the parse.
      let second = wait()
      do throws(JSONSyntaxError) {
        try first.get()
        let isJoined = scanner.stopped && second.isComplete && scanner.join(second)
        if scanner.stopped, !isJoined {
          // Where the serial scan was at the cut: just past an array's comma.
          scanner.stopIndex = Int.max
          scanner.stopped = false
          try scanner.scan(from: .value, afterComma: true)
        }
        return .success(
          (scanner.tape, scanner.flaggedObjects, scanner.markedStrings, isJoined))
      } catch {
        return .failure(error)
      }
    }
    let scanned = try tapeResult.get()
    let document = JSONDocument(
      bytes: bytes, tape: scanned.tape, flaggedObjects: scanned.flaggedObjects,
      markedStrings: scanned.markedStrings)
    return (document, scanned.isJoined)
  }
}
