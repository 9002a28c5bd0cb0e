import BeagleJSON

/// The syntax tree of one Beagle expression, the text inside `@{…}`.
///
/// ```swift
/// let expression = try Expression(parsing: "sum(counter.value, 1)")
/// // .operation(name: "sum", arguments: [
/// //   .binding(Binding(contextId: "counter", path: [.key("value")])), .literal(1)])
/// expression.description  // "sum(counter.value, 1)"
/// ```
///
/// The grammar is iOS's (docs/spec.md §5.3): literals are tried before bindings without
/// backtracking (so `nullable` does not parse), numbers may be negative but have no
/// exponent, whitespace is allowed only around the commas between arguments.
public indirect enum Expression: Sendable, Hashable {
  /// A literal: an int, a double, a boolean, `null` or a quoted string.
  case literal(JSONValue)
  /// A read of a context value, `user.phones[0]`.
  case binding(Binding)
  /// A call, `sum(a, 1)`; arguments are evaluated first, left to right.
  case operation(name: String, arguments: [Expression])
  /// A positional argument `@0`, `@1`, … inside the body of a custom operation.
  case argument(Int)
  /// Text web-core's grammar cannot read (`ctx.[.]`, `-1`, `sum(2))`), kept with the
  /// reason; it evaluates to null with a warning, as on web (docs/spec.md §5.3). Only
  /// templates read with ``StringTemplate/Grammar/web`` hold it.
  case unparsable(text: String, reason: String)
}

// MARK: - Parsing

extension Expression {
  /// Parses the text inside `@{…}`.
  ///
  /// - Parameter text: the expression without `@{` and `}`, such as `sum(a.b[0], 1)`.
  /// - Throws: the first syntax error, with its UTF-8 byte range in `text`.
  public init(parsing text: String) throws(ExpressionError) {
    self = try Self.parse(text).expression
  }

  /// Parses an expression and records the source range of every node.
  ///
  /// - Parameters:
  ///   - text: the expression without `@{` and `}`.
  ///   - allowsArguments: whether positional arguments `@0`, `@1`, … are allowed, as in
  ///     the body of a custom operation.
  /// - Returns: the expression and its ``SourceMap``.
  /// - Throws: the first syntax error, with its UTF-8 byte range in `text`.
  public static func parse(
    _ text: String, allowsArguments: Bool = false
  ) throws(ExpressionError) -> (expression: Expression, sourceMap: SourceMap) {
    let bytes = Array(text.utf8)
    var parser = Parser(bytes: bytes, start: 0, end: bytes.count, allowsArguments: allowsArguments)
    let expression = try parser.parseWholeText()
    return (expression, SourceMap(nodeRanges: parser.nodeRanges))
  }
}

// MARK: - Printing

extension Expression: CustomStringConvertible {
  /// The expression in source form: `sum(a.b[0], 1)`, `concat('it\'s', @0)`.
  ///
  /// Parsing the description gives back the same expression for every expression that
  /// came from parsing canonical text (arguments separated by `, `).
  public var description: String {
    // An explicit work stack keeps printing safe for trees of any depth.
    enum Work {
      case node(Expression)
      case text(String)
    }
    var output = ""
    var work: [Work] = [.node(self)]
    while let item = work.popLast() {
      switch item {
      case .text(let text):
        output += text
      case .node(.literal(let value)):
        output += Self.source(of: value)
      case .node(.binding(let binding)):
        output += binding.description
      case .node(.argument(let index)):
        output += "@\(index)"
      case .node(.unparsable(let text, _)):
        output += text
      case .node(.operation(let name, let arguments)):
        output += name + "("
        var items: [Work] = []
        for (offset, argument) in arguments.enumerated() {
          if offset > 0 { items.append(.text(", ")) }
          items.append(.node(argument))
        }
        items.append(.text(")"))
        work.append(contentsOf: items.reversed())
      }
    }
    return output
  }

  /// The literal's source text. Arrays and objects, which no expression text can
  /// produce, print as compact JSON.
  static func source(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let bool): bool ? "true" : "false"
    case .int(let int): String(int)
    case .double(let double): plainDecimal(double)
    case .bigNumber(let text): text
    case .string(let string): quoted(string)
    case .array, .object: JSONPrinter(escapesControlCharacters: false).print(value)
    }
  }

  /// `'…'` with every `'` written `\'`. iOS's scanner reads `\\'` at the end of a quoted
  /// string as one backslash, so a trailing backslash is doubled.
  static func quoted(_ string: String) -> String {
    var output = "'"
    for scalar in string.unicodeScalars {
      if scalar == "'" { output += "\\" }
      output.unicodeScalars.append(scalar)
    }
    if string.unicodeScalars.last == "\\" { output += "\\" }
    return output + "'"
  }

  /// A double as digits with a fraction and no exponent (`1.0e20` prints
  /// `100000000000000000000.0`), which is the only form the grammar reads.
  static func plainDecimal(_ double: Double) -> String {
    guard double.isFinite else { return double.description }
    let text = double.description
    guard let exponentAt = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
      let exponent = Int(text[text.index(after: exponentAt)...])
    else { return text }
    var mantissa = String(text[..<exponentAt])
    let isNegative = mantissa.hasPrefix("-")
    if isNegative { mantissa.removeFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let integerPart = parts.first.map(String.init) ?? ""
    let fractionPart = parts.count > 1 ? String(parts[1]) : ""
    var digits = integerPart + fractionPart
    var pointPosition = integerPart.count + exponent
    if pointPosition <= 0 {
      digits = String(repeating: "0", count: 1 - pointPosition) + digits
      pointPosition = 1
    }
    if pointPosition >= digits.count {
      digits += String(repeating: "0", count: pointPosition - digits.count)
    }
    let split = digits.index(digits.startIndex, offsetBy: pointPosition)
    var fraction = String(digits[split...])
    while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
    if fraction.isEmpty { fraction = "0" }
    return (isNegative ? "-" : "") + digits[..<split] + "." + fraction
  }
}
