import BeagleJSON

/// Which contexts a render read, component by component: what a change of context
/// values can reach, so that rendering again re-evaluates only that.
///
/// A render notes each component it enters (``enter()``, ``leave(_:)``, in pre-order:
/// the component's *ordinal*) and, in between, the key of every tracked context a
/// lookup in its scope found (``ContextScope/reads``): the contexts the screen declares
/// and `global`. A component's reads, its subtree's included, are one range of
/// ``keys``. A subtree that read none of the contexts that changed renders the same.
///
/// Keys are a hash of the context's id (``key(of:)``): two ids that share one make a
/// change of either reach the readers of both, which renders more, never less.
///
/// One thread writes it (a render's second thread notes in its own, taken in by
/// ``append(_:)``), and nothing writes it once its render is done.
public final class ContextReads: @unchecked Sendable {
  /// One rendered component.
  public struct Span: Sendable {
    /// Where its subtree's reads start in ``ContextReads/keys``. They end where the
    /// next component's start (or at the end): what its parent reads after it, before
    /// the next component (a list's `case` for the next item), counts for it too, which
    /// renders more, never less.
    public var readsStart: UInt32
    /// The ordinal after its subtree.
    public var end: UInt32
  }

  /// A context the screen declares, entered by the component of `ordinal` at `path`.
  public struct Declaration: Sendable {
    public var path: JSONPointer
    public var ordinal: UInt32
    public var key: UInt32
  }

  /// What is noted, behind a pointer: read and written on every lookup and component,
  /// a class's own stored properties were checked for exclusive access each time.
  private struct State {
    var keys: [UInt32] = []
    var spans: [Span] = []
    var declarations: [Declaration] = []
    /// The last key noted for the current component (0: none yet).
    var last: UInt32 = 0
  }

  private let state: UnsafeMutablePointer<State>

  public init() {
    state = .allocate(capacity: 1)
    state.initialize(to: State())
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The key of each context read, in the order read (a key read again by the same
  /// component, with nothing read in between, is noted once).
  public var keys: [UInt32] { state.pointee.keys }
  /// The rendered components, by ordinal.
  public var spans: [Span] { state.pointee.spans }
  /// Whether every count fits the 32 bits each is noted in (a render of billions of
  /// components or reads would need tens of gigabytes first): else what was noted is
  /// not to be rendered from.
  public var isWhole: Bool {
    state.pointee.spans.count < Int(UInt32.max) && state.pointee.keys.count < Int(UInt32.max)
  }

  /// The contexts the screen declares that the render entered, with the path each was
  /// entered at (``Screen``'s `contextValues` keys), in the order entered.
  public var declarations: [Declaration] { state.pointee.declarations }

  /// The key of `global`.
  public static let globalKey = key(of: ContextScope.globalId)

  /// The key of context id `id`: FNV-1a of its UTF-8, never 0 (which marks a context
  /// that is not tracked).
  public static func key(of id: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in id.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return hash == 0 ? 1 : hash
  }

  /// Notes that the current component read the context of `key`.
  @inline(__always)
  func note(_ key: UInt32) {
    guard key != state.pointee.last else { return }
    state.pointee.keys.append(key)
    state.pointee.last = key
  }

  /// Notes that the context of `key`, declared by the component rendered at `path`,
  /// was entered by the current component (none: the way down to a second thread's
  /// part, which the first thread notes).
  public func declare(_ key: UInt32, at path: JSONPointer) {
    guard let current = state.pointee.spans.indices.last else { return }
    state.pointee.declarations.append(
      Declaration(path: path, ordinal: UInt32(truncatingIfNeeded: current), key: key))
  }

  /// Notes that the render entered a component; gives its ordinal.
  public func enter() -> Int {
    state.pointee.last = 0
    state.pointee.spans.append(
      Span(readsStart: UInt32(truncatingIfNeeded: state.pointee.keys.count), end: 0))
    return state.pointee.spans.count - 1
  }

  /// Notes that the render left the component of `ordinal`, its subtree rendered.
  public func leave(_ ordinal: Int) {
    state.pointee.spans[ordinal].end = UInt32(truncatingIfNeeded: state.pointee.spans.count)
    // What the parent reads next is its own, even if it read the same key last.
    state.pointee.last = 0
  }

  /// Takes in what another thread noted for components rendered next (the children
  /// of the component this one is in), as if this one had rendered them.
  public func append(_ other: ContextReads) {
    let ordinals = UInt32(truncatingIfNeeded: state.pointee.spans.count)
    let reads = UInt32(truncatingIfNeeded: state.pointee.keys.count)
    state.pointee.spans.reserveCapacity(state.pointee.spans.count + other.state.pointee.spans.count)
    for span in other.state.pointee.spans {
      state.pointee.spans.append(
        Span(readsStart: span.readsStart + reads, end: span.end + ordinals))
    }
    state.pointee.keys.append(contentsOf: other.state.pointee.keys)
    for var declaration in other.state.pointee.declarations {
      declaration.ordinal += ordinals
      state.pointee.declarations.append(declaration)
    }
    state.pointee.last = 0
  }

  /// Takes in the component of `ordinal` in `earlier` and its subtree, rendered again
  /// as they were, as the next ones; gives how many components that is.
  public func appendReused(_ ordinal: Int, of earlier: ContextReads) -> Int {
    let span = earlier.state.pointee.spans[ordinal]
    let readsEnd = earlier.readsEnd(of: ordinal)
    let count = Int(span.end) - ordinal
    let ordinalShift = Int64(state.pointee.spans.count) - Int64(ordinal)
    let readShift = Int64(state.pointee.keys.count) - Int64(span.readsStart)
    state.pointee.spans.reserveCapacity(state.pointee.spans.count + count)
    for index in ordinal..<Int(span.end) {
      let reused = earlier.state.pointee.spans[index]
      state.pointee.spans.append(
        Span(
          readsStart: UInt32(truncatingIfNeeded: Int64(reused.readsStart) + readShift),
          end: UInt32(truncatingIfNeeded: Int64(reused.end) + ordinalShift)))
    }
    state.pointee.keys.append(
      contentsOf: earlier.state.pointee.keys[Int(span.readsStart)..<readsEnd])
    // The subtree's declarations, in ordinal order as all are: from the first at or
    // after `ordinal`.
    let declarations = earlier.state.pointee.declarations
    var index = Self.firstIndex(in: declarations, atLeast: UInt32(truncatingIfNeeded: ordinal)) {
      $0.ordinal
    }
    while index < declarations.count, declarations[index].ordinal < span.end {
      var declaration = declarations[index]
      declaration.ordinal = UInt32(truncatingIfNeeded: Int64(declaration.ordinal) + ordinalShift)
      state.pointee.declarations.append(declaration)
      index += 1
    }
    state.pointee.last = 0
    return count
  }

  /// The index of the first of `elements` (ascending by `key`) whose key is at least
  /// `value`; `elements.count` when none is.
  static func firstIndex<Element>(
    in elements: [Element], atLeast value: UInt32, by key: (Element) -> UInt32
  ) -> Int {
    var low = 0
    var high = elements.count
    while low < high {
      let middle = (low + high) / 2
      if key(elements[middle]) < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The keys of the contexts declared at `paths` that the render entered.
  public func keys(declaredAt paths: Set<JSONPointer>) -> Set<UInt32> {
    var found: Set<UInt32> = []
    guard !paths.isEmpty else { return found }
    for declaration in state.pointee.declarations where paths.contains(declaration.path) {
      found.insert(declaration.key)
    }
    return found
  }

  /// Where the reads of the subtree of `ordinal` end in ``keys``.
  func readsEnd(of ordinal: Int) -> Int {
    let end = Int(state.pointee.spans[ordinal].end)
    return end < state.pointee.spans.count
      ? Int(state.pointee.spans[end].readsStart) : state.pointee.keys.count
  }

  /// For each ordinal, whether its subtree read a context whose key is in `changed`.
  public func reached(by changed: Set<UInt32>) -> ReachedComponents {
    // Where the reads of a changed key are, in order (few): a subtree read one when its
    // range holds one.
    var positions: [UInt32] = []
    if !changed.isEmpty {
      for (position, key) in state.pointee.keys.enumerated() where changed.contains(key) {
        positions.append(UInt32(truncatingIfNeeded: position))
      }
    }
    return ReachedComponents(reads: self, positions: positions)
  }
}

/// Which components of an earlier render a change reached (``ContextReads/reached(by:)``).
public struct ReachedComponents: Sendable {
  /// The render's notes.
  public let reads: ContextReads
  /// Where the changed keys were read in ``ContextReads/keys``, ascending.
  fileprivate let positions: [UInt32]
  fileprivate var spans: [ContextReads.Span] { reads.spans }

  /// Whether the subtree of `ordinal` read a context that changed (true for an
  /// ordinal the render did not note: nothing is known of it).
  public func isReached(_ ordinal: Int) -> Bool {
    guard spans.indices.contains(ordinal) else { return true }
    guard !positions.isEmpty else { return false }
    let start = spans[ordinal].readsStart
    let end = UInt32(truncatingIfNeeded: reads.readsEnd(of: ordinal))
    // The first changed read at or after the start.
    let first = ContextReads.firstIndex(in: positions, atLeast: start) { $0 }
    return first < positions.count && positions[first] < end
  }

  /// How many of the components a change reached (their subtree read a context that
  /// changed).
  public var reachedCount: Int {
    var count = 0
    for ordinal in spans.indices where isReached(ordinal) { count += 1 }
    return count
  }

  /// How many components the subtree of `ordinal` holds below it.
  public func descendants(of ordinal: Int) -> Int {
    guard spans.indices.contains(ordinal) else { return 0 }
    return Int(spans[ordinal].end) - ordinal - 1
  }

  /// The ordinal after the subtree of `ordinal` (its next sibling's, when it has one).
  public func end(of ordinal: Int) -> Int {
    guard spans.indices.contains(ordinal) else { return ordinal + 1 }
    return Int(spans[ordinal].end)
  }
}
