import BeagleJSON

/// Reads the text inside `@{…}` as web-core 2.1 does (`web:beagle-view/render/expression.ts`,
/// docs/spec.md §5.3 web column): a literal when the whole text is `true`, `false`, `null`, a
/// number `\d+(\.\d+)?` or a quoted string; an operation when it holds a `(`; a binding
/// otherwise. Arguments are split by web-core's pushdown automaton and trimmed, so spaces
/// around them are accepted (`concat( 'a' ,'b' )`).
///
/// Text web-core cannot read (an invalid path such as `ctx.[.]`, a malformed argument
/// list, `-1`) is not an error here: it becomes ``Expression/unparsable(text:reason:)``,
/// which evaluates to null with a warning, as web-core logs a `BeagleParseError` and
/// gives null. Nesting is bounded by `Parser.maximumNesting` like iOS's grammar.
struct WebExpressionParser {
  /// The expression `text` stands for, unparsable parts included.
  static func expression(_ text: String) -> Expression {
    expression(Array(text.unicodeScalars), depth: 0)
  }

  private static func expression(_ text: [Unicode.Scalar], depth: Int) -> Expression {
    let source = String(String.UnicodeScalarView(text))
    if let literal = literal(text, source: source) { return .literal(literal) }
    if text.contains("(") { return operation(text, source: source, depth: depth) }
    return binding(text, source: source)
  }

  // MARK: - Literals

  /// `getLiteralValue`: `true`, `false`, `null`, `\d+(\.\d+)?` (parseFloat), or a string
  /// between quotes with `\'` read as `'`.
  private static func literal(_ text: [Unicode.Scalar], source: String) -> JSONValue? {
    switch source {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default: break
    }
    if let number = number(text, source: source) { return number }
    guard let first = text.first, first == "'", text.last == "'" else { return nil }
    // `replace(/(^')|('$)/g, '')`: one quote off each end (a lone `'` leaves nothing).
    let inner = text.count >= 2 ? Array(text[1..<(text.count - 1)]) : []
    return .string(String(String.UnicodeScalarView(inner)).replacingEscapedQuotes())
  }

  /// `\d+(\.\d+)?`, an int when it has no fraction and fits, a double otherwise
  /// (JavaScript has one number type; `01` is 1).
  private static func number(_ text: [Unicode.Scalar], source: String) -> JSONValue? {
    let dot = text.firstIndex(of: ".")
    let whole = text[..<(dot ?? text.count)]
    let fraction = dot.map { text[($0 + 1)...] }
    guard !whole.isEmpty, whole.allSatisfy(isASCIIDigit) else { return nil }
    if let fraction {
      guard !fraction.isEmpty, fraction.allSatisfy(isASCIIDigit) else { return nil }
    } else if let int = Int(source) {
      return .int(int)
    }
    return Double(source).map(JSONValue.double)
  }

  // MARK: - Bindings

  /// `getContextBindingValue`: the path must match
  /// `^[\w\d_]+(\[\d+\])*(\.([\w\d_]+(\[\d+\])*))*$` (ASCII word characters); the context
  /// id is its first word (`58.72.98` reads context `58` at `72.98`).
  private static func binding(_ text: [Unicode.Scalar], source: String) -> Expression {
    var segments: [PathStep] = []
    var contextId: String?
    var index = 0
    func word() -> String? {
      let start = index
      while index < text.count, isASCIIWord(text[index]) { index += 1 }
      return start < index ? String(String.UnicodeScalarView(text[start..<index])) : nil
    }
    func indexes() -> Bool {
      while index < text.count, text[index] == "[" {
        let start = index + 1
        var end = start
        while end < text.count, isASCIIDigit(text[end]) { end += 1 }
        guard end > start, end < text.count, text[end] == "]" else { return false }
        // A number too large for an int reads nothing, as an index out of range does.
        let digits = String(String.UnicodeScalarView(text[start..<end]))
        segments.append(.index(Int(digits) ?? Int.max))
        index = end + 1
      }
      return true
    }
    repeat {
      if contextId != nil {
        guard index < text.count, text[index] == "." else { break }
        index += 1
      }
      guard let key = word() else { return invalidPath(source) }
      if contextId == nil { contextId = key } else { segments.append(.key(key)) }
      guard indexes() else { return invalidPath(source) }
    } while index < text.count
    guard index == text.count, let contextId else { return invalidPath(source) }
    return .binding(Binding(contextId: contextId, path: segments))
  }

  private static func invalidPath(_ source: String) -> Expression {
    .unparsable(
      text: source,
      reason:
        "invalid path: names may contain only letters, numbers and '_', with '.' between them and '[index]' after them"
    )
  }

  // MARK: - Operations

  /// `getOperationValue`: `^(\w+)\((.*)\)$`, then the arguments split by `parseParameters`.
  private static func operation(
    _ text: [Unicode.Scalar], source: String, depth: Int
  ) -> Expression {
    var nameEnd = 0
    while nameEnd < text.count, isASCIIWord(text[nameEnd]) { nameEnd += 1 }
    // `.*` stops at line breaks, so the argument text may hold none.
    guard nameEnd > 0, nameEnd < text.count, text[nameEnd] == "(", text.last == ")",
      text.count >= nameEnd + 2,
      !text[(nameEnd + 1)..<(text.count - 1)].contains(where: isLineBreak)
    else {
      return .unparsable(text: source, reason: "invalid operation")
    }
    guard depth < Parser.maximumNesting else {
      return .unparsable(text: source, reason: "nested too deeply")
    }
    let name = String(String.UnicodeScalarView(text[..<nameEnd]))
    guard let parameters = parameters(Array(text[(nameEnd + 1)..<(text.count - 1)])) else {
      return .unparsable(text: source, reason: "wrong format for the arguments")
    }
    return .operation(
      name: name, arguments: parameters.map { expression($0, depth: depth + 1) })
  }

  /// `parseParameters`: each argument is what web-core's pushdown automaton reads up to a
  /// `,` outside parentheses (or the end), trimmed; nil when the automaton gets stuck.
  private static func parameters(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]]? {
    var parameters: [[Unicode.Scalar]] = []
    var position = 0
    while position < text.count {
      guard let length = parameterLength(text, from: position) else { return nil }
      var parameter = Array(text[position..<(position + length)])
      if parameter.last == "," { parameter.removeLast() }
      parameters.append(trimmed(parameter))
      position += length
    }
    return parameters
  }

  /// How many characters from `start` the automaton reads before it reaches its final
  /// state; nil when no transition applies.
  private static func parameterLength(_ text: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    var depth = 0
    while true {
      if depth == 0 {
        // initial: `,|$` ends the argument; `(` opens a list; a quoted string; any
        // character but `)`.
        if index == text.count { return index - start }
        let scalar = text[index]
        if scalar == "," { return index + 1 - start }
        if scalar == "(" {
          depth = 1
          index += 1
        } else if let end = stringEnd(text, from: index) {
          index = end
        } else if scalar != ")" {
          index += 1
        } else {
          return nil
        }
      } else {
        // insideParameterList: `(`, `)`, a quoted string, or any character but a line break.
        guard index < text.count else { return nil }
        let scalar = text[index]
        if scalar == "(" {
          depth += 1
          index += 1
        } else if scalar == ")" {
          depth -= 1
          index += 1
        } else if let end = stringEnd(text, from: index) {
          index = end
        } else if !isLineBreak(scalar) {
          index += 1
        } else {
          return nil
        }
      }
    }
  }

  /// The end of the string token `'([^']|(\\.))*'` at `start`, if one starts there: since
  /// `[^']` also takes a backslash, the token runs to the next quote.
  private static func stringEnd(_ text: [Unicode.Scalar], from start: Int) -> Int? {
    guard text[start] == "'" else { return nil }
    var index = start + 1
    while index < text.count, text[index] != "'" { index += 1 }
    return index < text.count ? index + 1 : nil
  }

  // MARK: - Characters

  /// JavaScript's `trim()`: white space and line terminators off both ends.
  private static func trimmed(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return Array(text[first...last])
  }

  static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  /// JavaScript's `\w` without the `u` flag: `[A-Za-z0-9_]`.
  static func isASCIIWord(_ scalar: Unicode.Scalar) -> Bool {
    isASCIIDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
      || scalar == "_"
  }

  /// What JavaScript's `.` does not match.
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}

extension String {
  /// `replace(/\\'/g, '\'')`: every backslash followed by a quote becomes the quote.
  fileprivate func replacingEscapedQuotes() -> String {
    var result = String.UnicodeScalarView()
    var scalars = unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    while let scalar = pending ?? scalars.next() {
      pending = nil
      guard scalar == "\\", let next = scalars.next() else {
        result.append(scalar)
        continue
      }
      if next == "'" {
        result.append(next)
      } else {
        result.append(scalar)
        pending = next
      }
    }
    return String(result)
  }
}
