/// A JSON string classified by the expressions it contains (docs/spec.md §5.2–§5.4).
///
/// ```swift
/// StringTemplate("mail@domain")       // .plain("mail@domain")
/// StringTemplate("@{user.age}")       // .single(…): the result keeps its JSON type
/// StringTemplate("Hi @{user.name}!")  // .interpolated([.text("Hi "), .expression(…), .text("!")])
/// StringTemplate("\\@{a}")            // .plain("@{a}"): an odd number of backslashes escapes
/// ```
///
/// Recognition follows iOS: if any `@{` in the string does not start a well-formed
/// expression, the whole string is plain text (after escape processing). With
/// ``Grammar/web`` it follows web-core instead (`StringTemplate+Web.swift`). The lenient
/// ``parse(_:options:)`` returns that fallback together with the syntax error so a checker
/// can still report it; ``init(parsing:options:)`` throws the error instead.
public enum StringTemplate: Sendable, Hashable {
  /// No expression: the text, after escape processing when ``Options/collapsesEscapes``.
  case plain(String)
  /// The whole string is exactly one `@{…}`; its value keeps its JSON type.
  case single(Expression)
  /// Text and expressions; the value is always a string.
  case interpolated([Part])

  /// A piece of an interpolated string.
  public enum Part: Sendable, Hashable {
    /// Literal text, escapes already processed (`\@{` → `@{`, `\\` → `\`).
    case text(String)
    /// An expression, with the UTF-8 byte range of its `@{…}` in the template string.
    case expression(Expression, range: Range<Int>)
  }

  /// How plain strings are treated.
  public struct Options: Sendable, Hashable {
    /// Whether a string without expressions has its escapes processed as iOS does in
    /// expression-typed fields (`\\` → `\`, then `\@{` → `@{`). When false the text of a
    /// plain string is kept as written (iOS plain-string fields, web).
    public var collapsesEscapes: Bool
    /// Whose grammar finds and reads the expressions.
    public var grammar: Grammar

    /// Creates options; iOS expression-typed fields collapse escapes.
    public init(collapsesEscapes: Bool = true, grammar: Grammar = .ios) {
      self.collapsesEscapes = collapsesEscapes
      self.grammar = grammar
    }
  }

  /// Whose rules find expressions in a string and read them (docs/spec.md §5.3).
  public enum Grammar: Sendable, Hashable {
    /// iOS's: a malformed expression makes the whole string plain text.
    case ios
    /// web-core's: a string that is exactly `@{…}` is one expression even when web cannot
    /// read it (null, with a warning); unescaped `@{…}` elsewhere are parts; text is kept
    /// as written (``collapsesEscapes`` does not apply).
    case web

    /// The grammar of `dialect`'s platform: web's for web, iOS's for iOS and Android.
    public init(_ dialect: OperationLibrary.Dialect) {
      self = dialect == .web ? .web : .ios
    }
  }

  /// The lenient result of recognising a string: the template iOS would use and, when a
  /// malformed expression made the whole string plain, the syntax error.
  public struct ParseResult: Sendable, Equatable {
    /// The classified string; `.plain` when an expression was malformed.
    public var template: StringTemplate
    /// The syntax error of the first malformed expression, ranges in the string's bytes.
    public var error: ExpressionError?
  }

  /// Classifies `source` leniently, as iOS does: a malformed expression makes the string
  /// plain text, and the error is returned beside it.
  public static func parse(_ source: String, options: Options = Options()) -> ParseResult {
    if options.grammar == .web { return parseWeb(source) }
    let bytes = Array(source.utf8)
    switch scan(bytes) {
    case .success(let parts):
      return ParseResult(
        template: classify(parts, bytes: bytes, source: source, options: options), error: nil)
    case .failure(let error):
      return ParseResult(template: .plain(plainText(source, options: options)), error: error)
    }
  }

  /// Classifies `source` leniently and drops any syntax error (see ``parse(_:options:)``).
  public init(_ source: String, options: Options = Options()) {
    self = Self.parse(source, options: options).template
  }

  /// Classifies `source`, throwing the first malformed expression's syntax error.
  ///
  /// - Throws: the error, with its UTF-8 byte range in `source`.
  public init(parsing source: String, options: Options = Options()) throws(ExpressionError) {
    let result = Self.parse(source, options: options)
    if let error = result.error { throw error }
    self = result.template
  }

  /// The expressions of the template in order.
  public var expressions: [Expression] {
    switch self {
    case .plain: []
    case .single(let expression): [expression]
    case .interpolated(let parts):
      parts.compactMap { part in
        if case .expression(let expression, _) = part { return expression }
        return nil
      }
    }
  }
}

// MARK: - Scanning

extension StringTemplate {
  private enum RawPart {
    case text(Range<Int>)
    case expression(Expression, range: Range<Int>)
  }

  /// Splits the string the way iOS's text-node pattern `(\\\\|\\@|[^@]|@(?!\{))+` does:
  /// backslash pairs are consumed two at a time, `\@` escapes the `@`, and every other
  /// `@{` must start an expression.
  private static func scan(_ bytes: [UInt8]) -> Result<[RawPart], ExpressionError> {
    var parts: [RawPart] = []
    var textStart = 0
    var cursor = 0
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == Characters.backslash && cursor + 1 < bytes.count
        && (bytes[cursor + 1] == Characters.backslash || bytes[cursor + 1] == Characters.at)
      {
        cursor += 2
        continue
      }
      guard
        byte == Characters.at && cursor + 1 < bytes.count
          && bytes[cursor + 1] == Characters.openBrace
      else {
        cursor += 1
        continue
      }
      if textStart < cursor { parts.append(.text(textStart..<cursor)) }
      var parser = Parser(bytes: bytes, start: cursor + 2, end: bytes.count, allowsArguments: false)
      do {
        let expression = try parser.parseEmbedded(opening: cursor)
        parts.append(.expression(expression, range: cursor..<parser.position))
      } catch {
        return .failure(error)
      }
      cursor = parser.position
      textStart = cursor
    }
    if textStart < bytes.count { parts.append(.text(textStart..<bytes.count)) }
    return .success(parts)
  }

  /// The expressions of the string `bytes` (UTF-8) with their ranges (from `@{` to
  /// past `}`), or the first malformed expression's syntax error: what ``parse(_:options:)``
  /// finds with the iOS grammar, without building the template's text parts. A check of
  /// the expressions needs no more: a string with none is plain, one whose single part
  /// is an expression is `.single`, with the same range.
  package static func expressions(
    in bytes: [UInt8]
  ) -> Result<[(expression: Expression, range: Range<Int>)], ExpressionError> {
    scan(bytes).map { parts in
      parts.compactMap { part in
        guard case .expression(let expression, let range) = part else { return nil }
        return (expression, range)
      }
    }
  }

  private static func classify(
    _ parts: [RawPart], bytes: [UInt8], source: String, options: Options
  ) -> StringTemplate {
    if parts.count == 1, case .expression(let expression, _) = parts[0] {
      return .single(expression)
    }
    guard parts.contains(where: { if case .expression = $0 { true } else { false } }) else {
      return .plain(plainText(source, options: options))
    }
    return .interpolated(
      parts.map { part in
        switch part {
        case .text(let range): .text(collapsingEscapes(Characters.text(bytes, range)))
        case .expression(let expression, let range): .expression(expression, range: range)
        }
      })
  }

  private static func plainText(_ source: String, options: Options) -> String {
    options.collapsesEscapes ? collapsingEscapes(source) : source
  }

  /// iOS's `escapeExpressions()`: every `\\` becomes `\`, then every `\@{` becomes `@{`
  /// (each pass left to right, without overlaps).
  static func collapsingEscapes(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(Characters.backslash) else { return text }
    var pass: [UInt8] = []
    pass.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      pass.append(bytes[index])
      let isPair =
        bytes[index] == Characters.backslash && index + 1 < bytes.count
        && bytes[index + 1] == Characters.backslash
      index += isPair ? 2 : 1
    }
    var output: [UInt8] = []
    output.reserveCapacity(pass.count)
    index = 0
    while index < pass.count {
      if pass[index] == Characters.backslash && index + 2 < pass.count
        && pass[index + 1] == Characters.at
        && pass[index + 2] == Characters.openBrace
      {
        index += 1
        continue
      }
      output.append(pass[index])
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }
}
