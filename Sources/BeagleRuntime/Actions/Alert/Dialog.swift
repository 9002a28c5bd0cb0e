import BeagleJSON

/// An open `beagle:alert` or `beagle:confirm` (docs/spec.md §7.4, §7.5): it stays in the state
/// until a `choose "LABEL"` step presses one of its buttons.
public struct Dialog: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case alert, confirm
  }

  public var kind: Kind
  public var title: String?
  public var message: String
  /// The buttons in order: label and the actions it runs.
  public var buttons: [(label: String, event: String, actions: [ActionNode])]
  /// The component whose event opened the dialog; its scope runs the callbacks.
  public var origin: Origin
  /// The implicit contexts of the events that opened it, outermost first, which the
  /// callbacks still see.
  public var implicits: [ImplicitContext]
  /// Where the `beagle:alert` or `beagle:confirm` that opened it is: its file and
  /// offset place the warning about a dialog left open.
  public var location: SourceLocation

  /// The JSON Pointer of the action that opened it.
  public var pointer: JSONPointer { location.pointer }

  public static func == (lhs: Dialog, rhs: Dialog) -> Bool {
    lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.message == rhs.message
      && lhs.buttons.map(\.label) == rhs.buttons.map(\.label) && lhs.origin == rhs.origin
  }
}
