import BeagleJSON

/// The operations expressions can call, by case-sensitive name: the default set plus any
/// custom ones. Built once, then immutable; registering returns a new library.
///
/// ```swift
/// let library = try OperationLibrary.standard
///   .registering(name: "fullName", body: "concat(@0, ' ', @1)")
///   .registering(name: "double2", signature: signature) { arguments in … }
/// ```
public struct OperationLibrary: Sendable {
  /// One registered operation; a class so that looking it up during evaluation costs
  /// one reference rather than a copy of the signature.
  final class Entry: Sendable {
    let signature: OperationSignature
    let implementation: Implementation
    /// A default operation whose result can be larger or deeper than its arguments
    /// (``Evaluator/growingOperations``): checked against the evaluator's limits.
    let grows: Bool

    init(signature: OperationSignature, implementation: Implementation, grows: Bool = false) {
      self.signature = signature
      self.implementation = implementation
      self.grows = grows
    }
  }

  /// How an operation computes its value.
  enum Implementation: Sendable {
    /// A default operation, which can report a case where iOS crashes.
    case builtin(@Sendable ([JSONValue]) -> OperationOutcome)
    /// A Swift closure registered by the embedder.
    case native(@Sendable ([JSONValue]) -> JSONValue)
    /// An expression over positional arguments `@0`, `@1`, ….
    case body(Expression)
  }

  var entries: [String: Entry]

  /// Whose rules the default operations and interpolated text follow; see
  /// ``adopting(_:)``.
  public internal(set) var dialect: Dialect = .ios

  /// The default operations: the 26 of Beagle 1.x (iOS semantics) and web 2.x's `int`,
  /// `double` and `string`.
  public static let standard = OperationLibrary(
    entries: Dictionary(
      StandardOperations.table.map {
        (
          $0.name,
          Entry(
            signature: $0.signature, implementation: .builtin($0.implementation),
            grows: Evaluator.growingOperations.contains($0.name))
        )
      },
      uniquingKeysWith: { _, last in last }))

  private init(entries: [String: Entry]) {
    self.entries = entries
  }

  /// The default library, ``standard``.
  public init() {
    self = .standard
  }

  /// The registered names, sorted.
  public var names: [String] { entries.keys.sorted() }

  /// The signature of the operation named `name`, if registered.
  public func signature(of name: String) -> OperationSignature? {
    entries[name]?.signature
  }

  /// The body of a custom operation registered from an expression, if `name` is one.
  public func body(of name: String) -> Expression? {
    if case .body(let body) = entries[name]?.implementation { return body }
    return nil
  }

  func entry(named name: String) -> Entry? {
    entries[name]
  }

  // MARK: - Registering

  /// A library with `name` bound to a Swift implementation; a default operation of the
  /// same name is replaced.
  ///
  /// - Parameters:
  ///   - name: word characters with at least one ASCII letter or `_` (iOS's
  ///     `^\w*[a-zA-Z_]+\w*$`).
  ///   - signature: the argument counts and kinds the checker enforces.
  ///   - implementation: receives the evaluated arguments; return null to refuse them.
  /// - Throws: ``ExpressionError/invalidOperationName(_:range:)`` for a name iOS refuses.
  public func registering(
    name: String, signature: OperationSignature,
    implementation: @escaping @Sendable ([JSONValue]) -> JSONValue
  ) throws(ExpressionError) -> OperationLibrary {
    try Self.validate(name: name)
    var library = self
    library.entries[name] = Entry(signature: signature, implementation: .native(implementation))
    return library
  }

  /// A library with `name` bound to an expression over positional arguments, as the
  /// manifest declares custom operations: `"fullName": "concat(@0, ' ', @1)"`.
  ///
  /// The operation takes exactly highest `@N` + 1 arguments; a missing argument reads as
  /// null. The body is evaluated in the caller's scope, so it may also read contexts.
  ///
  /// - Throws: ``ExpressionError/invalidOperationName(_:range:)`` for a name iOS refuses
  ///   (range in the name), or the body's syntax error (range in the body).
  public func registering(
    name: String, body: String, summary: String? = nil
  ) throws(ExpressionError) -> OperationLibrary {
    try Self.validate(name: name)
    let expression = try Expression.parse(body, allowsArguments: true).expression
    let arity = Self.highestArgument(in: expression).map { $0 + 1 } ?? 0
    let signature = OperationSignature(
      minimumArguments: arity, maximumArguments: arity,
      argumentKinds: Array(repeating: .any, count: max(arity, 1)), resultKind: .any,
      summary: summary ?? body, origin: .custom)
    var library = self
    library.entries[name] = Entry(signature: signature, implementation: .body(expression))
    return library
  }

  /// Checks iOS's naming rule `^\w*[a-zA-Z_]+\w*$`.
  static func validate(name: String) throws(ExpressionError) {
    let isValid =
      name.unicodeScalars.allSatisfy(Characters.isWord)
      && name.utf8.contains { Characters.isASCIILetter($0) || $0 == Characters.underscore }
    guard isValid else { throw .invalidOperationName(name, range: 0..<name.utf8.count) }
  }

  private static func highestArgument(in expression: Expression) -> Int? {
    var highest: Int?
    var work = [expression]
    while let node = work.popLast() {
      switch node {
      case .argument(let index): highest = max(highest ?? index, index)
      case .operation(_, let arguments): work.append(contentsOf: arguments)
      case .literal, .binding, .unparsable: break
      }
    }
    return highest
  }

  // MARK: - Suggestions

  /// The registered name closest to `name`, for "did you mean": a case-insensitive match
  /// first, then the smallest edit distance within a third of the name's length (at
  /// least 1); ties go to the name sharing the longest prefix with `name`, then to the
  /// alphabetically first.
  public func suggestion(for name: String) -> String? {
    let sorted = names
    let lowered = name.lowercased()
    if let match = sorted.first(where: { $0.lowercased() == lowered && $0 != name }) {
      return match
    }
    let limit = max(1, name.count / 3)
    var best: (name: String, distance: Int, prefix: Int)?
    for candidate in sorted {
      let distance = EditDistance.between(name, candidate, limit: limit)
      guard distance <= limit else { continue }
      let prefix = zip(name, candidate).prefix { $0 == $1 }.count
      if let current = best,
        distance > current.distance || (distance == current.distance && prefix <= current.prefix)
      {
        continue
      }
      best = (candidate, distance, prefix)
    }
    return best?.name
  }
}
