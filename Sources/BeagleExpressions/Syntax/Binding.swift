/// One step of a path inside a JSON value: a member name or an array index.
public enum PathStep: Sendable, Hashable {
  /// An object member, `.name`.
  case key(String)
  /// An array element, `[2]`.
  case index(Int)
}

/// A read of a context value: the context id, then a path inside its value.
///
/// `user.phones[1].number` is `Binding(contextId: "user", path: [.key("phones"),
/// .index(1), .key("number")])`.
public struct Binding: Sendable, Hashable {
  /// The id of the context, the first key of the binding.
  public var contextId: String
  /// The steps after the context id.
  public var path: [PathStep]

  /// Creates a binding from a context id and a path inside that context's value.
  public init(contextId: String, path: [PathStep] = []) {
    self.contextId = contextId
    self.path = path
  }
}

extension Binding: CustomStringConvertible {
  /// The binding in source form, `user.phones[1].number`.
  public var description: String {
    contextId + PathStep.text(of: path, startsWithKey: false)
  }
}

extension PathStep {
  /// The text of `steps`: `.key` as `.name` (without the dot when it comes first and
  /// `startsWithKey` is true), `.index` as `[n]`.
  static func text(of steps: [PathStep], startsWithKey: Bool) -> String {
    var output = ""
    for (offset, step) in steps.enumerated() {
      switch step {
      case .key(let key):
        if !(startsWithKey && offset == 0) { output += "." }
        output += key
      case .index(let index):
        output += "[\(index)]"
      }
    }
    return output
  }
}
