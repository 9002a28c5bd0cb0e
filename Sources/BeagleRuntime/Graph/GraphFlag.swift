import BeagleJSON

/// Something ``GraphWalker`` found wrong (a flag) or worth knowing (a note).
public struct GraphFlag: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable {
    /// A route that leads to no screen.
    case deadLink = "dead-link"
    /// A route built from an expression that no `--assume` value resolves.
    case expressionRoute = "expression-route"
    /// A popToView whose target is on no path (of pushes) to its screen.
    case popToViewTarget = "pop-to-view-target"
    /// A remote route without a `fallback` screen (a note).
    case missingFallback = "missing-fallback"
    /// A JSON file of the BFF folder that nothing reaches.
    case unreachableScreen = "unreachable-screen"
    /// Screens that push each other in a loop (a flag), or a loop closed by a reset
    /// (a note).
    case cycle
    /// The walk stopped at its limit of screens.
    case limit
  }

  public var kind: Kind
  /// A note informs; a flag is a problem (`--strict` fails on flags).
  public var isNote: Bool
  /// What is wrong, lowercase, user values in single quotes, no final period.
  public var message: String
  /// The node it is about (the one holding the action); nil for files never reached.
  public var node: Int?
  /// The JSON Pointer of the action, in that node's source.
  public var at: JSONPointer?

  public init(
    _ kind: Kind, isNote: Bool = false, _ message: String, node: Int? = nil, at: JSONPointer? = nil
  ) {
    self.kind = kind
    self.isNote = isNote
    self.message = message
    self.node = node
    self.at = at
  }
}
