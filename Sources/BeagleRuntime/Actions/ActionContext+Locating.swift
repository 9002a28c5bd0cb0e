import BeagleJSON

extension ActionContext {
  /// `diagnostic` placed in its source when it has a pointer but no position: at the
  /// innermost component or action of the ``reportingSite`` that holds the pointer,
  /// with that node's file and offset (the renderers turn them into
  /// `file:line:column`). Unchanged when it is already placed, names another source
  /// (a mocks file), points at a screen's root (a script step's own actions), or
  /// when no site is set or the node has no position (decoded from a value in memory).
  func located(_ diagnostic: Diagnostic) -> Diagnostic {
    guard diagnostic.offset == nil, diagnostic.source == nil, let pointer = diagnostic.pointer,
      !pointer.isRoot, let site = reportingSite
    else { return diagnostic }
    let location: SourceLocation?
    if let action = site.action, action.pointer.isPrefix(of: pointer) {
      // The action's own pointers may be in another document than the screen's.
      location = action.hasPosition ? action : nil
    } else {
      location = navigator.screen(serial: site.screen)?.node.innermostLocation(of: pointer)
    }
    guard let location, !location.pointer.isRoot else { return diagnostic }
    var located = diagnostic
    located.offset = location.offset
    located.source = location.source
    return located
  }
}
