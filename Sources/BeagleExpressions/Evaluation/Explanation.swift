import BeagleJSON

/// The result of an explained evaluation: the value, what it read, what went wrong.
public struct Explanation: Sendable, Equatable {
  /// The value, the same ``Evaluator/evaluate(_:in:)-(Expression,_)`` gives.
  public var value: JSONValue
  /// Every binding read, in evaluation order.
  public var bindings: [BindingRead]
  /// Diagnostics raised while evaluating: unknown operations, wrong argument counts,
  /// Beagle 2.x operations, the inputs on which iOS crashes, evaluation too deep.
  public var diagnostics: [ExpressionError]

  /// Creates an explanation.
  public init(value: JSONValue, bindings: [BindingRead] = [], diagnostics: [ExpressionError] = []) {
    self.value = value
    self.bindings = bindings
    self.diagnostics = diagnostics
  }
}

/// One binding read during an explained evaluation.
public struct BindingRead: Sendable, Hashable {
  /// The binding as written, `user.name`.
  public var binding: Binding
  /// Whether a context with the binding's id was in scope.
  public var contextExists: Bool
  /// The value the binding resolved to (null when the context or the path is missing).
  public var value: JSONValue
  /// The binding's UTF-8 byte range in the source, empty when unknown.
  public var range: Range<Int>

  /// Creates a record of a read.
  public init(binding: Binding, contextExists: Bool, value: JSONValue, range: Range<Int> = 0..<0) {
    self.binding = binding
    self.contextExists = contextExists
    self.value = value
    self.range = range
  }

  /// The binding's text, `user.name`.
  public var text: String { binding.description }
}

// MARK: - Tracers

/// What the evaluator tells an observer. The plain path uses ``SilentTracer``, whose
/// empty methods specialise away, so it pays nothing for tracing.
protocol EvaluationTracer {
  /// Whether anything is recorded; lets the evaluator skip work only a recorder needs.
  static var isRecording: Bool { get }
  /// Starts a new expression (a template part) whose nodes are mapped by `sourceMap`.
  mutating func begin(sourceMap: SourceMap?)
  /// Numbers the next node in pre-order; inside a custom body every node is the call site.
  @discardableResult mutating func enterNode(callSite: Int?) -> Int
  /// Skips the nodes of arguments that are not evaluated.
  mutating func skip(_ expressions: [Expression], callSite: Int?)
  mutating func read(_ binding: Binding, node: Int, contextExists: Bool, value: JSONValue)
  mutating func report(node: Int, _ error: (Range<Int>) -> ExpressionError)
  /// A result over the evaluator's limits (reported even when nothing else is).
  mutating func exceeded(node: Int, _ error: (Range<Int>) -> ExpressionError)
  /// Operation calls made so far by this evaluation (see ``Evaluator/maximumCalls``).
  var calls: Int { get set }
  /// An interpolated part printed a number that is not finite (``NonFiniteNumber``).
  mutating func printed(nonFinite number: Double)
}

struct SilentTracer: EvaluationTracer {
  static var isRecording: Bool { false }
  /// The first limit a result exceeded, so that a caller can refuse the whole value.
  var limitError: ExpressionError?
  var calls = 0
  /// The first number that is not finite an interpolated part printed.
  var nonFinite: Double?
  mutating func exceeded(node: Int, _ error: (Range<Int>) -> ExpressionError) {
    if limitError == nil { limitError = error(0..<0) }
  }
  mutating func printed(nonFinite number: Double) {
    if nonFinite == nil { nonFinite = number }
  }
  @inline(__always) mutating func begin(sourceMap: SourceMap?) {}
  @inline(__always) mutating func enterNode(callSite: Int?) -> Int { 0 }
  @inline(__always) mutating func skip(_ expressions: [Expression], callSite: Int?) {}
  @inline(__always) mutating func read(
    _ binding: Binding, node: Int, contextExists: Bool, value: JSONValue
  ) {}
  @inline(__always) mutating func report(node: Int, _ error: (Range<Int>) -> ExpressionError) {}
}

struct RecordingTracer: EvaluationTracer {
  static var isRecording: Bool { true }
  var sourceMap: SourceMap?
  var nextNode = 0
  var bindings: [BindingRead] = []
  var diagnostics: [ExpressionError] = []
  var calls = 0

  init(sourceMap: SourceMap?) {
    self.sourceMap = sourceMap
  }

  mutating func begin(sourceMap: SourceMap?) {
    self.sourceMap = sourceMap
    nextNode = 0
  }

  mutating func enterNode(callSite: Int?) -> Int {
    if let callSite { return callSite }
    defer { nextNode += 1 }
    return nextNode
  }

  mutating func skip(_ expressions: [Expression], callSite: Int?) {
    guard callSite == nil else { return }
    var work = expressions
    while let node = work.popLast() {
      nextNode += 1
      if case .operation(_, let arguments) = node { work.append(contentsOf: arguments) }
    }
  }

  mutating func read(_ binding: Binding, node: Int, contextExists: Bool, value: JSONValue) {
    bindings.append(
      BindingRead(
        binding: binding, contextExists: contextExists, value: value, range: range(of: node)))
  }

  mutating func report(node: Int, _ error: (Range<Int>) -> ExpressionError) {
    let diagnostic = error(range(of: node))
    // A custom body called again and again reports the same thing at the same call site
    // each time (thousands of times when it calls itself twice): once is enough.
    if diagnostics.last != diagnostic { diagnostics.append(diagnostic) }
  }

  mutating func exceeded(node: Int, _ error: (Range<Int>) -> ExpressionError) {
    report(node: node, error)
  }

  // `--explain` shows each part's value, the number included.
  mutating func printed(nonFinite number: Double) {}

  private func range(of node: Int) -> Range<Int> {
    sourceMap?.range(ofNode: node) ?? 0..<0
  }
}
