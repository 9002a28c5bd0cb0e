/// Writes values of a ``JSONDocument`` as ``JSONPrinter`` prints them compact (without
/// `\u` escapes of non-ASCII text), copying the source bytes wherever they are that text
/// already: a minified screen is mostly copied in runs of many tokens at once.
///
/// Compact output is the source without its whitespace, each token printed as the
/// printer prints its value; the structural characters between tokens (`{`, `:`, `,`,
/// `]`, …) are the same in both, as JSON's grammar fixes them. A token is copied as
/// written when its text is the printed one:
/// - a string without escapes, unless it holds DEL or a C1 control and they are
///   escaped (``JSONPrinter/escapesControlCharacters``); with escapes, when each is one
///   of `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` (the printer's own short forms);
/// - an integer but `-0` (the integer 0); a larger integer prints its source text too;
/// - a number with a fraction and no exponent whose digits a `Double` keeps (at most
///   15 significant digits, no trailing zero but in `.0`) and that `Double` prints in
///   positional notation (`0.0001 ≤ |x| < 10^15`): `1.0`, `-12.5`, `0.016`;
/// - `true`, `false`, `null` and the brackets.
///
/// Other tokens (`\u` and `\/` escapes, `1.50`, `1e5`, `-0`) are decoded and printed,
/// and an object where a key may repeat is materialised (its last value at its first
/// key's place), as the printer would print them.
///
/// Bytes to copy are collected as one run of the source, extended while the output
/// follows the source, and appended at once when it stops doing so.
package struct CompactWriter {
  // Unowned: a writer lives only inside its document's `withCompactWriter`, which
  // holds the document. Holding it strongly counted a reference on the document for
  // every object printed, from every printing thread at once.
  unowned(unsafe) let document: JSONDocument
  let bytes: UnsafeBufferPointer<UInt8>
  let tape: Tape.View
  let escapesControlCharacters: Bool
  /// The text written so far, but the pending run.
  var output: [UInt8]
  /// The pending run: source bytes `runStart..<runEnd` follow ``output``; none when
  /// `runEnd` is negative.
  private var runStart = 0
  private var runEnd = -1

  init(
    document: JSONDocument, bytes: UnsafeBufferPointer<UInt8>, tape: Tape.View,
    escapesControlCharacters: Bool
  ) {
    self.document = document
    self.bytes = bytes
    self.tape = tape
    self.escapesControlCharacters = escapesControlCharacters
    self.output = []
  }

  /// The printer that writes what is not copied.
  private var printer: JSONPrinter {
    JSONPrinter(escapesControlCharacters: escapesControlCharacters)
  }

  // MARK: - Writing

  /// Appends the compact text of the value (or key) at tape index `index`.
  package mutating func appendValue(at index: Int) {
    appendTokens(from: index, to: end(ofValueAt: index))
  }

  /// Appends `"key":value` for the member whose value is at tape index `valueIndex`.
  package mutating func appendMember(valueAt valueIndex: Int) {
    appendTokens(from: valueIndex - 1, to: end(ofValueAt: valueIndex))
  }

  /// Appends `"key":value` for each member whose value is at tape index
  /// `valueIndices[i]`, with commas between them: members that follow each other in
  /// the document are written as one run of tokens (the commas between them are
  /// the document's).
  package mutating func appendMembers(valuesAt valueIndices: UnsafeBufferPointer<UInt32>) {
    var position = valueIndices.startIndex
    while position < valueIndices.endIndex {
      if position > valueIndices.startIndex { append(UInt8(ascii: ",")) }
      let start = Int(valueIndices[position]) &- 1
      var end = self.end(ofValueAt: Int(valueIndices[position]))
      position &+= 1
      // The next member's key is the token right after this member's value.
      while position < valueIndices.endIndex, Int(valueIndices[position]) &- 1 == end {
        end = self.end(ofValueAt: Int(valueIndices[position]))
        position &+= 1
      }
      appendTokens(from: start, to: end)
    }
  }

  /// Appends one structural character (`{`, `,`, `:`, …).
  package mutating func append(_ byte: UInt8) {
    if runEnd >= 0, runEnd < bytes.count, bytes[runEnd] == byte {
      runEnd &+= 1
    } else {
      flush()
      output.append(byte)
    }
  }

  /// Appends `value` as the printer writes it.
  package mutating func append(_ value: JSONValue) {
    flush()
    printer.write(value, into: &output)
  }

  /// Appends the pending run to ``output``.
  mutating func flush() {
    if runEnd > runStart {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]))
    }
    runStart = 0
    runEnd = -1
  }

  // MARK: - Tokens

  /// The tape index just past the value at `index`.
  private func end(ofValueAt index: Int) -> Int {
    let entry = tape[index]
    return entry.kind == .array || entry.kind == .object ? Int(entry.extent) : index &+ 1
  }

  /// Appends the tokens `start..<end` (whole values, or a key and its value) with the
  /// structural characters between them and the closing brackets of the containers
  /// among them.
  private mutating func appendTokens(from start: Int, to end: Int) {
    var index = start
    // Just past the text of the token before (none yet: -1).
    var cursor = -1
    // Containers that close where the tokens end (their brackets follow the last token).
    var closes = 0
    while index < end {
      let entry = tape[index]
      let offset = Int(entry.offset)
      if cursor >= 0 { appendGap(from: cursor, to: offset) }
      switch entry.kind {
      case .object where entry.flag:
        append(document.materialize(from: index))
        cursor = closingEnd(ofContainerAt: index)
        index = Int(entry.extent)
        continue
      case .array, .object:
        if Int(entry.extent) == end { closes &+= 1 }
        cursor = offset &+ 1
        copy(from: offset, to: cursor)
      case .string:
        cursor = offset &+ Int(entry.extent) &+ 2
        if !escapesControlCharacters
          || !holdsControlToEscape(from: offset &+ 1, to: cursor &- 1, isASCII: entry.flag)
        {
          copy(from: offset, to: cursor)
        } else {
          flush()
          output.append(UInt8(ascii: "\""))
          JSONPrinter.writeEscaping(
            UnsafeBufferPointer(rebasing: bytes[(offset &+ 1)..<(cursor &- 1)]),
            escapingControlCharacters: true, into: &output)
          output.append(UInt8(ascii: "\""))
        }
      case .escapedString:
        cursor = offset &+ Int(entry.extent) &+ 2
        if printsAsWritten(escapedFrom: offset &+ 1, to: cursor &- 1) {
          copy(from: offset, to: cursor)
        } else {
          append(.string(document.string(at: entry)))
        }
      case .integer:
        cursor = offset &+ Int(entry.extent)
        if entry.extent == 2, bytes[offset] == UInt8(ascii: "-"), bytes[offset &+ 1] == 0x30 {
          // -0 is the integer 0.
          append(.int(0))
        } else {
          // An Int prints its digits as written (JSON has no leading zeros or `+`), a
          // larger integer its source text.
          copy(from: offset, to: cursor)
        }
      case .float:
        cursor = offset &+ Int(entry.extent)
        if Self.printsAsWritten(decimal: UnsafeBufferPointer(rebasing: bytes[offset..<cursor])) {
          copy(from: offset, to: cursor)
        } else {
          append(document.number(at: entry))
        }
      case .null:
        cursor = offset &+ 4
        copy(from: offset, to: cursor)
      case .bool:
        cursor = offset &+ (entry.flag ? 4 : 5)
        copy(from: offset, to: cursor)
      }
      index &+= 1
    }
    guard closes > 0 else { return }
    // Only closing brackets and whitespace come between the last token and the last
    // of these closing brackets.
    var position = cursor
    while closes > 0 {
      let byte = bytes[position]
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { closes &-= 1 }
      position &+= 1
    }
    appendGap(from: cursor, to: position)
  }

  /// Appends the source bytes `start..<end` between two tokens without their whitespace.
  @inline(__always)
  private mutating func appendGap(from start: Int, to end: Int) {
    var position = start
    while position < end, bytes[position] > 0x20 { position &+= 1 }
    if position == end {
      copy(from: start, to: end)
      return
    }
    for position in start..<end where bytes[position] > 0x20 { append(bytes[position]) }
  }

  /// Adds the source bytes `start..<end`, which are printed text, to the run.
  @inline(__always)
  private mutating func copy(from start: Int, to end: Int) {
    if runEnd == start {
      runEnd = end
    } else {
      flush()
      runStart = start
      runEnd = end
    }
  }

  /// Just past the closing bracket of the container at tape index `index`.
  private func closingEnd(ofContainerAt index: Int) -> Int {
    let end = Int(tape[index].extent)
    // The brackets after the last token close the containers that end with it.
    var closes = 0
    for inner in index..<end {
      let entry = tape[inner]
      if entry.kind == .array || entry.kind == .object, Int(entry.extent) == end { closes += 1 }
    }
    var position = textEnd(of: tape[end - 1])
    while closes > 0 {
      let byte = bytes[position]
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { closes -= 1 }
      position += 1
    }
    return position
  }

  /// Just past a token's text (a container's opening bracket).
  private func textEnd(of entry: TapeEntry) -> Int {
    let offset = Int(entry.offset)
    switch entry.kind {
    case .string, .escapedString: return offset + Int(entry.extent) + 2
    case .integer, .float: return offset + Int(entry.extent)
    case .null: return offset + 4
    case .bool: return offset + (entry.flag ? 4 : 5)
    case .array, .object: return offset + 1
    }
  }

  // MARK: - Tokens printed as written

  /// Whether the string content `start..<end` (no escapes) holds DEL or a C1 control
  /// (U+0080–U+009F, the bytes C2 80–C2 9F): the printer escapes them. May be true for
  /// none (then the escaping path copies it anyway), never false for one.
  @inline(__always)
  private func holdsControlToEscape(from start: Int, to end: Int, isASCII: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasByte(_ word: UInt64, _ byte: UInt64) -> Bool {
      let value = word ^ (ones &* byte)
      return (value &- ones) & ~value & highs != 0
    }
    guard let base = bytes.baseAddress else { return false }
    var position = start
    while position &+ 8 <= end {
      // safe: the eight bytes lie inside the string.
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      if hasByte(word, 0x7F) || (!isASCII && hasByte(word, 0xC2)) { return true }
      position &+= 8
    }
    guard position < end else { return false }
    if position &+ 8 <= bytes.count {
      // The last bytes in one word read past the string (inside the input), the bytes
      // after the string cleared: a cleared byte is neither DEL nor 0xC2.
      // safe: eight bytes from `position` lie inside the input.
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
      let kept = word & (UInt64.max &>> (64 &- 8 &* UInt64(end &- position)))
      return hasByte(kept, 0x7F) || (!isASCII && hasByte(kept, 0xC2))
    }
    while position < end {
      let byte = bytes[position]
      if byte == 0x7F || byte == 0xC2 { return true }
      position &+= 1
    }
    return false
  }

  /// Whether the string content `start..<end`, which holds escapes, prints as written:
  /// each escape one the printer writes the same (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
  /// `\t`; not `\/` or `\u`), and no DEL or C1 control when those are escaped.
  private func printsAsWritten(escapedFrom start: Int, to end: Int) -> Bool {
    var position = start
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\\") {
        switch bytes[position &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position &+= 2
          continue
        default:
          return false
        }
      }
      if escapesControlCharacters, byte == 0x7F || byte == 0xC2 { return false }
      position &+= 1
    }
    return true
  }

  /// Whether a number with a fraction or an exponent prints as written: `-?I.F` with no
  /// exponent, where `I` has at most 15 digits and, when it is 0, `F` at most three
  /// leading zeros (`Double.description` writes `0.0001` but `1e-05`, `10^15` but
  /// `1e+16`), `F` ends in no 0 unless it is `0`, and there are at most 15 significant
  /// digits (a decimal of 15 digits is the shortest text of its `Double`).
  static func printsAsWritten(decimal text: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = text.first == UInt8(ascii: "-") ? 1 : 0
    let integerStart = position
    while position < text.count, text[position] &- 0x30 < 10 { position += 1 }
    let integerDigits = position - integerStart
    guard integerDigits > 0, integerDigits <= 15, position < text.count,
      text[position] == UInt8(ascii: ".")
    else { return false }
    position += 1
    let fractionStart = position
    while position < text.count, text[position] &- 0x30 < 10 { position += 1 }
    let fractionDigits = position - fractionStart
    // An exponent follows the digits.
    guard position == text.count, fractionDigits > 0 else { return false }
    if fractionDigits == 1, text[fractionStart] == 0x30 { return true }
    guard text[text.count - 1] != 0x30 else { return false }
    guard integerDigits == 1, text[integerStart] == 0x30 else {
      return integerDigits + fractionDigits <= 15
    }
    var leadingZeros = 0
    while text[fractionStart + leadingZeros] == 0x30 { leadingZeros += 1 }
    return leadingZeros <= 3 && fractionDigits - leadingZeros <= 15
  }
}

extension JSONDocument {
  /// Calls `body` with a writer appending to `output` (see ``CompactWriter``).
  ///
  /// Not generic: called from another module (a component's properties, each), a
  /// generic one ran unspecialised there.
  package func withCompactWriter(
    escapingControlCharacters: Bool, appendingTo output: inout [UInt8],
    _ body: (inout CompactWriter) -> Void
  ) {
    bytes.withUnsafeBufferPointer { bytes in
      tape.withUnsafeBufferPointer { tape in
        var writer = CompactWriter(
          document: self, bytes: bytes, tape: tape,
          escapesControlCharacters: escapingControlCharacters)
        // The writer holds the only reference while it appends.
        swap(&writer.output, &output)
        defer {
          writer.flush()
          swap(&writer.output, &output)
        }
        body(&writer)
      }
    }
  }
}
