import BeagleExpressions
import BeagleJSON

/// A navigation action's `navigationContext` (Beagle 2.x, docs/spec.md §3.3): a value,
/// already evaluated in the origin's scope, and where to write it in the
/// destination screen's `navigationContext` context.
///
/// ```swift
/// let write = NavigationContext(value: 42, path: try ContextPath(parsing: "order.id"))
/// write.applied(to: ["order": ["id": 1, "total": 9]])   // {"order":{"id":42,"total":9}}
/// write.applied(to: nil)                               // {"order":{"id":42}}
/// ```
public struct NavigationContext: Sendable, Equatable {
  /// The evaluated value.
  public var value: JSONValue
  /// Where to write it; nil replaces the whole context.
  public var path: ContextPath?

  public init(value: JSONValue, path: ContextPath? = nil) {
    self.value = value
    self.path = path
  }

  /// The context after the write: the value itself without a path; with a path,
  /// the current value (null when never written) with `value` set at the path by
  /// iOS's rules (docs/spec.md §4.5), other keys kept.
  public func applied(to current: JSONValue?) -> JSONValue {
    guard let path else { return value }
    return (current ?? .null).setting(value, at: path)
  }
}
