/// One stack of the navigator: its screens, bottom first, and the navigation
/// controller it was created with.
///
/// A stack is never empty: it is built from its root screen and only grows above
/// it, which makes "no empty stack" an invariant of the type.
///
/// The screens are stored as one array, so reading ``screens`` (every state does,
/// and every lookup of a screen by serial) shares it instead of copying each
/// screen: pushing the same route 2 000 times no longer copies the whole stack on
/// every step.
public struct NavigationStack: Sendable, Equatable {
  /// Every screen, bottom first (never empty).
  public private(set) var screens: [Screen]
  /// The navigation controller named when the stack was created (no effect on the model).
  public var controllerId: String?

  /// A stack holding only `root`.
  public init(root: Screen, controllerId: String? = nil) {
    self.screens = [root]
    self.controllerId = controllerId
  }

  /// The bottom screen.
  public var root: Screen { screens[0] }  // safe: a stack is never empty

  /// The screen on top.
  public var top: Screen { screens[screens.count - 1] }  // safe: a stack is never empty

  /// The number of screens (at least 1).
  public var count: Int { screens.count }

  mutating func push(_ screen: Screen) { screens.append(screen) }

  /// Changes the screen with `serial` in place; returns whether it is on this stack.
  /// Searched from the top, where the screen asked for nearly always is.
  mutating func update(serial: Int, _ body: (inout Screen) -> Void) -> Bool {
    guard let index = screens.lastIndex(where: { $0.serial == serial }) else { return false }
    body(&screens[index])
    return true
  }

  /// Removes the top screen unless it is the root; returns whether one was removed.
  mutating func popAboveRoot() -> Bool {
    guard screens.count > 1 else { return false }
    screens.removeLast()
    return true
  }

  /// Keeps screens `0...index` (`index` in `screens`' numbering).
  mutating func keep(through index: Int) {
    let kept = max(0, index) + 1
    if kept < screens.count { screens.removeSubrange(kept...) }
  }

  /// Changes the top screen in place.
  mutating func updateTop(_ body: (inout Screen) -> Void) {
    body(&screens[screens.count - 1])  // safe: a stack is never empty
  }
}
