import BeagleJSON

/// Where an event came from: the screen that owns the component (by its
/// ``Screen/serial``) and the component's path on that screen.
///
/// Actions evaluate in the origin's scope (docs/spec.md §3.1). Keeping the screen lets a
/// callback that runs after a navigation (the actions after a `pushView` in the
/// same list, a dialog's button, a request's `onSuccess`) still use the screen it
/// came from, as iOS runs them on the origin's view controller.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// The serial of the screen that owns the component.
  public var screen: Int
  /// The component's path: its JSON Pointer on the screen.
  public var path: JSONPointer

  public init(screen: Int, path: JSONPointer) {
    self.screen = screen
    self.path = path
  }

  public var description: String { "screen \(screen) \(path)" }
}
