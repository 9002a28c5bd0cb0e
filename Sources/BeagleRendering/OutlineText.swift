import BeagleRuntime

/// Text output built one line at a time, every line's content escaped whole.
///
/// A renderer writes its lines through ``line(_:)``, which escapes every control
/// character of the content — line breaks included — and then ends the line. The only
/// line breaks in the output are the ones ``line(_:)`` adds, so no payload string
/// (a type name, a context id, an `openExternalURL` URL, a text) can end a line early
/// and print one of its own: `--- exit 0` or a fake state line. There is no way to
/// append raw text: a string interpolated anywhere into a line is escaped with it.
///
/// ```swift
/// var out = OutlineText()
/// out.line("external URL: \(url)")   // "https://x/\n--- exit 0" stays on one line
/// out.text                           // "external URL: https://x/\\n--- exit 0\n"
/// ```
public struct OutlineText: Sendable {
  /// The lines written so far, each ending with `\n`.
  public private(set) var text = ""

  public init() {}

  /// Writes `content` (escaped, ``String/escapingControlCharacters(keepingNewlines:)``)
  /// as one line.
  public mutating func line(_ content: String) {
    text += content.escapingControlCharacters()
    text += "\n"
  }

  /// Writes an empty line.
  public mutating func blankLine() { text += "\n" }

  /// The size of what was written, in UTF-8 bytes.
  public var byteCount: Int { text.utf8.count }

  /// Hands what was written to `output` and empties it.
  public mutating func flush(to output: (String) -> Void) {
    guard !text.isEmpty else { return }
    output(text)
    text.removeAll(keepingCapacity: true)
  }
}
