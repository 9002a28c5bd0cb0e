import BeagleJSON

/// A hand-written recursive-descent parser for iOS's expression grammar (docs/spec.md §5.3).
///
/// iOS combines regular expressions with ordered choice and no backtracking across
/// alternatives. This parser makes the same decisions by looking at the next characters:
///
/// - a number (`-?digits`, then `.digits` for a double) is a literal unless its digits are
///   followed by a word character (`1e5` and `12abc` are context ids);
/// - `true`, `false` and `null` are literals wherever they start a value, so `nullable`
///   fails;
/// - a word followed by `(` is an operation call, any other word starts a binding.
///
/// Ranges are UTF-8 byte offsets into `bytes`, which may be a larger string than the
/// expression (a template), so errors point into the caller's text.
struct Parser {
  /// The deepest nesting of operation calls accepted.
  static let maximumNesting = 256

  let bytes: [UInt8]
  var position: Int
  let end: Int
  let allowsArguments: Bool
  private var depth = 0
  /// The range of every node in pre-order.
  private(set) var nodeRanges: [Range<Int>] = []

  init(bytes: [UInt8], start: Int, end: Int, allowsArguments: Bool) {
    self.bytes = bytes
    self.position = start
    self.end = end
    self.allowsArguments = allowsArguments
  }

  // MARK: - Entry points

  /// Parses `bytes[position..<end]` as one expression that must use all of it.
  mutating func parseWholeText() throws(ExpressionError) -> Expression {
    guard position < end else { throw .emptyExpression(range: position..<end) }
    let expression = try parseValue()
    guard position < end else { return expression }
    if isWhitespace(at: position) {
      throw .misplacedWhitespace(range: characterRange(at: position))
    }
    throw unexpected(expected: "the end of the expression")
  }

  /// Parses the expression of a template that starts at `opening` (the `@` of `@{`) and
  /// consumes the closing `}`.
  mutating func parseEmbedded(opening: Int) throws(ExpressionError) -> Expression {
    if position < end && bytes[position] == Characters.closeBrace {
      throw .emptyExpression(range: opening..<position + 1)
    }
    guard position < end else { throw .unterminatedExpression(range: opening..<end) }
    let expression = try parseValue()
    guard position < end else { throw .unterminatedExpression(range: opening..<end) }
    if bytes[position] == Characters.closeBrace {
      position += 1
      return expression
    }
    if isWhitespace(at: position) {
      throw .misplacedWhitespace(range: characterRange(at: position))
    }
    throw unexpected(expected: "'}'")
  }

  // MARK: - Values

  /// `value | operation`: a literal, a binding, a call or a positional argument.
  private mutating func parseValue() throws(ExpressionError) -> Expression {
    guard position < end else { throw .unexpectedEnd(expected: "a value", range: end..<end) }
    let start = position
    let node = nodeRanges.count
    nodeRanges.append(start..<start)
    let expression = try parseValueBody()
    nodeRanges[node] = start..<position
    return expression
  }

  private mutating func parseValueBody() throws(ExpressionError) -> Expression {
    let byte = bytes[position]
    switch byte {
    case Characters.quote:
      return .literal(.string(try parseQuoted()))
    case Characters.minus:
      return try parseNumber()
    case _ where Characters.isDigit(byte):
      return try parseNumber()
    case Characters.at:
      return try parseArgument()
    default:
      break
    }
    if let keyword = keyword(at: position) {
      return try parseKeyword(keyword)
    }
    if isWord(at: position) {
      return try parseWord()
    }
    if isWhitespace(at: position) {
      throw .misplacedWhitespace(range: characterRange(at: position))
    }
    throw unexpected(expected: "a value")
  }

  /// `-?digits` (int) or `-?digits.digits` (double); digits followed by a word character
  /// are not a number but the start of a name.
  private mutating func parseNumber() throws(ExpressionError) -> Expression {
    let start = position
    var cursor = position
    if bytes[cursor] == Characters.minus { cursor += 1 }
    let digitsStart = cursor
    while cursor < end && Characters.isDigit(bytes[cursor]) { cursor += 1 }
    guard cursor > digitsStart else {
      position = cursor
      throw cursor < end
        ? unexpected(expected: "a digit after '-'")
        : .unexpectedEnd(expected: "a digit after '-'", range: end..<end)
    }
    if cursor + 1 < end && bytes[cursor] == Characters.dot && Characters.isDigit(bytes[cursor + 1])
    {
      cursor += 1
      while cursor < end && Characters.isDigit(bytes[cursor]) { cursor += 1 }
      let text = Characters.text(bytes, start..<cursor)
      guard let double = Double(text) else { throw .invalidNumber(text, range: start..<cursor) }
      position = cursor
      return .literal(.double(double))
    }
    if cursor < end && isWord(at: cursor) {
      guard digitsStart == start else {
        let wordEnd = wordEnd(from: cursor)
        throw .invalidNumber(Characters.text(bytes, start..<wordEnd), range: start..<wordEnd)
      }
      return try parseWord()
    }
    let text = Characters.text(bytes, start..<cursor)
    guard let int = Int(text) else { throw .integerOutOfRange(text, range: start..<cursor) }
    position = cursor
    return .literal(.int(int))
  }

  private static let keywords: [(text: [UInt8], value: JSONValue)] = [
    (Array("true".utf8), .bool(true)), (Array("false".utf8), .bool(false)),
    (Array("null".utf8), .null),
  ]

  private func keyword(at start: Int) -> (text: [UInt8], value: JSONValue)? {
    Self.keywords.first { keyword in
      start + keyword.text.count <= end
        && bytes[start..<start + keyword.text.count].elementsEqual(keyword.text)
    }
  }

  /// `true`, `false`, `null`: iOS takes them as literals even when more word characters
  /// follow, and then fails; that failure gets its own message.
  private mutating func parseKeyword(
    _ keyword: (text: [UInt8], value: JSONValue)
  ) throws(ExpressionError) -> Expression {
    let start = position
    let after = start + keyword.text.count
    if after < end && (isWord(at: after) || bytes[after] == Characters.openParen) {
      let wordEnd = wordEnd(from: after)
      throw .literalPrefix(
        word: Characters.text(bytes, start..<wordEnd),
        literal: Characters.text(keyword.text, 0..<keyword.text.count),
        range: start..<wordEnd)
    }
    position = after
    return .literal(keyword.value)
  }

  /// `'…'`: any character but `'` and `\`, or `\` followed by any character except a line
  /// terminator. As on iOS, every `\'` of the quoted text (closing quote included)
  /// becomes `'` and other backslash pairs stay as they are.
  private mutating func parseQuoted() throws(ExpressionError) -> String {
    let start = position
    var cursor = position + 1
    while true {
      guard cursor < end else { throw .unterminatedString(range: start..<end) }
      let byte = bytes[cursor]
      if byte == Characters.quote { break }
      if byte == Characters.backslash {
        guard cursor + 1 < end else { throw .unterminatedString(range: start..<end) }
        let (scalar, length) = Characters.scalar(in: bytes, at: cursor + 1)
        if Characters.isLineTerminator(scalar) { throw .unterminatedString(range: start..<end) }
        cursor += 1 + length
      } else {
        cursor += 1
      }
    }
    position = cursor + 1
    var unescaped: [UInt8] = []
    unescaped.reserveCapacity(position - start)
    var index = start
    while index < position {
      if bytes[index] == Characters.backslash && index + 1 < position
        && bytes[index + 1] == Characters.quote
      {
        unescaped.append(Characters.quote)
        index += 2
      } else {
        unescaped.append(bytes[index])
        index += 1
      }
    }
    // Both ends are quotes: the opening one, and the closing one, possibly rewritten.
    return Characters.text(unescaped, 1..<max(1, unescaped.count - 1))
  }

  /// `@N` in the body of a custom operation.
  private mutating func parseArgument() throws(ExpressionError) -> Expression {
    let start = position
    var cursor = position + 1
    while cursor < end && Characters.isDigit(bytes[cursor]) { cursor += 1 }
    guard cursor > start + 1 else { throw unexpected(expected: "a value") }
    let digits = Characters.text(bytes, start + 1..<cursor)
    guard allowsArguments else {
      throw .argumentOutsideOperationBody("@" + digits, range: start..<cursor)
    }
    guard let index = Int(digits) else {
      throw .integerOutOfRange(digits, range: start + 1..<cursor)
    }
    position = cursor
    return .argument(index)
  }

  // MARK: - Names

  /// A word: an operation name when `(` follows, otherwise the context id of a binding.
  private mutating func parseWord() throws(ExpressionError) -> Expression {
    let start = position
    let nameEnd = wordEnd(from: start)
    let name = Characters.text(bytes, start..<nameEnd)
    position = nameEnd
    if nameEnd < end && bytes[nameEnd] == Characters.openParen {
      return try parseCall(name: name, nameRange: start..<nameEnd)
    }
    return .binding(Binding(contextId: name, path: try parsePathSteps(bindingStart: start)))
  }

  /// `name(argument, …)`, with the cursor on `(`.
  private mutating func parseCall(
    name: String, nameRange: Range<Int>
  ) throws(ExpressionError) -> Expression {
    guard
      bytes[nameRange].contains(where: {
        Characters.isASCIILetter($0) || $0 == Characters.underscore
      })
    else {
      throw .invalidOperationName(name, range: nameRange)
    }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumNesting else {
      throw .nestingTooDeep(
        limit: Self.maximumNesting, range: nameRange.lowerBound..<nameRange.upperBound + 1)
    }
    position += 1
    var arguments: [Expression] = []
    if position < end && bytes[position] == Characters.closeParen {
      position += 1
      return .operation(name: name, arguments: arguments)
    }
    while true {
      arguments.append(try parseValue())
      let spaceStart = position
      skipWhitespace()
      if position < end && bytes[position] == Characters.comma {
        position += 1
        skipWhitespace()
        continue
      }
      if position > spaceStart { throw .misplacedWhitespace(range: characterRange(at: spaceStart)) }
      guard position < end else { throw .unexpectedEnd(expected: "',' or ')'", range: end..<end) }
      guard bytes[position] == Characters.closeParen else {
        throw unexpected(expected: "',' or ')'")
      }
      position += 1
      return .operation(name: name, arguments: arguments)
    }
  }

  /// `{ "[" int "]" } { "." key { "[" int "]" } }` after the context id.
  private mutating func parsePathSteps(bindingStart: Int) throws(ExpressionError) -> [PathStep] {
    var steps: [PathStep] = []
    while position < end {
      switch bytes[position] {
      case Characters.openBracket:
        steps.append(.index(try parseIndex()))
      case Characters.dot:
        position += 1
        guard position < end else {
          throw .unexpectedEnd(expected: "a key after '.'", range: end..<end)
        }
        guard isWord(at: position) else { throw unexpected(expected: "a key after '.'") }
        let keyStart = position
        position = wordEnd(from: keyStart)
        if position < end && bytes[position] == Characters.openParen {
          throw .callOnPath(
            Characters.text(bytes, bindingStart..<position), range: bindingStart..<position + 1)
        }
        steps.append(.key(Characters.text(bytes, keyStart..<position)))
      default:
        return steps
      }
    }
    return steps
  }

  /// `[n]`, with the cursor on `[`; iOS reads the index with its int literal rule, so
  /// `-1` parses (and reads nothing).
  private mutating func parseIndex() throws(ExpressionError) -> Int {
    position += 1
    let start = position
    if position < end && bytes[position] == Characters.minus { position += 1 }
    let digitsStart = position
    while position < end && Characters.isDigit(bytes[position]) { position += 1 }
    guard position > digitsStart else {
      guard position < end else { throw .unexpectedEnd(expected: "an index", range: end..<end) }
      throw unexpected(expected: "an index")
    }
    guard position < end else { throw .unexpectedEnd(expected: "']'", range: end..<end) }
    guard bytes[position] == Characters.closeBracket else { throw unexpected(expected: "']'") }
    let text = Characters.text(bytes, start..<position)
    guard let index = Int(text) else { throw .integerOutOfRange(text, range: start..<position) }
    position += 1
    return index
  }

  // MARK: - Scanning helpers

  private func isWord(at index: Int) -> Bool {
    let byte = bytes[index]
    if byte < 0x80 { return Characters.isASCIIWord(byte) }
    return Characters.isWord(Characters.scalar(in: bytes, at: index).scalar)
  }

  private func isWhitespace(at index: Int) -> Bool {
    Characters.isWhitespace(Characters.scalar(in: bytes, at: index).scalar)
  }

  private func wordEnd(from start: Int) -> Int {
    var cursor = start
    while cursor < end && isWord(at: cursor) {
      cursor += Characters.scalar(in: bytes, at: cursor).length
    }
    return cursor
  }

  private mutating func skipWhitespace() {
    while position < end && isWhitespace(at: position) {
      position += Characters.scalar(in: bytes, at: position).length
    }
  }

  private func characterRange(at index: Int) -> Range<Int> {
    index..<min(end, index + Characters.scalar(in: bytes, at: index).length)
  }

  /// The error for the character at the cursor when `expected` was needed there.
  private func unexpected(expected: String) -> ExpressionError {
    let range = characterRange(at: position)
    return .unexpectedCharacter(Characters.text(bytes, range), expected: expected, range: range)
  }
}
