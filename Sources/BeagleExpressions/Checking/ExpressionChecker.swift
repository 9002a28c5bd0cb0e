import BeagleJSON

/// Checks expressions without evaluating them: unknown operations (with "did you mean"),
/// argument counts outside a signature, Beagle 2.x operations, and which contexts an
/// expression reads.
///
/// ```swift
/// let check = ExpressionChecker().check(source: "@{sun(a.b, 1)}")
/// check.diagnostics[0].description  // "unknown operation 'sun'; did you mean 'sum'?"
/// check.contextIds                  // ["a"]
/// ```
public struct ExpressionChecker: Sendable {
  /// The operations calls are checked against.
  public let library: OperationLibrary

  /// Creates a checker over `library`.
  public init(library: OperationLibrary = .standard) {
    self.library = library
  }

  /// Checks a parsed expression.
  ///
  /// - Parameter sourceMap: the node ranges from ``Expression/parse(_:allowsArguments:)``;
  ///   without it diagnostics have empty ranges.
  public func check(_ expression: Expression, sourceMap: SourceMap? = nil) -> ExpressionCheck {
    var result = ExpressionCheck()
    check(expression, sourceMap: sourceMap, into: &result)
    return result
  }

  /// Parses `source` as a JSON string with expressions and checks it: the syntax error
  /// that makes iOS read it as plain text, then every expression.
  public func check(source: String, options: StringTemplate.Options = .init()) -> ExpressionCheck {
    var result = ExpressionCheck()
    guard options.grammar == .ios else {
      return check(parsed: StringTemplate.parse(source, options: options), source: source)
    }
    // The expressions alone, not the template's text parts, which a check does not read.
    let bytes = Array(source.utf8)
    switch StringTemplate.expressions(in: bytes) {
    case .failure(let error):
      // iOS reads the string as plain text: no expression to check.
      result.diagnostics.append(error)
    case .success(let expressions):
      for (expression, range) in expressions {
        let inner = range.lowerBound + 2..<max(range.lowerBound + 2, range.upperBound - 1)
        check(expression, into: &result) { SourceMap(parsing: bytes, range: inner) }
      }
    }
    return result
  }

  /// ``check(source:options:)`` of a string already classified.
  private func check(parsed: StringTemplate.ParseResult, source: String) -> ExpressionCheck {
    var result = ExpressionCheck()
    if let error = parsed.error { result.diagnostics.append(error) }
    switch parsed.template {
    case .plain:
      break
    case .single(let expression):
      let count = source.utf8.count
      check(expression, into: &result) {
        SourceMap(parsing: source, range: 2..<max(2, count - 1))
      }
    case .interpolated(let parts):
      // One copy of the bytes for every part: a copy per part was quadratic.
      let bytes = Array(source.utf8)
      for case .expression(let expression, let range) in parts {
        let inner = range.lowerBound + 2..<max(range.lowerBound + 2, range.upperBound - 1)
        check(expression, into: &result) { SourceMap(parsing: bytes, range: inner) }
      }
    }
    return result
  }

  /// Checks `expression` without its source map (parsing the expression again), and
  /// again with it only when it has problems to locate: most expressions have none, and
  /// without problems the map changes nothing (only problems have ranges).
  private func check(
    _ expression: Expression, into result: inout ExpressionCheck, sourceMap: () -> SourceMap?
  ) {
    let count = result.diagnostics.count
    check(expression, sourceMap: nil, into: &result)
    guard result.diagnostics.count > count else { return }
    // The same walk again: the same diagnostics, located, and the same contexts (each
    // noted once, in the same order).
    result.diagnostics.removeSubrange(count...)
    check(expression, sourceMap: sourceMap(), into: &result)
  }

  private func check(_ root: Expression, sourceMap: SourceMap?, into result: inout ExpressionCheck)
  {
    enum Work {
      case node(Expression)
      /// The contexts a custom body reads, noted after the call's arguments, in the order
      /// evaluation reads them.
      case body(Expression)
    }
    var node = 0
    var visitedBodies: Set<String> = []
    // Pre-order with an explicit stack, numbering nodes as the source map does.
    var work: [Work] = [.node(root)]
    while let item = work.popLast() {
      guard case .node(let expression) = item else {
        if case .body(let body) = item {
          collectContexts(body, into: &result, visited: &visitedBodies)
        }
        continue
      }
      let range = sourceMap?.range(ofNode: node) ?? 0..<0
      node += 1
      switch expression {
      case .literal, .argument:
        break
      case .unparsable(let text, let reason):
        result.diagnostics.append(.unreadableOnWeb(text, reason: reason, range: range))
      case .binding(let binding):
        result.noteContext(binding.contextId)
      case .operation(let name, let arguments):
        if let signature = library.signature(of: name) {
          if library.checksArgumentCount(of: signature),
            !signature.accepts(argumentCount: arguments.count)
          {
            result.diagnostics.append(
              .wrongArgumentCount(
                operation: name, minimum: signature.minimumArguments,
                maximum: signature.maximumArguments, found: arguments.count, range: range))
          }
          if library.warnsBeagle2(signature) {
            result.diagnostics.append(.beagle2Operation(name, range: range))
          }
          if let body = library.body(of: name), visitedBodies.insert(name).inserted {
            work.append(.body(body))
          }
        } else {
          result.diagnostics.append(
            .unknownOperation(name, suggestion: library.suggestion(for: name), range: range))
        }
        work.append(contentsOf: arguments.reversed().map(Work.node))
      }
    }
  }

  /// Notes the contexts `root` reads, following custom bodies once each, in evaluation
  /// order (arguments, then the body they are passed to).
  private func collectContexts(
    _ root: Expression, into result: inout ExpressionCheck, visited: inout Set<String>
  ) {
    var work = [root]
    while let expression = work.popLast() {
      switch expression {
      case .literal, .argument, .unparsable:
        break
      case .binding(let binding):
        result.noteContext(binding.contextId)
      case .operation(let name, let arguments):
        if let body = library.body(of: name), visited.insert(name).inserted { work.append(body) }
        work.append(contentsOf: arguments.reversed())
      }
    }
  }
}

/// What ``ExpressionChecker`` found.
public struct ExpressionCheck: Sendable, Equatable {
  /// Problems in source order.
  public var diagnostics: [ExpressionError] = []
  /// The context ids the expression reads, each once, in order of first appearance, so
  /// the runtime can warn about bindings to contexts that are not declared.
  public var contextIds: [String] = []

  /// Creates a result.
  public init(diagnostics: [ExpressionError] = [], contextIds: [String] = []) {
    self.diagnostics = diagnostics
    self.contextIds = contextIds
  }

  mutating func noteContext(_ id: String) {
    if !contextIds.contains(id) { contextIds.append(id) }
  }
}
