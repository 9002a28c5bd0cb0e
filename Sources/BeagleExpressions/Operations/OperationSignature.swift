/// What an operation accepts and does: the single description that drives both
/// evaluation (argument-count diagnostics) and static checking.
public struct OperationSignature: Sendable, Hashable {
  /// The kind of value an argument or a result is meant to be.
  public enum Kind: String, Sendable, Hashable {
    /// Any value.
    case any
    /// An int or a double (all arguments the same one of the two).
    case number
    /// An int.
    case int
    /// A string.
    case string
    /// A boolean.
    case bool
    /// An array.
    case array
    /// A string, an array or an object.
    case collection
  }

  /// Where the operation comes from.
  public enum Origin: String, Sendable, Hashable {
    /// The default set of Beagle 1.x, registered by iOS, Android and web.
    case beagle1
    /// Only in Beagle 2.x (web-core 2.1 and the docs); unknown to iOS 1.x.
    case beagle2
    /// Registered by the embedder or the manifest.
    case custom
  }

  /// The fewest arguments the operation takes.
  public var minimumArguments: Int
  /// The most arguments it takes, nil when there is no limit.
  public var maximumArguments: Int?
  /// The kind of each argument position; the last one repeats when
  /// ``maximumArguments`` is nil or larger than the list.
  public var argumentKinds: [Kind]
  /// The kind of the result when the operation succeeds (every operation may also give null).
  public var resultKind: Kind
  /// One line saying what the operation does.
  public var summary: String
  /// Where the operation comes from.
  public var origin: Origin

  /// Creates a signature.
  public init(
    minimumArguments: Int, maximumArguments: Int?, argumentKinds: [Kind], resultKind: Kind,
    summary: String, origin: Origin = .custom
  ) {
    self.minimumArguments = minimumArguments
    self.maximumArguments = maximumArguments
    self.argumentKinds = argumentKinds
    self.resultKind = resultKind
    self.summary = summary
    self.origin = origin
  }

  /// Whether a call with `count` arguments matches the signature.
  public func accepts(argumentCount count: Int) -> Bool {
    count >= minimumArguments && (maximumArguments.map { count <= $0 } ?? true)
  }

  /// The kind expected at argument position `index`.
  public func kind(ofArgument index: Int) -> Kind {
    guard let last = argumentKinds.last else { return .any }
    return index < argumentKinds.count ? argumentKinds[index] : last
  }

  /// The signature as one line, `substr(string, int, int?) -> string: …`, with `[2.x]`
  /// for Beagle 2.x operations.
  public func display(name: String) -> String {
    var parameters: [String] = []
    let shown = max(
      minimumArguments, min(maximumArguments ?? argumentKinds.count, argumentKinds.count))
    for index in 0..<shown {
      parameters.append(kind(ofArgument: index).rawValue + (index >= minimumArguments ? "?" : ""))
    }
    if maximumArguments == nil { parameters.append("…") }
    let tag = origin == .beagle2 ? " [2.x]" : ""
    return
      "\(name)(\(parameters.joined(separator: ", "))) -> \(resultKind.rawValue): \(summary)\(tag)"
  }
}
