/// Fetched screens and components as decoded the first time, so that a route fetched
/// again (a push of a screen already on the stack, a lazy component shown twice)
/// shares one immutable decoded tree instead of holding a copy of its own.
///
/// One tap that pushed its own route 4 000 times parsed, decoded and checked its
/// 280 KB screen 4 000 times and kept 4 000 trees each holding the tap's 4 000
/// actions. Decoding depends only on the bytes and on what the session was
/// configured with (registry, profile, operations, styles), so the outcome of the
/// first decode, with what it logged, is the outcome of every later one; a screen
/// made from it for the same route is the same value too, and copies of a
/// ``Screen`` share their tree until one of them changes (copy on write).
struct DecodedFetches: Sendable {
  /// One decode: the bytes it read, its outcome and what it logged.
  struct Entry: Sendable {
    var fetched: FetchedScreen
    var outcome: Result<ComponentNode, ActionContext.FetchFailure>
    /// What parsing and decoding logged, in order.
    var log: [Diagnostic]
    /// What checking a screen logged (empty unless a screen was checked).
    var checked: [Diagnostic]
    /// Screens made from ``outcome``, by route.
    var screens: [String: Screen] = [:]
  }

  private struct Key: Hashable, Sendable {
    var source: String
    var isScreen: Bool
  }

  private var entries: [Key: Entry] = [:]

  /// The decode of `fetched`, when the same bytes from the same source were decoded
  /// before (as a screen when `isScreen`).
  func entry(for fetched: FetchedScreen, isScreen: Bool) -> Entry? {
    guard let entry = entries[Key(source: fetched.source, isScreen: isScreen)],
      entry.fetched == fetched
    else { return nil }
    return entry
  }

  /// Keeps `entry`, replacing an older decode of the same source.
  mutating func keep(_ entry: Entry, isScreen: Bool) {
    entries[Key(source: entry.fetched.source, isScreen: isScreen)] = entry
  }

  /// The screen for `route` made from a kept decode of `fetched` (made once per route).
  mutating func screen(for fetched: FetchedScreen, route: String) -> Screen? {
    let key = Key(source: fetched.source, isScreen: true)
    guard let entry = entries[key], entry.fetched == fetched,
      case .success(let root) = entry.outcome
    else { return nil }
    if let screen = entry.screens[route] { return screen }
    let screen = Screen(route: route, root: root)
    entries[key]?.screens[route] = screen
    return screen
  }
}
