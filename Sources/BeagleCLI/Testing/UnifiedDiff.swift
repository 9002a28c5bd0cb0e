/// A line diff of two texts in the unified format of `diff -u` and `git diff`:
/// `@@ -l,s +l,s @@` hunks with context lines around the changes.
///
/// The edits are a shortest edit script (Myers, "An O(ND) difference algorithm",
/// 1986) after the common first and last lines are set aside. Past
/// ``maximumEdits`` differences the middle is shown as removed, then added: still a
/// correct diff, found in bounded time and memory whatever the input.
///
/// ```swift
/// UnifiedDiff(old: "a\nb\nc\n", new: "a\nB\nc\n")
///   .text(oldName: "cart.expected", newName: "actual")
/// // --- cart.expected
/// // +++ actual
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
struct UnifiedDiff: Equatable, Sendable {
  /// One group of changes with its context.
  struct Hunk: Equatable, Sendable {
    /// 0-based index of the hunk's first line in the old text, and its line count.
    var oldStart: Int
    var oldCount: Int
    var newStart: Int
    var newCount: Int
    /// The lines with their prefix (` `, `-`, `+`) and without newline; a line
    /// `\ No newline at end of file` follows a last line that has none.
    var lines: [String]

    /// `@@ -1,3 +1,4 @@`, with GNU diff's conventions: a count of 1 is left out,
    /// and an empty range starts at the line before it.
    var header: String {
      "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
      switch count {
      case 0: "\(start),0"
      case 1: "\(start + 1)"
      default: "\(start + 1),\(count)"
      }
    }
  }

  /// Beyond this many removed and added lines, the changed middle is not aligned
  /// line by line (the search costs O(edits²) memory).
  static let maximumEdits = 1_000

  var hunks: [Hunk]
  /// The 1-based line of the old text where the first change is (a removed line,
  /// or the line an addition follows; 1 for an addition at the start).
  var firstChangedLine: Int?

  var isEmpty: Bool { hunks.isEmpty }

  init(old: String, new: String, context: Int = 3) {
    let oldLines = Line.split(old)
    let newLines = Line.split(new)
    let edits = Self.edits(oldLines, newLines)
    hunks = Self.hunks(edits, old: oldLines, new: newLines, context: max(0, context))
    firstChangedLine = edits.first { !$0.isEqual }.map { edit in
      switch edit {
      case .equal(let old, _), .delete(let old): old + 1
      case .insert(let old, _): max(1, old)
      }
    }
  }

  /// The diff as `diff -u` prints it; empty when the texts are equal.
  func text(oldName: String, newName: String) -> String {
    guard !hunks.isEmpty else { return "" }
    var text = "--- \(oldName)\n+++ \(newName)\n"
    for hunk in hunks {
      text += hunk.header + "\n"
      for line in hunk.lines { text += line + "\n" }
    }
    return text
  }

  // MARK: - Lines

  /// A line and whether a newline ends it (the last line of a text may have none).
  struct Line: Hashable {
    var text: String
    var hasNewline: Bool

    /// Splits at each `\n` byte (a `\r` before it stays in the line, as in `diff`).
    static func split(_ text: String) -> [Line] {
      var lines = Array(text.utf8).split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
      )
      .map { Line(text: String(decoding: $0, as: UTF8.self), hasNewline: true) }
      // "a\nb\n" splits into a, b and an empty rest; "a\nb" leaves b unterminated.
      if let last = lines.last {
        if last.text.isEmpty {
          lines.removeLast()
        } else {
          lines[lines.count - 1].hasNewline = false
        }
      }
      return lines
    }
  }

  /// One step of an edit script, with 0-based line indices.
  enum Edit: Equatable {
    case equal(Int, Int)
    case delete(Int)
    /// Inserts `new[1]` before `old[0]` (an index into the old text).
    case insert(Int, Int)

    var isEqual: Bool {
      if case .equal = self { return true }
      return false
    }
  }

  /// A shortest edit script turning `old` into `new` (deletions before insertions
  /// where both orders are shortest, as `diff` shows them).
  static func edits(_ old: [Line], _ new: [Line]) -> [Edit] {
    var ids: [Line: Int] = [:]
    let a = old.map { line in
      ids[line]
        ?? {
          ids[line] = ids.count; return ids.count - 1
        }()
    }
    let b = new.map { line in
      ids[line]
        ?? {
          ids[line] = ids.count; return ids.count - 1
        }()
    }
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var edits = (0..<prefix).map { Edit.equal($0, $0) }
    let middle =
      myers(middleA, middleB, limit: maximumEdits)
      ?? (middleA.indices.map { Edit.delete($0) }
        + middleB.indices.map { Edit.insert(middleA.count, $0) })
    for edit in middle {
      switch edit {
      case .equal(let x, let y): edits.append(.equal(x + prefix, y + prefix))
      case .delete(let x): edits.append(.delete(x + prefix))
      case .insert(let x, let y): edits.append(.insert(x + prefix, y + prefix))
      }
    }
    let oldEnd = a.count - suffix
    let newEnd = b.count - suffix
    edits += (0..<suffix).map { Edit.equal(oldEnd + $0, newEnd + $0) }
    return edits
  }

  /// Myers' greedy forward search, keeping each round's furthest points to walk
  /// back; nil when more than `limit` edits are needed.
  private static func myers(_ a: [Int], _ b: [Int], limit: Int) -> [Edit]? {
    let n = a.count
    let m = b.count
    let maximum = min(n + m, limit)
    let offset = maximum + 1
    var furthest = [Int](repeating: 0, count: 2 * maximum + 3)
    var trace: [[Int]] = []
    for d in 0...maximum {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
          ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        furthest[offset + k] = x
        if x >= n, y >= m {
          trace.append(Array(furthest[(offset - d)...(offset + d)]))
          return walkBack(trace, n: n, m: m)
        }
      }
      trace.append(Array(furthest[(offset - d)...(offset + d)]))
    }
    return nil
  }

  /// The edits along the path the search found, from its end back to (0, 0).
  private static func walkBack(_ trace: [[Int]], n: Int, m: Int) -> [Edit] {
    var x = n
    var y = m
    var edits: [Edit] = []
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      if d == 0 {
        while x > 0, y > 0 {
          x -= 1
          y -= 1
          edits.append(.equal(x, y))
        }
        break
      }
      let k = x - y
      let previous = trace[d - 1]
      func furthest(_ k: Int) -> Int { previous[k + d - 1] }
      let previousK = k == -d || (k != d && furthest(k - 1) < furthest(k + 1)) ? k + 1 : k - 1
      let previousX = furthest(previousK)
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        edits.append(.equal(x, y))
      }
      edits.append(x == previousX ? .insert(previousX, previousY) : .delete(previousX))
      x = previousX
      y = previousY
    }
    return edits.reversed()
  }

  // MARK: - Hunks

  private static func hunks(_ edits: [Edit], old: [Line], new: [Line], context: Int) -> [Hunk] {
    let changes = edits.indices.filter { !edits[$0].isEqual }
    guard !changes.isEmpty else { return [] }
    // Where each edit starts in the old and the new text.
    var positions: [(old: Int, new: Int)] = []
    var oldPosition = 0
    var newPosition = 0
    for edit in edits {
      positions.append((oldPosition, newPosition))
      switch edit {
      case .equal:
        oldPosition += 1
        newPosition += 1
      case .delete: oldPosition += 1
      case .insert: newPosition += 1
      }
    }
    // Changes closer than twice the context share a hunk.
    var groups: [(first: Int, last: Int)] = []
    for change in changes {
      if let last = groups.last, change - last.last <= 2 * context + 1 {
        groups[groups.count - 1].last = change
      } else {
        groups.append((change, change))
      }
    }
    return groups.map { group in
      let start = max(0, group.first - context)
      let end = min(edits.count - 1, group.last + context)
      var hunk = Hunk(
        oldStart: positions[start].old, oldCount: 0, newStart: positions[start].new,
        newCount: 0, lines: [])
      for edit in edits[start...end] {
        switch edit {
        case .equal(let x, _):
          hunk.oldCount += 1
          hunk.newCount += 1
          append(old[x], prefix: " ", to: &hunk.lines)
        case .delete(let x):
          hunk.oldCount += 1
          append(old[x], prefix: "-", to: &hunk.lines)
        case .insert(_, let y):
          hunk.newCount += 1
          append(new[y], prefix: "+", to: &hunk.lines)
        }
      }
      return hunk
    }
  }

  private static func append(_ line: Line, prefix: String, to lines: inout [String]) {
    lines.append(prefix + line.text)
    if !line.hasNewline { lines.append("\\ No newline at end of file") }
  }
}
