extension UnifiedDiff {
  /// `text` (a report's details) with its diff lines coloured as `git diff` colours
  /// them on a terminal: file names bold, hunk headers cyan, removed lines red, added
  /// lines green. Other lines (a located error) are left as they are.
  static func colored(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { line -> String in
      let color: String
      if line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
        color = "1"
      } else if line.hasPrefix("@@") {
        color = "36"
      } else if line.hasPrefix("-") {
        color = "31"
      } else if line.hasPrefix("+") {
        color = "32"
      } else {
        return String(line)
      }
      return "\u{1B}[\(color)m\(line)\u{1B}[0m"
    }.joined(separator: "\n")
  }
}
