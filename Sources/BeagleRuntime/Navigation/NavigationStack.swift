/// One stack of the navigator: its screens, bottom first, and the navigation
/// controller it was created with.
///
/// A stack is never empty: it is built from its root screen and only grows above
/// it, which makes "no empty stack" an invariant of the type.
public struct NavigationStack: Sendable, Equatable {
  /// The bottom screen.
  public private(set) var root: Screen
  /// The screens pushed above the root, bottom first.
  public private(set) var pushed: [Screen]
  /// The navigation controller named when the stack was created (no effect on the model).
  public var controllerId: String?

  /// A stack holding only `root`.
  public init(root: Screen, controllerId: String? = nil) {
    self.root = root
    self.pushed = []
    self.controllerId = controllerId
  }

  /// Every screen, bottom first (never empty).
  public var screens: [Screen] { [root] + pushed }

  /// The screen on top.
  public var top: Screen { pushed.last ?? root }

  /// The number of screens (at least 1).
  public var count: Int { pushed.count + 1 }

  mutating func push(_ screen: Screen) { pushed.append(screen) }

  /// Changes the screen with `serial` in place; returns whether it is on this stack.
  mutating func update(serial: Int, _ body: (inout Screen) -> Void) -> Bool {
    if root.serial == serial {
      body(&root)
      return true
    }
    guard let index = pushed.firstIndex(where: { $0.serial == serial }) else { return false }
    body(&pushed[index])
    return true
  }

  /// Removes the top screen unless it is the root; returns whether one was removed.
  mutating func popAboveRoot() -> Bool {
    pushed.popLast() != nil
  }

  /// Keeps screens `0...index` (`index` in `screens`' numbering).
  mutating func keep(through index: Int) {
    pushed = Array(pushed.prefix(max(0, index)))
  }

  /// Changes the top screen in place.
  mutating func updateTop(_ body: (inout Screen) -> Void) {
    if pushed.isEmpty {
      body(&root)
    } else {
      body(&pushed[pushed.count - 1])
    }
  }
}
