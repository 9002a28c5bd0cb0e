import BeagleRuntime
import Foundation

/// How a large state's screen tree is printed by two threads without holding much of
/// it: the children of the component that holds most of the tree are taken in
/// consecutive segments of about equal size, the even ones printed by the calling
/// thread straight to its output, the odd ones by a second thread into pieces that
/// the first writes when it gets there. Printers are pure, so the bytes are those
/// one thread prints; the second thread runs at most two segments ahead (about a
/// sixteenth of the tree's text), so memory stays about what one thread uses.
///
/// ```swift
/// // root → children[1] holds 90 % of the tree, in 40 children of about equal size:
/// PrintSplit(of: screen, minimumNodes: 0)  // path [1], segments 0..<3, 3..<5, …
/// ```
struct PrintSplit: Sendable, Equatable {
  /// The children indices from the root to the component whose children are
  /// segmented.
  var path: [Int]
  /// Consecutive ranges of the cut component's children, covering them all (at least
  /// two).
  var segments: [Range<Int>]
  /// Whether the cut component is inside a list item (below a child in slot
  /// `items`), as the printers track it.
  var isInItem: Bool

  /// About how many segments the cut component's children make: few enough that
  /// handing them over costs nothing, many enough that two of them are little (what the
  /// second thread holds besides the one it prints: at 16, an eighth of a 10 MB screen's
  /// 13 MB JSON state; 32 took 0.6 MiB off `run --format json`'s peak, 64 little more).
  static let segmentCount = 32
  /// How deep the cut is looked for: a chain of single children deeper than this
  /// prints on one thread.
  static let maximumDepth = 64

  /// The split of `root`'s tree; nil when it has fewer than `minimumNodes` components
  /// (``size(of:)``), or when no component's children hold at
  /// least half of them in two segments or more.
  init?(of root: ComponentNode, minimumNodes: Int) {
    let total = withUnsafePointer(to: root) { Self.size(of: $0) }
    guard total >= max(2, minimumNodes) else { return nil }
    guard
      let found = withUnsafePointer(
        to: root,
        { root in
          Self.cut(in: root, size: total, total: total, path: [], isInItem: false)
        })
    else { return nil }
    (path, segments, isInItem) = found
  }

  /// The split inside `node` (`size` components of the tree's `total`, at `path`):
  /// its children when no one of them holds most of them, else inside the largest.
  private static func cut(
    in node: UnsafePointer<ComponentNode>, size: Int, total: Int, path: [Int], isInItem: Bool
  ) -> (path: [Int], segments: [Range<Int>], isInItem: Bool)? {
    guard path.count < maximumDepth else { return nil }
    return node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress, !children.isEmpty else { return nil }
      var sizes: [Int] = []
      if children.count == 1 {
        // A component of one child (most wrappers) needs no counting: its child is
        // the rest of it.
        sizes = [size - 1]
      } else {
        sizes.reserveCapacity(children.count)
        for index in children.indices { sizes.append(Self.size(of: first + index)) }
      }
      let held = sizes.reduce(0, +)
      guard 2 * held >= total else { return nil }
      var largest = 0
      for index in sizes.indices.dropFirst() where sizes[index] > sizes[largest] {
        largest = index
      }
      if 2 * sizes[largest] > held {
        return cut(
          in: first + largest, size: sizes[largest], total: total, path: path + [largest],
          isInItem: isInItem || children[largest].slot == "items")
      }
      // Consecutive children of about `held / segmentCount` components each.
      let target = max(1, held / segmentCount)
      var segments: [Range<Int>] = []
      var start = 0
      var filled = 0
      for index in sizes.indices {
        filled += sizes[index]
        if filled >= target {
          segments.append(start..<index + 1)
          start = index + 1
          filled = 0
        }
      }
      if start < sizes.count { segments.append(start..<sizes.count) }
      guard segments.count >= 2 else { return nil }
      return (path, segments, isInItem)
    }
  }

  /// The components of `node`'s tree, itself and its children (a rendered list's
  /// templates are not printed, and other components seldom have any).
  static func size(of node: UnsafePointer<ComponentNode>) -> Int {
    // Most components are leaves: their empty array is not even opened.
    guard !node.pointee.children.isEmpty else { return 1 }
    return node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return 1 }
      var total = 1
      for index in children.indices { total += size(of: first + index) }
      return total
    }
  }

  /// Calls `body` with the cut component of `root`'s tree, read in place; nil when
  /// the path does not lead to one (not the tree the split was found in).
  func withCutNode<Result>(
    in root: UnsafePointer<ComponentNode>, _ body: (UnsafePointer<ComponentNode>) -> Result
  ) -> Result? {
    ComponentNode.withNode(at: path[...], in: root, body)
  }

  /// Starts printing the odd segments on another thread: `print` writes the children
  /// in a range of the cut component (read in place) into its own buffer, calling
  /// the closure it is given with each piece (whole components, in order). Nil when
  /// no thread can be started (an address space too small for its stack): the
  /// calling thread then prints every segment. The job must not run on the calling
  /// thread, which would wait for room the caller has not made yet.
  ///
  /// - Parameter tail: when given, what the state prints after the tree (its contexts,
  ///   requests, log…), printed by the second thread once its last segment is, in
  ///   pieces the first writes after the tree (``Cursor/takeTail(_:)``): the first thread
  ///   also prints what comes before the tree, and writes every piece, so the second
  ///   thread printing only half of the tree left the first with about 60% of the work.
  ///   The second thread runs at most two pieces ahead of the first here too, so a
  ///   long log is never held whole.
  func startSecondThread<Chunk: Sendable>(
    on root: ComponentNode,
    stackSize: Int = BackgroundJob<Bool>.stackSize,
    tail: (@Sendable (_ piece: (Chunk) -> Void) -> Void)? = nil,
    print:
      @escaping @Sendable (
        _ parent: UnsafePointer<ComponentNode>, _ range: Range<Int>, _ piece: (Chunk) -> Void
      ) -> Void
  ) -> Cursor<Chunk>? {
    let queue = SegmentQueue<Chunk>()
    let split = self
    let job = BackgroundJob.onNewThread(stackSize: stackSize) { () -> Bool in
      let found: Void? = withUnsafePointer(to: root) { root in
        split.withCutNode(in: root) { parent in
          for number in stride(from: 1, to: split.segments.count, by: 2) {
            // The first thread no longer takes segments: nothing more is printed.
            guard queue.waitForRoom(before: number) else { return }
            var pieces: [Chunk] = []
            print(parent, split.segments[number]) { pieces.append($0) }
            queue.put(pieces, segment: number)
          }
          if let tail, queue.beginTail() {
            tail { queue.putTail($0) }
          }
        }
      }
      // Not the tree the split was found in: the first thread prints every segment.
      if found == nil { queue.fail() }
      queue.endTail()
      return found != nil
    }
    guard let job else { return nil }
    return Cursor(split: self, second: queue, job: job, printsTail: tail != nil)
  }

  /// Where a printer is on the way to the cut: at the root, then at each component on
  /// the path; the printer passes it to a child only when the child is on the path.
  struct Cursor<Chunk: Sendable> {
    var split: PrintSplit
    /// How many components of the path are entered.
    var level = 0
    /// The odd segments, as the second thread prints them.
    var second: SegmentQueue<Chunk>
    /// The second thread, joined once the tail is taken (``takeTail(_:)``).
    var job: BackgroundJob<Bool>
    /// Whether the second thread prints the state's tail after its segments.
    var printsTail = false

    /// Whether this component's children are segmented.
    var isAtCut: Bool { level == split.path.count }

    /// The cursor for child `index`, when the cut lies inside it.
    func entering(_ index: Int) -> Cursor? {
      guard level < split.path.count, split.path[level] == index else { return nil }
      var next = self
      next.level += 1
      return next
    }

    /// At the cut, in order: calls `write` with each segment this thread prints (the
    /// even ones, and an odd one the second thread did not print) and `printed` with
    /// the pieces of each odd one the second thread printed.
    func forEachSegment(write: (Range<Int>) -> Void, printed: ([Chunk]) -> Void) {
      for (number, segment) in split.segments.enumerated() {
        if number % 2 == 1, let pieces = second.take(segment: number) {
          printed(pieces)
        } else {
          write(segment)
        }
      }
    }

    /// Calls `piece` with each piece of the state's tail as the second thread prints
    /// it (waiting for each), and true; false, having called nothing, when this thread
    /// prints the tail: the second thread was given no tail or printed nothing, or this
    /// thread did not take every odd segment (it did not print the tree the split was
    /// found in; the second thread then stops). Either way the second thread has ended
    /// when it returns: nothing of it runs beside what the caller does next, and
    /// nothing it holds outlives the state.
    func takeTail(_ piece: (Chunk) -> Void) -> Bool {
      let segments = split.segments.count
      let lastOdd = segments.isMultiple(of: 2) ? segments - 1 : segments - 2
      let printed = second.claimTail(after: lastOdd, isGiven: printsTail)
      if printed {
        while let next = second.nextTailPiece() { piece(next) }
      }
      _ = job.wait()
      return printed
    }
  }
}

/// The segments a second thread printed, handed to the first in order; the second
/// waits before printing a segment while two of its segments are not taken yet.
final class SegmentQueue<Chunk: Sendable>: @unchecked Sendable {
  // @unchecked: every stored property is read and written with `condition` locked.
  private let condition = NSCondition()
  private var ready: [Int: [Chunk]] = [:]
  /// The segments the first thread took so far (odd numbers, in order).
  private var taken: Set<Int> = []
  private var hasFailed = false
  /// The first thread takes nothing more (``claimTail(after:isGiven:)``).
  private var isAbandoned = false
  /// The tail's pieces printed and not taken yet, in order.
  private var tailPieces: [Chunk] = []
  /// Whether the second thread began printing the tail (``beginTail()``).
  private var isTailBegun = false
  /// Whether the second thread is done: the tail printed, or not to be.
  private var isTailEnded = false

  /// Waits until segment `number - 4` (the second thread's one before last) is taken;
  /// false when the first thread takes nothing more.
  func waitForRoom(before number: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while number >= 5, !taken.contains(number - 4), !isAbandoned { condition.wait() }
    return !isAbandoned
  }

  func put(_ pieces: [Chunk], segment number: Int) {
    condition.lock()
    ready[number] = pieces
    condition.broadcast()
    condition.unlock()
  }

  /// The second thread could not find the cut: it prints nothing.
  func fail() {
    condition.lock()
    hasFailed = true
    condition.broadcast()
    condition.unlock()
  }

  /// The second thread, after its last segment: whether it prints the tail (false
  /// once the first thread takes nothing more).
  func beginTail() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    isTailBegun = !isAbandoned
    condition.broadcast()
    return isTailBegun
  }

  /// The second thread: a piece of the tail, after waiting while two are not taken
  /// yet (dropped when the first thread takes nothing more).
  func putTail(_ piece: Chunk) {
    condition.lock()
    defer { condition.unlock() }
    while tailPieces.count >= 2, !isAbandoned { condition.wait() }
    guard !isAbandoned else { return }
    tailPieces.append(piece)
    condition.broadcast()
  }

  /// The second thread is done, whether or not it printed the tail.
  func endTail() {
    condition.lock()
    isTailEnded = true
    condition.broadcast()
    condition.unlock()
  }

  /// The first thread, after the tree: whether the second thread prints the tail
  /// (``nextTailPiece()`` then gives its pieces). It does when the first thread took
  /// segment `lastOdd`, the second thread's last one, and the second thread was given
  /// a tail (`isGiven`) and began it; otherwise the second thread waits for nothing
  /// more and prints nothing more.
  func claimTail(after lastOdd: Int, isGiven: Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard isGiven, taken.contains(lastOdd) else {
      isAbandoned = true
      condition.broadcast()
      return false
    }
    while !isTailBegun, !isTailEnded { condition.wait() }
    return isTailBegun
  }

  /// The tail's next piece, once printed (waits for it); nil after the last.
  func nextTailPiece() -> Chunk? {
    condition.lock()
    defer { condition.unlock() }
    while tailPieces.isEmpty, !isTailEnded { condition.wait() }
    guard !tailPieces.isEmpty else { return nil }
    condition.broadcast()
    return tailPieces.removeFirst()
  }

  /// Segment `number`'s pieces, once printed (waits for them); nil when the second
  /// thread prints nothing.
  func take(segment number: Int) -> [Chunk]? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let pieces = ready.removeValue(forKey: number) {
        taken.insert(number)
        condition.broadcast()
        return pieces
      }
      if hasFailed { return nil }
      condition.wait()
    }
  }
}
