import BeagleJSON

/// Evaluates expressions and templates against a scope, with iOS semantics (docs/spec.md §5.5).
///
/// Evaluation never fails: an unknown context, a missing key, an unknown operation or an
/// operation refusing its arguments all give null. ``explain(_:in:sourceMap:)`` evaluates
/// the same way and also reports what was read and what went wrong, for `--explain`.
///
/// ```swift
/// let evaluator = Evaluator()
/// let scope = ContextScope([("counter", 41)])
/// evaluator.evaluate(try Expression(parsing: "sum(counter, 1)"), in: scope)  // 42
/// ```
public struct Evaluator: Sendable {
  /// The deepest nesting of operation calls evaluated, counting the bodies of custom
  /// operations; deeper calls give null (and ``ExpressionError/evaluationTooDeep(operation:limit:range:)``).
  public static let maximumDepth = 256

  /// The most operation calls one evaluation makes, counting those inside the bodies of
  /// custom operations: a body that calls itself twice (`concat(f(@0), f(@0))`) would
  /// otherwise make 2^256 calls within the depth limit. Later calls give null (and
  /// ``ExpressionError/evaluationTooLong(operation:limit:range:)``).
  public static let maximumCalls = 10_000

  /// The operations expressions can call.
  public let library: OperationLibrary
  /// How large and deep a value an operation may give; a result beyond them is null
  /// (and ``ExpressionError/valueLimitExceeded(operation:_:range:)``).
  public var limits: ValueLimits

  /// Creates an evaluator over `library`, whose results stay within `limits`.
  public init(library: OperationLibrary = .standard, limits: ValueLimits = ValueLimits()) {
    self.library = library
    self.limits = limits
  }

  // MARK: - Plain evaluation

  /// The value of `expression` in `scope`.
  public func evaluate(_ expression: Expression, in scope: some ContextLookup) -> JSONValue {
    var tracer = SilentTracer()
    return run(expression, { scope.value(ofContext: $0, at: $1) }, &tracer, Frame())
  }

  /// The value of `template` in `scope`: a single expression keeps its type, an
  /// interpolated string is a string (null parts empty), plain text is a string.
  public func evaluate(_ template: StringTemplate, in scope: some ContextLookup) -> JSONValue {
    var tracer = SilentTracer()
    return run(template, { scope.value(ofContext: $0, at: $1) }, &tracer, sourceMaps: { _ in nil })
  }

  /// The value of `template` in `scope`, or the error of the first operation whose
  /// result exceeded ``limits`` (its range empty inside an expression): a caller that stores the value
  /// (`setContext`) refuses it whole rather than storing a null in its place.
  public func evaluateWithinLimits(
    _ template: StringTemplate, in scope: some ContextLookup
  ) -> Result<JSONValue, ExpressionError> {
    var tracer = SilentTracer()
    let value = run(
      template, { scope.value(ofContext: $0, at: $1) }, &tracer, sourceMaps: { _ in nil })
    if let error = tracer.limitError { return .failure(error) }
    return .success(value)
  }

  /// ``evaluateWithinLimits(_:in:)`` for a text field, with the first number that is
  /// not finite the text shows (``NonFiniteNumber``): the whole-string expression's
  /// value, or an interpolated part's. The caller says where such a number is shown.
  public func evaluateTextWithinLimits(
    _ template: StringTemplate, in scope: some ContextLookup
  ) -> (result: Result<JSONValue, ExpressionError>, nonFinite: Double?) {
    var tracer = SilentTracer()
    let value = run(
      template, { scope.value(ofContext: $0, at: $1) }, &tracer, sourceMaps: { _ in nil })
    if let error = tracer.limitError { return (.failure(error), nil) }
    if case .double(let double) = value, !double.isFinite { return (.success(value), double) }
    return (.success(value), tracer.nonFinite)
  }

  // MARK: - Explained evaluation

  /// Evaluates `expression` and records every binding read and every diagnostic.
  ///
  /// - Parameter sourceMap: the node ranges from ``Expression/parse(_:allowsArguments:)``,
  ///   so that reads and diagnostics carry their ranges; without it ranges are empty.
  public func explain(
    _ expression: Expression, in scope: some ContextLookup, sourceMap: SourceMap? = nil
  ) -> Explanation {
    var tracer = RecordingTracer(sourceMap: sourceMap)
    let value = run(expression, { scope.value(ofContext: $0, at: $1) }, &tracer, Frame())
    return Explanation(value: value, bindings: tracer.bindings, diagnostics: tracer.diagnostics)
  }

  /// Evaluates `template` and records every binding read and every diagnostic.
  ///
  /// - Parameter source: the string the template was parsed from, so that reads and
  ///   diagnostics carry ranges in it; without it ranges are empty.
  public func explain(
    _ template: StringTemplate, in scope: some ContextLookup, source: String? = nil
  ) -> Explanation {
    var tracer = RecordingTracer(sourceMap: nil)
    // One copy of the bytes for every part of the template (a copy per part was quadratic).
    let bytes = source.map { Array($0.utf8) }
    let value = run(template, { scope.value(ofContext: $0, at: $1) }, &tracer) { range in
      // The map comes from parsing the text between `@{` and `}` again.
      guard let bytes else { return nil }
      let range = range ?? 0..<bytes.count
      guard range.count >= 3 else { return nil }
      return SourceMap(parsing: bytes, range: range.lowerBound + 2..<range.upperBound - 1)
    }
    return Explanation(value: value, bindings: tracer.bindings, diagnostics: tracer.diagnostics)
  }

  // MARK: - Core

  /// Where evaluation is: the positional arguments of the custom operation being
  /// evaluated, the nesting depth, and the call node inside a custom body (nodes of a
  /// body are reported at the call that invoked it).
  struct Frame {
    var arguments: [JSONValue] = []
    var depth = 0
    var callSite: Int?
  }

  /// Reads the value at a path inside a context (nil: no such context); a closure rather
  /// than a generic scope so that the core below is specialised only over the tracer,
  /// inside this module, whatever the caller's scope type. The path goes to the scope,
  /// which may build only the value it reaches (``ContextValue``).
  typealias Lookup = (String, [PathStep]) -> JSONValue?

  private func run<Tracer: EvaluationTracer>(
    _ template: StringTemplate, _ scope: Lookup, _ tracer: inout Tracer,
    sourceMaps: (Range<Int>?) -> SourceMap?
  ) -> JSONValue {
    switch template {
    case .plain(let text):
      return .string(text)
    case .single(let expression):
      if Tracer.isRecording { tracer.begin(sourceMap: sourceMaps(nil)) }
      return run(expression, scope, &tracer, Frame())
    case .interpolated(let parts):
      var text = ""
      for part in parts {
        switch part {
        case .text(let piece):
          text += piece
        case .expression(let expression, let range):
          if Tracer.isRecording { tracer.begin(sourceMap: sourceMaps(range)) }
          let value = run(expression, scope, &tracer, Frame())
          // Each part is within the limits, but many parts can add up beyond them.
          if ValueLimits.minimumBytes(of: value) + text.utf8.count > limits.maximumBytes {
            tracer.exceeded(node: 0) { _ in
              .valueLimitExceeded(
                operation: nil, .tooLarge(limit: limits.maximumBytes), range: range)
            }
            return .null
          }
          if case .double(let double) = value, !double.isFinite {
            tracer.printed(nonFinite: double)
          }
          text += library.text(of: value)
        }
        if ValueLimits.minimumBytes(of: .string(text)) > limits.maximumBytes {
          tracer.exceeded(node: 0) {
            .valueLimitExceeded(operation: nil, .tooLarge(limit: limits.maximumBytes), range: $0)
          }
          return .null
        }
      }
      return .string(text)
    }
  }

  private func run<Tracer: EvaluationTracer>(
    _ expression: Expression, _ scope: Lookup, _ tracer: inout Tracer, _ frame: Frame
  ) -> JSONValue {
    switch expression {
    case .literal(let value):
      tracer.enterNode(callSite: frame.callSite)
      return value
    case .binding(let binding):
      let node = tracer.enterNode(callSite: frame.callSite)
      guard let value = scope(binding.contextId, binding.path) else {
        tracer.read(binding, node: node, contextExists: false, value: .null)
        return .null
      }
      tracer.read(binding, node: node, contextExists: true, value: value)
      return value
    case .argument(let index):
      tracer.enterNode(callSite: frame.callSite)
      return frame.arguments.indices.contains(index) ? frame.arguments[index] : .null
    case .operation(let name, let arguments):
      return call(name, arguments, scope, &tracer, frame)
    case .unparsable(let text, let reason):
      let node = tracer.enterNode(callSite: frame.callSite)
      tracer.report(node: node) { .unreadableOnWeb(text, reason: reason, range: $0) }
      return .null
    }
  }

  private func call<Tracer: EvaluationTracer>(
    _ name: String, _ arguments: [Expression], _ scope: Lookup, _ tracer: inout Tracer,
    _ frame: Frame
  ) -> JSONValue {
    let node = tracer.enterNode(callSite: frame.callSite)
    guard let entry = library.entry(named: name) else {
      // iOS looks the handler up before evaluating the arguments.
      tracer.report(node: node) {
        .unknownOperation(name, suggestion: library.suggestion(for: name), range: $0)
      }
      tracer.skip(arguments, callSite: frame.callSite)
      return .null
    }
    guard frame.depth < Self.maximumDepth else {
      tracer.report(node: node) {
        .evaluationTooDeep(operation: name, limit: Self.maximumDepth, range: $0)
      }
      tracer.skip(arguments, callSite: frame.callSite)
      return .null
    }
    guard tracer.calls < Self.maximumCalls else {
      // Reported once: every call after the limit gives null without running.
      if tracer.calls == Self.maximumCalls {
        tracer.exceeded(node: node) {
          .evaluationTooLong(operation: name, limit: Self.maximumCalls, range: $0)
        }
        tracer.calls += 1
      }
      tracer.skip(arguments, callSite: frame.callSite)
      return .null
    }
    tracer.calls += 1
    var inner = frame
    inner.depth += 1
    var values: [JSONValue] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments {
      values.append(run(argument, scope, &tracer, inner))
    }
    if Tracer.isRecording {
      let signature = entry.signature
      if library.checksArgumentCount(of: signature),
        !signature.accepts(argumentCount: values.count)
      {
        tracer.report(node: node) {
          .wrongArgumentCount(
            operation: name, minimum: signature.minimumArguments,
            maximum: signature.maximumArguments, found: values.count, range: $0)
        }
      }
      if library.warnsBeagle2(signature) {
        tracer.report(node: node) { .beagle2Operation(name, range: $0) }
      }
    }
    switch entry.implementation {
    case .builtin(let implementation):
      let grows = entry.grows
      if grows {
        // Refused before it runs: its result would hold at least all of its arguments.
        var total = 0
        for value in values { total += ValueLimits.minimumBytes(of: value) }
        if total > limits.maximumBytes {
          tracer.exceeded(node: node) {
            .valueLimitExceeded(
              operation: name, .tooLarge(limit: limits.maximumBytes), range: $0)
          }
          return .null
        }
      }
      switch implementation(values) {
      case .value(let value):
        return grows ? within(value, operation: name, node: node, &tracer) : value
      case .crash(let crash):
        tracer.report(node: node) { crash.error(operation: name, range: $0) }
        return .null
      }
    case .native(let implementation):
      return within(implementation(values), operation: name, node: node, &tracer)
    case .body(let body):
      return run(
        body, scope, &tracer,
        Frame(arguments: values, depth: inner.depth, callSite: frame.callSite ?? node))
    }
  }

  /// The default operations whose result can be larger or deeper than any of their
  /// arguments (a custom body grows only through them, so it needs no check of its own).
  static let growingOperations: Set<String> = ["concat", "union", "insert"]

  /// `value`, or null and a diagnostic when it exceeds ``limits``. A string costs
  /// nothing to measure; an array or object is walked, at most up to the limits.
  private func within<Tracer: EvaluationTracer>(
    _ value: JSONValue, operation: String, node: Int, _ tracer: inout Tracer
  ) -> JSONValue {
    let violation: ValueLimitViolation?
    switch value {
    case .string:
      violation =
        ValueLimits.minimumBytes(of: value) > limits.maximumBytes
        ? .tooLarge(limit: limits.maximumBytes) : nil
    case .array, .object:
      violation = limits.violation(of: value)
    default:
      violation = nil
    }
    guard let violation else { return value }
    tracer.exceeded(node: node) { .valueLimitExceeded(operation: operation, violation, range: $0) }
    return .null
  }
}
