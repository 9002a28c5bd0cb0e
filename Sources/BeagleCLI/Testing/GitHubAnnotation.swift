/// A GitHub Actions workflow command that marks a failure on a file's line in the
/// run summary and the pull request (printed when `GITHUB_ACTIONS=true`):
///
/// ```
/// ::error file=Examples/shop/cart.expected,line=12,title=beagle-run test::output differs…
/// ```
struct GitHubAnnotation: Equatable {
  var file: String
  var line: Int
  var title: String
  var message: String

  init(file: String, line: Int, title: String = "beagle-run test", message: String) {
    self.file = file
    self.line = line
    self.title = title
    self.message = message
  }

  /// Lines of the details (the diff) an annotation shows; the log has them all.
  static let shownDetailLines = 40

  /// The annotation of a failed scenario: its summary and the start of its
  /// details (the located error or the diff).
  init(_ result: ScenarioResult) {
    let place = result.place
    var lines = result.details.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if lines.count > Self.shownDetailLines {
      let more = lines.count - Self.shownDetailLines
      lines = lines.prefix(Self.shownDetailLines) + ["… \(more) more lines in the log"]
    }
    self.init(
      file: place.file, line: place.line,
      message: "\(result.path): \(result.summary)"
        + (lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n")))
  }

  /// The command line, escaped as the runner expects: `%`, CR and LF everywhere,
  /// and `:` and `,` in properties too.
  var command: String {
    "::error file=\(Self.escapeProperty(file)),line=\(line),title=\(Self.escapeProperty(title))::"
      + Self.escapeData(message.hasSuffix("\n") ? String(message.dropLast()) : message)
  }

  static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for character in escapeData(text) {
      switch character {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.append(character)
      }
    }
    return result
  }
}
