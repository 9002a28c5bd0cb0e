import BeagleJSON
import BeagleRuntime

/// Renders diagnostics the way compilers do:
///
/// ```
/// screens/home.json:12:17: error: missing required field 'text' of 'beagle:text'
///    12 |       {"_beagleComponent_": "beagle:text"},
///       |       ^
/// note: at /child/children/0
/// ```
struct DiagnosticRenderer {
  var usesColor: Bool
  /// Files by name, to find a diagnostic's line; the main input is under `mainName`.
  var files: [String: SourceFile]
  var mainName: String

  /// Widest part of a source line shown around the caret (minified JSON has
  /// very long lines).
  static let windowWidth = 120

  func render(_ diagnostic: Diagnostic) -> String {
    let file = files[diagnostic.source ?? mainName]
    var out = ""
    let label = color(diagnostic.severity.rawValue + ":", for: diagnostic.severity)
    if let file, let offset = diagnostic.offset {
      let position = file.lines.position(ofOffset: offset)
      out += bold("\(file.name):\(position.line):\(position.column):") + " \(label) "
      out += bold(diagnostic.message.escapingControlCharacters()) + ruleSuffix(diagnostic) + "\n"
      if file.showsExcerpt { out += sourceExcerpt(file, position) }
    } else {
      let prefix = diagnostic.source.map { bold("\($0):") } ?? "beagle-run:"
      out +=
        "\(prefix) \(label) \(bold(diagnostic.message.escapingControlCharacters()))"
        + ruleSuffix(diagnostic) + "\n"
    }
    if let pointer = diagnostic.pointer {
      out += color("note:", for: .note) + " at \(pointer.isRoot ? "/" : pointer.description)\n"
    }
    for note in diagnostic.notes {
      out += color("note:", for: .note) + " \(note.escapingControlCharacters())\n"
    }
    return out
  }

  /// ` [unknown-field]`: the rule id, as linters end a diagnostic's first line.
  private func ruleSuffix(_ diagnostic: Diagnostic) -> String {
    diagnostic.rule.map { " [\($0)]" } ?? ""
  }

  /// The `file:line:column` of a diagnostic, when known.
  func place(of diagnostic: Diagnostic) -> (file: String, position: SourcePosition)? {
    guard let file = files[diagnostic.source ?? mainName], let offset = diagnostic.offset else {
      return nil
    }
    return (file.name, file.lines.position(ofOffset: offset))
  }

  private func sourceExcerpt(_ file: SourceFile, _ position: SourcePosition) -> String {
    let range = file.lines.range(ofLine: position.line, in: file.bytes)
    let caret = min(range.lowerBound + position.column - 1, range.upperBound)
    // Decode only a window of bytes around the caret: minified payloads have lines
    // of megabytes, and a check may report thousands of problems on one line.
    let reach = Self.windowWidth * 4
    let start = Self.characterBoundary(max(range.lowerBound, caret - reach), in: file.bytes)
    let end = Self.characterBoundary(min(range.upperBound, caret + reach), in: file.bytes)
    let before =
      (start > range.lowerBound ? "…" : "")
      + String(decoding: file.bytes[start..<caret], as: UTF8.self)
    let after =
      String(decoding: file.bytes[caret..<max(caret, end)], as: UTF8.self)
      + (end < range.upperBound ? "…" : "")
    // Printable ASCII (nearly every excerpt): a byte is a character and nothing is
    // replaced, so lengths are known without counting characters, which took a
    // third of the time of a `check` reporting a million problems.
    let isPlain = file.bytes[start..<max(caret, end)].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let beforeCount =
      isPlain ? (start > range.lowerBound ? 1 : 0) + caret - start : before.count
    let afterCount =
      isPlain ? max(caret, end) - caret + (end < range.upperBound ? 1 : 0) : after.count
    let fits = beforeCount + afterCount <= Self.windowWidth
    var shownBefore = Substring(before)
    var shownBeforeCount = beforeCount
    var prefix = ""
    if !fits, beforeCount > Self.windowWidth / 2 {
      shownBefore = before.suffix(Self.windowWidth / 2)
      shownBeforeCount = Self.windowWidth / 2
      prefix = "…"
    }
    var shownAfter = Substring(after)
    var suffix = ""
    if !fits, afterCount > Self.windowWidth / 2 {
      shownAfter = after.prefix(Self.windowWidth / 2)
      suffix = "…"
    }
    let shown = prefix + shownBefore + shownAfter + suffix
    let text = isPlain ? shown : shown.replacingTabs()
    let caretColumn =
      isPlain
      ? prefix.count + shownBeforeCount : (prefix + shownBefore).replacingTabs().count
    let number = String(position.line)
    let gutter = String(repeating: " ", count: max(number.count, 3))
    let paddedNumber = String(repeating: " ", count: gutter.count - number.count) + number
    return "\(paddedNumber) | \(text)\n\(gutter) | "
      + String(repeating: " ", count: caretColumn) + color("^", for: .error) + "\n"
  }

  /// The nearest offset at or before `offset` that starts a UTF-8 character.
  static func characterBoundary(_ offset: Int, in bytes: [UInt8]) -> Int {
    var offset = offset
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }

  private func color(_ text: String, for severity: Diagnostic.Severity) -> String {
    guard usesColor else { return text }
    let code =
      switch severity {
      case .error: "1;31"
      case .warning: "1;35"
      case .note: "1;36"
      }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  private func bold(_ text: String) -> String {
    usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }
}

extension StringProtocol {
  /// Tabs as spaces, and other control characters (escape sequences from a hostile
  /// payload must not reach the terminal) as U+FFFD.
  fileprivate func replacingTabs() -> String {
    // No control character at all (nearly every excerpt): nothing to replace.
    // C1 controls (U+0080–U+009F) are encoded as 0xC2 0x80–0x9F.
    var previous: UInt8 = 0
    let hasControl = utf8.contains { byte in
      defer { previous = byte }
      return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
    }
    if !hasControl { return String(self) }
    // Printable ASCII and tabs: a byte is a character.
    if utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\t") }) {
      return String(
        decoding: utf8.map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
    return String(
      map { character -> Character in
        if character == "\t" { return " " }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
          scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        {
          return "\u{FFFD}"
        }
        return character
      })
  }
}
