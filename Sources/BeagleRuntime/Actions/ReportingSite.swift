import BeagleJSON

/// Where what is reported now comes from: the screen whose JSON Pointers the
/// diagnostics use and, while an action runs, that action. ``ActionContext`` places
/// each diagnostic it is given (see ``ActionContext/located(_:)``) in the file of the
/// screen or the action, at the innermost component or action holding its pointer.
struct ReportingSite: Sendable {
  /// The ``Screen/serial`` of the screen the pointers are on.
  var screen: Int
  /// The running action's location: pointers under it are the action's own, in its
  /// document (a lazy component's actions keep the pointers of the document they
  /// were fetched in).
  var action: SourceLocation?
}
