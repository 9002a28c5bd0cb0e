private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let at = UInt8(ascii: "@")
private let openingBrace = UInt8(ascii: "{")

/// The scanning state machine of ``JSONParser``: one pass over the bytes, building
/// the tape. A scan of the second part of a document (``scanSecondPart(from:)``)
/// starts inside an array and records what it cannot know (the containers opened
/// before it) for ``join(_:)``.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let count: Int
  let maximumDepth: Int
  var index = 0
  var tape: Tape
  /// The open containers, innermost last (a stack of its own: no uniqueness or
  /// index check per write, as an array has).
  let open = ScanStack<OpenContainer>()
  /// The keys of the open objects, in order; each open container knows where its
  /// keys begin, and closing it drops them.
  let keys = ScanStack<Key>()
  /// How many keys the open objects have.
  var keyCount: Int { keys.count }
  /// Objects whose tape entry is flagged: a key repeats, or too many keys to compare.
  var flaggedObjects: [Int] = []
  /// Tape indices of the string values (not keys) whose decoded text holds `@{`,
  /// ascending (``JSONDocument/markedStrings``).
  var markedStrings: [UInt32] = []
  /// The tape index of the last string marked (-1: none yet), so a string holding
  /// `@{` twice is marked once.
  var lastMarked = -1

  /// Where a first part's scan stops: just past a comma between two elements of an
  /// array, the byte where the second part's scan began (``JSONParser/parse(_:inTwoParts:)``).
  /// `Int.max`: nowhere.
  var stopIndex = Int.max
  /// Whether the scan stopped at ``stopIndex`` (the rest of the input not scanned).
  var stopped = false
  /// Second part: whether this scan is one (see ``scanSecondPart(from:)``).
  var isSecondPart = false
  /// Second part: the containers opened before the cut that this scan closed,
  /// innermost first.
  var levels: [JSONParser.SecondPart.Level] = []
  /// Second part: the keys of the objects in ``levels``, in order.
  var levelKeys: [JSONParser.SecondPart.Key] = []
  /// Second part: the most containers open above the innermost one opened before
  /// the cut, less those of ``levels`` closed, when one more was opened (`Int.min`:
  /// none was).
  var depthPeak = Int.min

  /// Objects with more keys than this are not checked for repeats while parsing
  /// (comparing every pair would be quadratic); ``JSONDocument`` checks them later.
  static let pairwiseKeyLimit = 16

  /// An array or object being scanned.
  struct OpenContainer {
    /// Its tape index; -1 in a second part for a container opened before the cut
    /// (the bottom of the stack, flagged so its keys are recorded in ``levelKeys``).
    var index: Int
    /// Where its keys begin in `keys`.
    var keyStart: Int
    /// Elements or members so far.
    var count: UInt32
    var isObject: Bool
    /// Whether its tape entry is flagged (a key may repeat).
    var isFlagged = false
    /// Objects: one bit of 64 for each plain key so far, chosen by the key's first
    /// eight bytes and length (``keyBit(prefix:length:)``); all bits once a key is
    /// not plain. A key whose bit is clear repeats none before it: most keys are
    /// recorded without being compared to any.
    var keyBits: UInt64 = 0
  }

  /// A key of an open object, as ``recordKey(start:length:isPlain:)`` compares it.
  struct Key {
    /// Its first eight bytes (fewer for a shorter key, the rest zero), little-endian:
    /// most keys differ there, so most pairs are told apart without a byte loop.
    var prefix: UInt64
    /// Offset of its first byte after the opening quote, and its length in bytes.
    var start: UInt32
    var length: UInt32
    /// Whether it is plain: no escapes, ASCII only (equal keys have equal bytes).
    var isPlain: Bool
  }

  /// A scanner of `buffer`, its tape given room for `tapeBytes` bytes of input
  /// (nil: all of them).
  init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int, tapeBytes: Int? = nil) {
    bytes = buffer
    count = buffer.count
    self.maximumDepth = maximumDepth
    tape = Tape(reservingCapacity: Tape.initialCapacity(forInputBytes: tapeBytes ?? count))
  }

  enum State {
    case value
    case firstKeyOrEnd
    case key
    case afterValue
    /// Second part: a container opened before the cut was closed; the one holding
    /// it is not known yet.
    case afterLevel
  }

  mutating func scanDocument() throws(JSONSyntaxError) {
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < count else { throw .emptyInput(at: position(index)) }
    try scan(from: .value, afterComma: false)
  }

  /// Scans from `index` in state `state` to the end of the input (or to
  /// ``stopIndex``).
  mutating func scan(
    from start: State, afterComma startsAfterComma: Bool
  )
    throws(JSONSyntaxError)
  {
    var state = start
    var afterComma = startsAfterComma
    while true {
      switch state {
      case .value:
        let followsComma = afterComma
        afterComma = false
        skipWhitespace()
        guard index < count else {
          throw .unexpectedEndOfInput(expected: "a value", at: position(index))
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
          try openContainer(.object)
          state = .firstKeyOrEnd
          continue
        case UInt8(ascii: "["):
          try openContainer(.array)
          skipWhitespace()
          if index < count, bytes[index] == UInt8(ascii: "]") {
            closeContainer()
            state = .afterValue
          } else {
            state = .value
          }
          continue
        case quote:
          try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          try scanNumber()
        case UInt8(ascii: "t"):
          try scanLiteral("true", kind: .bool, flag: true)
        case UInt8(ascii: "f"):
          try scanLiteral("false", kind: .bool, flag: false)
        case UInt8(ascii: "n"):
          try scanLiteral("null", kind: .null, flag: false)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          let expected = followsComma ? "a value (JSON allows no trailing comma)" : "a value"
          throw unexpected(expected: expected)
        default:
          throw unexpected(expected: "a value")
        }
        state = .afterValue
      case .firstKeyOrEnd:
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "}") {
          closeContainer()
          state = .afterValue
        } else {
          try scanKey(expected: "a string key or '}'")
          state = .value
        }
      case .key:
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "}") {
          throw unexpected(expected: "a string key (JSON allows no trailing comma)")
        }
        try scanKey(expected: "a string key")
        state = .value
      case .afterValue:
        let top = open.count &- 1
        guard top >= 0 else {
          skipWhitespace()
          if index < count { throw trailing() }
          return
        }
        open[top].count &+= 1
        skipWhitespace()
        let isObject = open[top].isObject
        guard index < count else {
          throw .unexpectedEndOfInput(
            expected: isObject ? "',' or '}'" : "',' or ']'", at: position(index))
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") {
          index += 1
          if !isObject, index == stopIndex {
            stopped = true
            return
          }
          afterComma = !isObject
          state = isObject ? .key : .value
        } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          if open[top].index < 0 {
            try closeLevel()
            state = .afterLevel
          } else {
            closeContainer()
            state = .afterValue
          }
        } else {
          throw unexpected(expected: isObject ? "',' or '}'" : "',' or ']'")
        }
      case .afterLevel:
        state = try scanAfterLevel()
        afterComma = state == .value
        // The end of the input: the join checks that the levels closed are the
        // containers open at the cut.
        if state == .afterValue { return }
      }
    }
  }

  // MARK: Containers

  @inline(__always)
  private mutating func openContainer(_ kind: TapeEntry.Kind) throws(JSONSyntaxError) {
    guard open.count < maximumDepth else {
      throw .nestingTooDeep(limit: maximumDepth, at: position(index))
    }
    if isSecondPart { depthPeak = max(depthPeak, open.count &- 1 &- levels.count) }
    open.append(
      OpenContainer(index: tape.count, keyStart: keyCount, count: 0, isObject: kind == .object))
    tape.appendContainer(kind: kind, offset: index)
    index += 1
  }

  @inline(__always)
  private mutating func closeContainer() {
    // Only called with an open container on the stack.
    guard let container = open.popLast() else { return }
    tape.close(containerAt: container.index, count: container.count)
    keys.truncate(to: container.keyStart)
    index += 1
  }

  /// Records the key just scanned (the last tape entry; its content is `length`
  /// bytes from `start`) for the innermost object, flagging the object when the key
  /// repeats one before it. Plain ASCII keys (no escapes) are compared on their
  /// bytes; a pair where either is not plain flags the object, and ``JSONDocument``
  /// compares them as strings.
  ///
  /// Inlined where a key is scanned: most keys are plain and have a bit no key
  /// before them has (the fast path here); the others take ``recordKeySlowly(start:length:isPlain:)``.
  @inline(__always)
  mutating func recordKey(start: Int, length: Int, isPlain: Bool) {
    let top = open.count &- 1
    if top >= 0, isPlain, !open[top].isFlagged,
      keyCount &- open[top].keyStart < Self.pairwiseKeyLimit
    {
      let prefix = keyPrefix(start: start, length: length)
      let bit = Self.keyBit(prefix: prefix, length: length)
      let bits = open[top].keyBits
      if bits & bit == 0 {
        // No key before it has its bit: none is equal to it, and all are plain.
        open[top].keyBits = bits | bit
        appendKey(prefix: prefix, start: start, length: length, isPlain: true)
        return
      }
    }
    recordKeySlowly(start: start, length: length, isPlain: isPlain)
  }

  /// ``recordKey(start:length:isPlain:)`` for every key (the fast path's keys too).
  @inline(never)
  private mutating func recordKeySlowly(start: Int, length: Int, isPlain: Bool) {
    let top = open.count &- 1
    // Only called for a key, so inside an object.
    guard top >= 0, !open[top].isFlagged else {
      if top >= 0, open[top].index < 0 {
        levelKeys.append(
          JSONParser.SecondPart.Key(
            start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
            isPlain: isPlain))
      }
      return
    }
    let first = open[top].keyStart
    if keyCount &- first >= Self.pairwiseKeyLimit {
      flag(top)
      return
    }
    let prefix = keyPrefix(start: start, length: length)
    let bit = Self.keyBit(prefix: prefix, length: length)
    let bits = open[top].keyBits
    if isPlain, bits & bit == 0 {
      // No key before it has its bit: none is equal to it, and all are plain.
      open[top].keyBits = bits | bit
      appendKey(prefix: prefix, start: start, length: length, isPlain: true)
      return
    }
    guard let base = bytes.baseAddress else { return }
    let lhs = base + start
    var position = first
    while position < keyCount {
      let other = keys[position]
      position &+= 1
      guard isPlain, other.isPlain else {
        flag(top)
        return
      }
      guard Int(other.length) == length, other.prefix == prefix else { continue }
      // safe: both keys lie inside the input: `length` bytes from their starts. The
      // first eight are equal (the prefixes are).
      let rhs = base + Int(other.start)
      var offset = min(8, length)
      while offset < length, lhs[offset] == rhs[offset] { offset &+= 1 }
      if offset == length {
        flag(top)
        return
      }
    }
    open[top].keyBits = isPlain ? bits | bit : ~0
    appendKey(prefix: prefix, start: start, length: length, isPlain: isPlain)
  }

  /// The bit of ``OpenContainer/keyBits`` for a key: equal keys have equal prefixes
  /// and lengths, so the same bit (the top 6 bits of a multiplicative hash).
  @inline(__always)
  private static func keyBit(prefix: UInt64, length: Int) -> UInt64 {
    let hash = (prefix ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
    return 1 &<< (hash &>> 58)
  }

  /// Appends a key to the innermost object's keys.
  @inline(__always)
  private func appendKey(prefix: UInt64, start: Int, length: Int, isPlain: Bool) {
    keys.append(
      Key(
        prefix: prefix, start: UInt32(truncatingIfNeeded: start),
        length: UInt32(truncatingIfNeeded: length), isPlain: isPlain))
  }

  /// The first eight bytes of the `length` bytes at `start` (fewer when shorter, the
  /// rest zero), the first byte lowest.
  @inline(__always)
  private func keyPrefix(start: Int, length: Int) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0 }
    if length >= 8 {
      // safe: the key's bytes lie inside the input.
      return UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    }
    if start &+ 8 <= count {
      // safe: eight bytes from `start` lie inside the input; those past the key are masked off.
      let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
      return word & ((1 << (UInt64(length) &* 8)) &- 1)
    }
    var word: UInt64 = 0
    for offset in 0..<length {
      word |= UInt64(base[start &+ offset]) << (UInt64(offset) &* 8)
    }
    return word
  }

  /// Flags the open container at `position` in `open`.
  private mutating func flag(_ position: Int) {
    open[position].isFlagged = true
    let container = open[position].index
    tape.setFlag(at: container)
    flaggedObjects.append(container)
  }

  @inline(__always)
  private mutating func scanKey(expected: String) throws(JSONSyntaxError) {
    guard index < count else {
      throw .unexpectedEndOfInput(expected: expected, at: position(index))
    }
    guard bytes[index] == quote else { throw unexpected(expected: expected) }
    let start = index &+ 1
    let isPlain = try scanString()
    // The scan stopped past the closing quote.
    recordKey(start: start, length: index &- start &- 1, isPlain: isPlain)
    skipWhitespace()
    guard index < count else { throw .unexpectedEndOfInput(expected: "':'", at: position(index)) }
    guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
    index += 1
  }

  // MARK: Scalars

  /// Scans `true`, `false` or `null` (`word`) at `index`. Inlined into the scan loop
  /// with its word known: a literal spelled in full is compared without a call.
  @inline(__always)
  private mutating func scanLiteral(
    _ word: StaticString, kind: TapeEntry.Kind, flag: Bool
  ) throws(JSONSyntaxError) {
    let start = index
    let length = word.utf8CodeUnitCount
    if start &+ length <= count, let base = bytes.baseAddress {
      let text = word.utf8Start
      var offset = 1  // The byte at `start` was the scan's choice of word.
      while offset < length, base[start &+ offset] == text[offset] { offset &+= 1 }
      if offset == length {
        index = start &+ length
        tape.appendScalar(kind: kind, flag: flag, offset: start, extent: 0)
        return
      }
    }
    try scanLiteralSlowly(word, kind: kind, flag: flag)
  }

  /// ``scanLiteral(_:kind:flag:)`` byte by byte, with its errors.
  @inline(never)
  private mutating func scanLiteralSlowly(
    _ word: StaticString, kind: TapeEntry.Kind, flag: Bool
  ) throws(JSONSyntaxError) {
    let start = index
    let length = word.utf8CodeUnitCount
    let text = UnsafeBufferPointer(start: word.utf8Start, count: length)
    for offset in 0..<length {
      guard start + offset < count else {
        throw .unexpectedEndOfInput(expected: "'\(word)'", at: position(start + offset))
      }
      guard bytes[start + offset] == text[offset] else {
        index = start + offset
        throw unexpected(expected: offset == 0 ? "a value" : "'\(word)'")
      }
    }
    index = start + length
    tape.appendScalar(kind: kind, flag: flag, offset: start, extent: 0)
  }

  private mutating func scanNumber() throws(JSONSyntaxError) {
    let start = index
    var isFloat = false
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count, isDigit(bytes[index]) else {
      throw .invalidNumber(reason: "expected a digit after '-'", at: position(index))
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, isDigit(bytes[index]) {
        throw .invalidNumber(reason: "leading zeros are not allowed", at: position(start))
      }
    } else {
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      isFloat = true
      index += 1
      guard index < count, isDigit(bytes[index]) else {
        throw .invalidNumber(
          reason: "expected a digit after the decimal point", at: position(index))
      }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isFloat = true
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < count, isDigit(bytes[index]) else {
        throw .invalidNumber(reason: "expected a digit in the exponent", at: position(index))
      }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    tape.appendScalar(
      kind: isFloat ? .float : .integer, flag: false, offset: start,
      extent: UInt32(truncatingIfNeeded: index - start))
  }

  /// Scans the string at `index` (its opening quote) and returns whether it is plain:
  /// no escapes and ASCII only. Marks it (``markedStrings``) when its decoded text
  /// holds `@{`.
  ///
  /// Inlined where a key and a value are scanned: strings are short, and a call's
  /// prologue and epilogue (six registers saved and restored) cost a tenth of a scan.
  @discardableResult
  @inline(__always)
  private mutating func scanString() throws(JSONSyntaxError) -> Bool {
    let start = index
    index += 1
    var hasEscape = false
    var isASCII = true
    // A `\u` escape spelled `@` or `{`: only then is the decoded text looked at.
    var escapesMarkerCharacter = false
    // safe: only called at a quote, so the buffer is not empty.
    guard let base = bytes.baseAddress else { return false }
    while true {
      // Eight bytes at a time, straight to the first quote, backslash, control
      // character, non-ASCII byte or `@`: most strings are short, so the byte where
      // the scan stops is found from the word, not by stepping byte by byte.
      // The position in a local (not `index`, a stored property written back on every
      // step) and the bound computed once: a few instructions a word.
      var scan = index
      let lastWord = count &- 8
      while scan <= lastWord {
        // safe: scan + 8 <= count, so all eight bytes are in the buffer.
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self))
        let special = specialBytes(word)
        if special != 0 {
          scan &+= special.trailingZeroBitCount &>> 3
          break
        }
        scan &+= 8
      }
      index = scan
      guard index < count else {
        throw .unexpectedEndOfInput(expected: "'\"' to close the string", at: position(index))
      }
      // safe: index < count.
      let byte = base[index]
      if byte == quote {
        break
      } else if byte == backslash {
        hasEscape = true
        if try scanEscape() { escapesMarkerCharacter = true }
      } else if byte < 0x20 {
        throw .controlCharacterInString(byte, at: position(index))
      } else if byte >= 0x80 {
        guard let length = utf8SequenceLength(at: index) else {
          throw .invalidUTF8(at: position(index))
        }
        isASCII = false
        index &+= length
      } else {
        // An `@` (near the end of the input, where bytes are stepped one by one, any
        // other byte).
        if byte == at, index &+ 1 < count, base[index &+ 1] == openingBrace {
          markString(openingQuoteAt: start)
        }
        index &+= 1
      }
    }
    if escapesMarkerCharacter, decodedTextHoldsMarker(from: start &+ 1, to: index) {
      markString(openingQuoteAt: start)
    }
    tape.appendScalar(
      kind: hasEscape ? .escapedString : .string, flag: isASCII, offset: start,
      extent: UInt32(truncatingIfNeeded: index - start - 1))
    index &+= 1
    return isASCII && !hasEscape
  }

  /// Marks the string being scanned (the next token on the tape; its opening quote
  /// at `start`) as holding `@{`, unless it is a key. Called only for such strings,
  /// so keys are told apart here rather than on every key: in an object, a string
  /// is a value when a `:` comes before it.
  private mutating func markString(openingQuoteAt start: Int) {
    let string = tape.count
    guard lastMarked != string else { return }
    if let innermost = open.last, innermost.isObject {
      var before = start &- 1
      while before > 0, bytes[before] <= 0x20 { before &-= 1 }
      // Only whitespace (space, tab, line feed, carriage return) can come between
      // a `:`, `,` or `{` and the string, as the scan has checked.
      guard bytes[before] == UInt8(ascii: ":") else { return }
    }
    lastMarked = string
    markedStrings.append(UInt32(truncatingIfNeeded: string))
  }

  /// Whether the decoded text of the well-formed string content from `start` to
  /// `end` (escapes checked already) holds `@{`, each character spelled raw or as a
  /// `\u` escape.
  private func decodedTextHoldsMarker(from start: Int, to end: Int) -> Bool {
    var position = start
    var previousIsAt = false
    while position < end {
      var character: UInt16 = 0
      if bytes[position] == backslash {
        if bytes[position &+ 1] == UInt8(ascii: "u") {
          character = hexUnit(at: position &+ 2) ?? 0
          position &+= 6
        } else {
          // A one-character escape spells neither `@` nor `{`.
          position &+= 2
        }
      } else {
        character = UInt16(bytes[position])
        position &+= 1
      }
      if previousIsAt, character == UInt16(openingBrace) { return true }
      previousIsAt = character == UInt16(at)
    }
    return false
  }

  /// Scans the escape at `index` (its backslash); returns whether it is a `\u`
  /// escape spelling `@` or `{`.
  private mutating func scanEscape() throws(JSONSyntaxError) -> Bool {
    let start = index
    guard index + 1 < count else {
      throw .unexpectedEndOfInput(expected: "an escape sequence", at: position(index + 1))
    }
    switch bytes[index + 1] {
    case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
    case UInt8(ascii: "u"):
      guard let unit = hexUnit(at: index + 2) else {
        throw .invalidEscape(text(from: start, maximumLength: 6), at: position(start))
      }
      index += 6
      if unit == UInt16(at) || unit == UInt16(openingBrace) { return true }
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < count, bytes[index] == backslash, bytes[index + 1] == UInt8(ascii: "u"),
          let low = hexUnit(at: index + 2), (0xDC00...0xDFFF).contains(low)
        else {
          throw .loneSurrogate(text(from: start, maximumLength: 6), at: position(start))
        }
        index += 6
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw .loneSurrogate(text(from: start, maximumLength: 6), at: position(start))
      }
    default:
      throw .invalidEscape(text(from: start, maximumLength: 2), at: position(start))
    }
    return false
  }

  private func hexUnit(at offset: Int) -> UInt16? {
    guard offset + 4 <= count else { return nil }
    var unit: UInt16 = 0
    for byte in bytes[offset..<offset + 4] {
      guard let digit = hexDigitValue(byte) else { return nil }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// The length of the well-formed UTF-8 sequence starting at `offset`, if any.
  @inline(__always)
  private func utf8SequenceLength(at offset: Int) -> Int? {
    Self.utf8SequenceLength(in: bytes, at: offset)
  }

  /// The length of the well-formed UTF-8 sequence starting at `offset` of `bytes`, if
  /// any. Static: called on the scanner, the call copied the whole scanner first.
  private static func utf8SequenceLength(
    in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> Int? {
    let count = bytes.count
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard offset + length <= count else { return nil }
    guard (low...high).contains(bytes[offset + 1]) else { return nil }
    for continuation in bytes[(offset + 2)..<(offset + length)]
    where continuation & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  // MARK: Whitespace and errors

  /// Skips whitespace. Minified input has none: the common case is one test, inlined.
  @inline(__always)
  mutating func skipWhitespace() {
    if index < count, bytes[index] > 0x20 { return }
    skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() {
    while index < count {
      switch bytes[index] {
      case 0x0A:
        index += 1
        skipIndentation()
      case 0x20, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// Skips runs of spaces eight bytes at a time: pretty-printed payloads are mostly
  /// indentation after each line break.
  @inline(__always)
  private mutating func skipIndentation() {
    guard let base = bytes.baseAddress else { return }
    let spaces: UInt64 = 0x2020_2020_2020_2020
    while index + 8 <= count,
      UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == spaces
    {
      index += 8
    }
  }

  func position(_ offset: Int) -> SourcePosition {
    // Errors are rare: one pass over the prefix is cheaper than a table.
    var line = 1
    var lineStart = 0
    for current in 0..<min(offset, count) where bytes[current] == UInt8(ascii: "\n") {
      line += 1
      lineStart = current + 1
    }
    return SourcePosition(line: line, column: offset - lineStart + 1, offset: offset)
  }

  func unexpected(expected: String) -> JSONSyntaxError {
    let byte = bytes[index]
    if byte >= 0x80 {
      guard let length = utf8SequenceLength(at: index) else {
        return .invalidUTF8(at: position(index))
      }
      let character = String(decoding: bytes[index..<index + length], as: UTF8.self)
      return .unexpectedCharacter(found: "'\(character)'", expected: expected, at: position(index))
    }
    return .unexpectedCharacter(found: describe(byte), expected: expected, at: position(index))
  }

  private func trailing() -> JSONSyntaxError {
    let byte = bytes[index]
    if byte >= 0x80, utf8SequenceLength(at: index) == nil {
      return .invalidUTF8(at: position(index))
    }
    let found = byte >= 0x80 ? "text" : "character \(describe(byte))"
    return .trailingContent(found: found, at: position(index))
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "U+\(JSONSyntaxError.hex(byte))"
  }

  private func text(from offset: Int, maximumLength: Int) -> String {
    let end = min(count, offset + maximumLength)
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }
}

// MARK: - Byte helpers

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool {
  byte &- UInt8(ascii: "0") < 10
}

@inline(__always)
func hexDigitValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}

/// The bytes of `word` (little-endian: the first byte lowest) that are a quote, a
/// backslash, an `@`, a control character or not ASCII, each marked by its high bit (the
/// classic "has zero byte" bit tricks). Bytes above the first marked one may be
/// marked wrongly (a borrow runs upwards), so only the lowest mark is exact: its
/// byte is the first special one.
///
/// Below the first special byte nothing borrows, so `x - ones` sets a byte's high
/// bit there only when the byte is at least 0x81, and `word - 0x20s` only when it
/// is at least 0xA0: bytes that are not ASCII, marked by `word` anyway. The usual
/// `& ~x` of each test is therefore not needed for the lowest mark.
@inline(__always)
private func specialBytes(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  let quotes = word ^ (ones &* 0x22)
  let backslashes = word ^ (ones &* 0x5C)
  let ats = word ^ (ones &* 0x40)
  let belowSpace = word &- (ones &* 0x20)
  return ((quotes &- ones) | (backslashes &- ones) | (ats &- ones) | belowSpace | word) & highs
}
