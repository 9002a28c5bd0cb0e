import BeagleJSON
import BeagleRuntime

/// Text output built one line at a time, every line's content escaped whole.
///
/// A renderer writes its lines through ``line(_:)``, which escapes every control
/// character of the content — line breaks included — and then ends the line, or piece
/// by piece through ``append(_:)`` and ``endLine()``, which escape each piece the same
/// way. The only line breaks in the output are the ones ``line(_:)`` and ``endLine()``
/// add, so no payload string (a type name, a context id, an `openExternalURL` URL, a
/// text) can end a line early and print one of its own: `--- exit 0` or a fake state
/// line. There is no way to append raw text: a string interpolated anywhere into a
/// line is escaped with it.
///
/// ```swift
/// var out = OutlineText()
/// out.line("external URL: \(url)")   // "https://x/\n--- exit 0" stays on one line
/// out.text                           // "external URL: https://x/\\n--- exit 0\n"
/// ```
///
/// The lines are kept as UTF-8 bytes, escaped as they are appended
/// (``String/escapingControlCharacters(keepingNewlines:)``'s escapes, byte for byte):
/// an outline of a large screen is written without building a string per line.
public struct OutlineText: Sendable {
  /// The UTF-8 bytes of the lines written so far, each ending with `\n`.
  public private(set) var bytes: [UInt8] = []

  public init() {}

  /// The lines written so far, each ending with `\n`.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes `content` (escaped, ``String/escapingControlCharacters(keepingNewlines:)``)
  /// as one line.
  public mutating func line(_ content: String) {
    append(content)
    endLine()
  }

  /// Writes an empty line.
  public mutating func blankLine() { endLine() }

  /// Appends `piece` to the current line, its control characters escaped.
  public mutating func append(_ piece: String) {
    var piece = piece
    piece.withUTF8 { Self.appendEscaping($0, to: &bytes) }
  }

  /// Appends `piece`, which has no control characters, to the current line.
  ///
  /// A literal of the renderer's own, never a payload: copied as it is, without looking
  /// for characters to escape (a debug build checks that it has none).
  public mutating func append(_ piece: StaticString) {
    piece.withUTF8Buffer { piece in
      assert(
        !Self.containsControlCharacter(piece, keepingNewlines: false),
        "an outline literal holds a control character")
      bytes.append(contentsOf: piece)
    }
  }

  /// Appends the UTF-8 text `piece` (valid UTF-8: a string's bytes) to the current
  /// line, its control characters escaped as ``append(_:)-(String)`` escapes them.
  public mutating func append(utf8 piece: UnsafeBufferPointer<UInt8>) {
    Self.appendEscaping(piece, to: &bytes)
  }

  /// Appends the UTF-8 text `write` appends to a byte array (valid UTF-8), its control
  /// characters escaped as ``append(_:)-(String)`` escapes them: written in place, and
  /// escaped again from a copy only when it holds one.
  public mutating func append(writing write: (inout [UInt8]) -> Void) {
    let start = bytes.count
    write(&bytes)
    let holdsControl = bytes.withUnsafeBufferPointer {
      Self.containsControlCharacter(
        UnsafeBufferPointer(rebasing: $0[start...]), keepingNewlines: false)
    }
    guard holdsControl else { return }
    let written = Array(bytes[start...])
    bytes.removeSubrange(start...)
    written.withUnsafeBufferPointer { Self.appendEscaping($0, to: &bytes) }
  }

  /// Lines already written to an ``OutlineText`` (escaped then), to be written again
  /// as they are: ``snippet(from:)`` takes them, ``append(_:)-(Snippet)`` repeats them.
  struct Snippet {
    fileprivate var bytes: [UInt8]
  }

  /// What was written since ``byteCount`` was `start` (no flush in between).
  /// A copy: a slice would share the buffer, and the next append would copy all of it.
  func snippet(from start: Int) -> Snippet { Snippet(bytes: Array(bytes[start...])) }

  /// Writes `snippet` again.
  mutating func append(_ snippet: Snippet) { bytes.append(contentsOf: snippet.bytes) }

  /// Appends `count` spaces to the current line.
  public mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    // Copied from a row of spaces: appending a repeated element went element by element.
    var remaining = count
    Self.spaces.withUTF8Buffer { spaces in
      while remaining > 0 {
        let part = min(remaining, spaces.count)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[0..<part]))
        remaining -= part
      }
    }
  }

  private static let spaces: StaticString =
    "                                                                "

  /// Ends the current line.
  public mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }

  /// The size of what was written, in UTF-8 bytes.
  public var byteCount: Int { bytes.count }

  /// Makes room for `count` bytes in all, so that writing up to them allocates once.
  mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }

  /// Hands what was written to `output` and empties it.
  public mutating func flush(to output: (String) -> Void) {
    guard !bytes.isEmpty else { return }
    output(text)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Hands the UTF-8 bytes written to `output` and empties it (no string is made).
  public mutating func flush(toBytes output: ([UInt8]) -> Void) {
    guard !bytes.isEmpty else { return }
    output(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Whether `bytes` (UTF-8) hold a control character that
  /// ``String/escapingControlCharacters(keepingNewlines:)`` would escape: C0, DEL or C1,
  /// line feeds excepted when `keepingNewlines`.
  public static func containsControlCharacter(
    _ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    func isControl(at index: Int) -> Bool {
      let byte = bytes[index]
      if byte < 0x20 { return !(keepingNewlines && byte == 0x0A) }
      if byte == 0x7F { return true }
      guard byte == 0xC2, index + 1 < count else { return false }
      return (0x80...0x9F).contains(bytes[index + 1])
    }
    var index = 0
    while index + 8 <= count {
      if mayHoldControlByte(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
        for position in index..<(index + 8) where isControl(at: position) { return true }
      }
      index += 8
    }
    for position in index..<count where isControl(at: position) { return true }
    return false
  }

  // MARK: - Escaping

  /// Appends `source` with its control characters escaped: C0 (bytes below 0x20), DEL
  /// (0x7F) and C1 (`C2 80`–`C2 9F`) as `\n`, `\r`, `\t` or `\u{1B}`, the escapes of
  /// ``String/escapingControlCharacters(keepingNewlines:)``. Eight bytes at a time, a
  /// word holding none of them is copied as it is (most of the output).
  static func appendEscaping(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    guard let base = source.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    let count = source.count
    // Most pieces have nothing to escape: one look at their words (the last one
    // overlapping the one before), then one copy. A piece shorter than a word (a type's
    // name, an id, a label) is read as one word padded with spaces, which need no escape.
    if count < 8 {
      if !mayHoldControlByte(PaddedWord.load(raw, count: count)) {
        bytes.append(contentsOf: source)
        return
      }
    } else {
      var offset = 0
      var isPlain = true
      while offset + 8 <= count {
        if mayHoldControlByte(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
          isPlain = false
          break
        }
        offset += 8
      }
      if isPlain,
        offset == count
          || !mayHoldControlByte(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      {
        bytes.append(contentsOf: source)
        return
      }
    }
    var copied = 0
    var index = 0
    while index < count {
      if index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if !mayHoldControlByte(word) {
          index += 8
          continue
        }
      }
      let byte = source[index]
      let escapedLength: Int
      if byte < 0x20 || byte == 0x7F {
        escapedLength = 1
      } else if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(source[index + 1]) {
        escapedLength = 2
      } else {
        index += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
      let value = escapedLength == 1 ? byte : source[index + 1]
      switch value {
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      default:
        bytes.append(contentsOf: "\\u{".utf8)
        bytes.append(contentsOf: String(value, radix: 16, uppercase: true).utf8)
        bytes.append(UInt8(ascii: "}"))
      }
      index += escapedLength
      copied = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<count]))
  }

  /// Whether one of the word's bytes is below 0x20, 0x7F or 0xC2 (never false when
  /// one is; sometimes true when none is, as the borrows of the subtractions can make it).
  private static func mayHoldControlByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    let hasLow = (word &- ones &* 0x20) & ~word & highs != 0
    return hasLow || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
  }
}
