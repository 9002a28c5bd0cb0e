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
      out += bold(diagnostic.message) + "\n"
      out += sourceExcerpt(file, position)
    } else {
      let prefix = diagnostic.source.map { bold("\($0):") } ?? "beagle-run:"
      out += "\(prefix) \(label) \(bold(diagnostic.message))\n"
    }
    if let pointer = diagnostic.pointer {
      out += color("note:", for: .note) + " at \(pointer.isRoot ? "/" : pointer.description)\n"
    }
    for note in diagnostic.notes { out += color("note:", for: .note) + " \(note)\n" }
    return out
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
    let lineBytes = Array(file.bytes[range])
    let caretByte = min(position.column - 1, lineBytes.count)
    // Show a window of characters around the caret.
    let before = String(decoding: lineBytes[0..<caretByte], as: UTF8.self)
    let after = String(decoding: lineBytes[caretByte...], as: UTF8.self)
    let fits = before.count + after.count <= Self.windowWidth
    var shownBefore = Substring(before)
    var prefix = ""
    if !fits, before.count > Self.windowWidth / 2 {
      shownBefore = before.suffix(Self.windowWidth / 2)
      prefix = "…"
    }
    var shownAfter = Substring(after)
    var suffix = ""
    if !fits, after.count > Self.windowWidth / 2 {
      shownAfter = after.prefix(Self.windowWidth / 2)
      suffix = "…"
    }
    let text = (prefix + shownBefore + shownAfter + suffix).replacingTabs()
    let caretColumn = (prefix + shownBefore).replacingTabs().count
    let number = String(position.line)
    let gutter = String(repeating: " ", count: max(number.count, 3))
    let paddedNumber = String(repeating: " ", count: gutter.count - number.count) + number
    return "\(paddedNumber) | \(text)\n\(gutter) | "
      + String(repeating: " ", count: caretColumn) + color("^", for: .error) + "\n"
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
  fileprivate func replacingTabs() -> String {
    String(map { $0 == "\t" ? " " : $0 })
  }
}
