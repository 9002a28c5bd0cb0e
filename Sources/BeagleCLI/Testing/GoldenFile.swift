/// The expected output of a scenario, `NAME.expected` beside `NAME.scenario`.
///
/// ```
/// # beagle-run golden v1 inputs:5c1fa3b0e29d4e71
/// step 0 · load /
/// …
/// --- stderr
/// cart.scenario:4: error: expectation failed: …
/// --- exit 1
/// ```
///
/// The first line is the header: the format version and the ``InputHash`` of the
/// files the run read. Then the body: standard output exactly as printed, then —
/// only when something was written there — a line `--- stderr` and standard error,
/// and last the line `--- exit N` with the exit code. Keeping the streams apart
/// (rather than interleaved as a terminal shows them) keeps "states on stdout,
/// diagnostics on stderr" under test too.
struct GoldenFile: Equatable, Sendable {
  static let version = 1
  static let headerPrefix = "# beagle-run golden v\(version) inputs:"
  static let stderrMarker = "--- stderr"
  static let exitMarker = "--- exit "
  /// After output that does not end with a newline (as `diff` marks it).
  static let noNewlineMarker = "\\ no newline at end of output"

  var inputs: InputHash
  /// Everything after the header line.
  var body: String

  init(inputs: InputHash, body: String) {
    self.inputs = inputs
    self.body = body
  }

  /// Reads a golden file; nil when its first line is not a v1 header.
  init?(parsing text: String) {
    guard text.hasPrefix(Self.headerPrefix), let newline = text.firstIndex(of: "\n") else {
      return nil
    }
    let header = text[..<newline]
    guard let hash = InputHash(hex: header.dropFirst(Self.headerPrefix.count)) else { return nil }
    inputs = hash
    body = String(text[text.index(after: newline)...])
  }

  var headerLine: String { Self.headerPrefix + inputs.hex }

  /// The file's text.
  var text: String { headerLine + "\n" + body }

  /// The body for a run's standard output, standard error and exit code.
  static func body(output: String, errors: String, exitCode: Int32) -> String {
    var body = terminated(output)
    if !errors.isEmpty { body += stderrMarker + "\n" + terminated(errors) }
    return body + exitMarker + String(exitCode) + "\n"
  }

  private static func terminated(_ text: String) -> String {
    text.isEmpty || text.hasSuffix("\n") ? text : text + "\n" + noNewlineMarker + "\n"
  }
}
