import BeagleTestSupport
import Testing

@testable import BeagleCLI

@Suite struct UnifiedDiffTests {
  private static func numbers(_ range: ClosedRange<Int>, replacing: [Int: String] = [:]) -> String {
    range.map { replacing[$0] ?? String($0) }.joined(separator: "\n") + "\n"
  }

  // Expected hunks are what GNU `diff -u` prints for the same inputs.
  @Test(
    "hunks as diff -u prints them",
    arguments: [
      ("equal texts", "a\nb\n", "a\nb\n", ""),
      (
        "one line changed, three lines of context each side",
        numbers(1...10), numbers(1...10, replacing: [5: "five"]),
        "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
      ),
      ("lines added to an empty text", "", "a\nb\n", "@@ -0,0 +1,2 @@\n+a\n+b\n"),
      ("every line removed", "a\nb\n", "", "@@ -1,2 +0,0 @@\n-a\n-b\n"),
      ("one line removed, one left", "a\nb\n", "a\n", "@@ -1,2 +1 @@\n a\n-b\n"),
      ("a line added at the end", "a\n", "a\nb\n", "@@ -1 +1,2 @@\n a\n+b\n"),
      (
        "a missing final newline is a change, marked as diff marks it",
        "a\nb", "a\nb\n", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"
      ),
      (
        "changes six lines apart share a hunk",
        numbers(1...20), numbers(1...20, replacing: [2: "two", 9: "nine"]),
        "@@ -1,12 +1,12 @@\n 1\n-2\n+two\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+nine\n 10\n 11\n 12\n"
      ),
      (
        "changes seven lines apart get a hunk each",
        numbers(1...20), numbers(1...20, replacing: [2: "two", 10: "ten"]),
        "@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n+ten\n 11\n 12\n 13\n"
      ),
      (
        "a replaced block shows its removed lines before its added lines",
        "a\nb\nc\nd\n", "a\nx\ny\nd\n", "@@ -1,4 +1,4 @@\n a\n-b\n-c\n+x\n+y\n d\n"
      ),
      (
        "a carriage return is part of its line", "a\r\nb\n", "a\nb\n",
        "@@ -1,2 +1,2 @@\n-a\r\n+a\n b\n"
      ),
    ] as [(String, String, String, String)])
  func hunks(name: String, old: String, new: String, expected: String) {
    let diff = UnifiedDiff(old: old, new: new)
    let header = expected.isEmpty ? "" : "--- old\n+++ new\n"
    #expect(diff.text(oldName: "old", newName: "new") == header + expected, "\(name)")
  }

  @Test("the first changed line is the first removed line, or the line an addition follows")
  func firstChangedLine() {
    #expect(UnifiedDiff(old: "a\nb\nc\n", new: "a\nB\nc\n").firstChangedLine == 2)
    #expect(UnifiedDiff(old: "a\nb\n", new: "a\nb\nc\n").firstChangedLine == 2)
    #expect(UnifiedDiff(old: "a\n", new: "x\na\n").firstChangedLine == 1)
    #expect(UnifiedDiff(old: "a\n", new: "a\n").firstChangedLine == nil)
  }

  @Test("Myers' example: ABCABBA to CBABAC takes five edits (Myers 1986, figure 1)")
  func shortest() {
    let old = "A\nB\nC\nA\nB\nB\nA\n"
    let new = "C\nB\nA\nB\nA\nC\n"
    let diff = UnifiedDiff(old: old, new: new)
    let changed = diff.hunks.flatMap(\.lines).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
    #expect(changed.count == 5)
    #expect(apply(diff, to: old) == new)
  }

  @Test("random texts: applying the diff gives the new text, with as few edits as the LCS allows")
  func randomTexts() {
    var random = Generator(seed: 42)
    for _ in 0..<300 {
      let old = random.text()
      let new = random.text()
      let diff = UnifiedDiff(old: old, new: new)
      #expect(apply(diff, to: old) == new, "\(old.debugDescription) → \(new.debugDescription)")
      let a = old.split(separator: "\n").map(String.init)
      let b = new.split(separator: "\n").map(String.init)
      let changed = diff.hunks.flatMap(\.lines).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
      #expect(changed.count == a.count + b.count - 2 * longestCommonSubsequence(a, b))
    }
  }

  @Test("past the edit limit, the middle is removed then added: still a correct diff")
  func manyEdits() {
    let old = (0..<1_500).map { "old \($0)" }.joined(separator: "\n") + "\nsame\n"
    let new = "first\n" + (0..<1_500).map { "new \($0)" }.joined(separator: "\n") + "\nsame\n"
    let diff = UnifiedDiff(old: old, new: new)
    #expect(apply(diff, to: old) == new)
    #expect(diff.hunks.count == 1)
    #expect(diff.hunks.first?.header == "@@ -1,1501 +1,1502 @@")
  }

  // MARK: - Helpers

  /// Applies the hunks to `old` (as `patch` would).
  private func apply(_ diff: UnifiedDiff, to old: String) -> String {
    var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    var result: [String] = []
    var next = 0
    for hunk in diff.hunks {
      result += lines[next..<hunk.oldStart]
      next = hunk.oldStart
      for line in hunk.lines where !line.hasPrefix("\\") {
        switch line.first {
        case " ":
          result.append(String(line.dropFirst()))
          next += 1
        case "-": next += 1
        default: result.append(String(line.dropFirst()))
        }
      }
    }
    result += lines[next...]
    return result.isEmpty ? "" : result.joined(separator: "\n") + "\n"
  }

  private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  /// Texts of 0–12 lines over a small alphabet, so that lines repeat.
  private struct Generator {
    var random: SplitMix
    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func text() -> String {
      let count = Int(next() % 13)
      let lines = (0..<count).map { _ in ["a", "b", "c", "d"][Int(next() % 4)] }
      return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
  }
}
