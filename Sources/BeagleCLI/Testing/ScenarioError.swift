import BeagleRuntime

/// Why a scenario cannot be run. The scenario counts as failed; its message is
/// printed as `FILE:LINE: error: …`.
enum ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The scenario (or its script) file cannot be read.
  case unreadable(path: String)
  /// The scenario (or its script) file is larger than ``InputLimit/bytes``.
  case tooLarge(path: String, limit: Int)
  /// A line that is not valid UTF-8.
  case invalidText(line: Int)
  /// A header line without `key: value`.
  case malformedLine(String, line: Int)
  case unknownKey(String, suggestion: String?, line: Int)
  case duplicateKey(String, firstLine: Int, line: Int)
  case missingValue(key: String, line: Int)
  /// A value the key does not take; `message` says what it takes.
  case invalidValue(key: String, message: String, line: Int)
  case missingScreen
  /// A route as the screen, with nothing configured to fetch it from.
  case routeWithoutBFF(String, line: Int)
  /// Steps in a `check` scenario, which runs nothing.
  case stepsInCheck(line: Int)
  /// Steps in a `command: graph` scenario.
  case stepsInGraph(line: Int)
  /// Both `script:` and steps after `---`.
  case scriptAndSteps(line: Int)
  /// A step that does not parse (its line is the scenario's, or the script file's).
  case invalidStep(ScriptError)
  /// Mocks (`mocks:`, or the manifest's) that cannot be read: the run never starts,
  /// so there is no output to record. The message is the first error, located.
  case invalidMocks(String, line: Int?)
  /// One of the errors above, as the process that ran the scenario described it.
  case reported(message: String, line: Int?)

  /// The 1-based line the problem is on, when it has one.
  var line: Int? {
    switch self {
    case .unreadable, .tooLarge, .missingScreen: nil
    case .invalidText(let line), .malformedLine(_, let line), .unknownKey(_, _, let line),
      .duplicateKey(_, _, let line), .missingValue(_, let line), .invalidValue(_, _, let line),
      .routeWithoutBFF(_, let line), .stepsInCheck(let line), .stepsInGraph(let line),
      .scriptAndSteps(let line):
      line
    case .invalidStep(let error): error.line
    case .invalidMocks(_, let line): line
    case .reported(_, let line): line
    }
  }

  var description: String {
    switch self {
    case .unreadable(let path):
      "cannot read '\(path)'"
    case .tooLarge(let path, let limit):
      InputError.tooLarge(path, limit: limit).description
    case .invalidText:
      "the line is not valid UTF-8 text"
    case .malformedLine(let text, _):
      "expected 'key: value' or '---' before the steps, found '\(text)'"
    case .unknownKey(let key, let suggestion, _):
      "unknown key '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (keys: " + ScenarioParser.keyList + ")"
    case .duplicateKey(let key, let firstLine, _):
      "'\(key)' is given twice (first on line \(firstLine))"
    case .missingValue(let key, _):
      "'\(key)' needs a value"
    case .invalidValue(let key, let message, _):
      "invalid '\(key)': \(message)"
    case .missingScreen:
      "missing 'screen: FILE' (or a route with 'bff' or 'base-url') in the header"
    case .routeWithoutBFF(let route, _):
      "the screen '\(route)' is a route: give 'bff' or 'base-url' (or a 'registry' manifest"
        + " with bff or baseUrl) to fetch it, or a file path relative to the scenario"
    case .stepsInCheck:
      "a 'check' scenario validates its screen without running it, so it takes no steps"
    case .stepsInGraph:
      "a 'graph' scenario draws the app's navigation graph without running it, so it takes no steps"
    case .scriptAndSteps:
      "give the steps after '---' or in 'script:', not both"
    case .invalidStep(let error):
      error.description
    case .invalidMocks(let message, _):
      "invalid mocks, so the scenario cannot run: \(message)"
    case .reported(let message, _):
      message
    }
  }
}
