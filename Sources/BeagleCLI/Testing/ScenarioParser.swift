import BeagleJSON
import BeagleRuntime

/// Reads a `.scenario` file: a header of `key: value` lines, then `---`, then
/// script steps.
///
/// In the header, blank lines and lines starting with `#` are skipped, and a `#`
/// after a space or tab (outside double quotes) starts a comment. Without a `---`
/// line the whole file is header and the scenario has no steps. Steps are read by
/// ``Script`` with their line numbers in the scenario file.
enum ScenarioParser {
  /// What a header key is.
  enum Key: Equatable {
    /// `screen`: the file or route to run.
    case screen
    /// `command: run|check|graph`.
    case command
    /// `skip: REASON`.
    case skip
    /// `script: FILE`: steps from a file instead of after `---`.
    case script
    /// An option taking a value (`--bff DIR`).
    case option
    /// An option without a value (`--strict`), written `key: true|false`.
    case flag
  }

  /// Every header key. The options are `run`'s long options without `--`.
  static let keys: [String: Key] = [
    "screen": .screen, "command": .command, "skip": .skip, "script": .script,
    "bff": .option, "base-url": .option, "mocks": .option, "registry": .option,
    "profile": .option, "global": .option, "format": .option, "max-depth": .option,
    "timeout": .option, "http-budget": .option, "max-body-bytes": .option,
    "max-value-bytes": .option, "max-nodes": .option, "strict": .flag, "explain": .flag,
    "profiles": .option, "compare-profiles": .flag, "assume": .option, "images": .option,
    "ignore": .option,
  ]

  /// The keys in the order docs/testing.md lists them, for messages.
  static let orderedKeys = [
    "screen", "command", "bff", "base-url", "mocks", "registry", "profile", "global", "format",
    "images", "strict", "explain", "max-depth", "max-value-bytes", "max-nodes", "timeout",
    "http-budget", "max-body-bytes", "script", "profiles", "compare-profiles", "assume", "ignore",
    "skip",
  ]

  static var keyList: String { orderedKeys.map { "'\($0)'" }.joined(separator: ", ") }

  /// Parses the bytes of the scenario file at `path`.
  static func parse(_ bytes: [UInt8], path: String) throws(ScenarioError) -> Scenario {
    var scenario = Scenario(path: path)
    let lines = try textLines(bytes)
    var firstLines: [String: Int] = [:]
    var stepsStart: Int?
    for (index, rawLine) in lines.enumerated() {
      let number = index + 1
      let trimmed = rawLine.trimmingSpaces()
      if stripComment(trimmed) == "---" {
        stepsStart = index + 1
        break
      }
      let content = stripComment(trimmed)
      if content.isEmpty { continue }
      guard let colon = content.firstIndex(of: ":") else {
        throw .malformedLine(content, line: number)
      }
      let key = String(content[..<colon]).trimmingSpaces()
      let value = String(content[content.index(after: colon)...]).trimmingSpaces()
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
        throw .malformedLine(content, line: number)
      }
      guard let kind = keys[key] else {
        throw .unknownKey(
          key, suggestion: Suggestion.closest(to: key, among: orderedKeys), line: number)
      }
      if let first = firstLines[key] {
        throw .duplicateKey(key, firstLine: first, line: number)
      }
      firstLines[key] = number
      guard !value.isEmpty else { throw .missingValue(key: key, line: number) }
      if let path = filePath(key: key, value: value), let problem = UserPath.problem(in: path) {
        throw .invalidValue(key: key, message: problem, line: number)
      }
      let setting = Scenario.Setting(key: key, value: value, line: number)
      switch kind {
      case .screen:
        guard value != "-" else {
          throw .invalidValue(
            key: key, message: "a scenario cannot read standard input; give a file",
            line: number)
        }
        scenario.screen = value
        scenario.screenLine = number
      case .command:
        guard let command = Scenario.Command(rawValue: value) else {
          throw .invalidValue(
            key: key, message: "'\(value)'; expected 'run', 'check' or 'graph'", line: number)
        }
        scenario.command = command
      case .skip:
        scenario.skipReason = value
      case .script:
        scenario.scriptFile = setting
      case .flag:
        guard value == "true" || value == "false" else {
          throw .invalidValue(
            key: key, message: "'\(value)'; expected 'true' or 'false'", line: number)
        }
        scenario.settings.append(setting)
      case .option:
        scenario.settings.append(setting)
      }
    }
    // Checked once the command is known: `format: dot` and `assume` are graph's.
    for setting in scenario.settings where keys[setting.key] == .option {
      try validate(setting, command: scenario.command)
    }
    guard !scenario.screen.isEmpty else { throw .missingScreen }
    if scenario.isRoute,
      !["bff", "base-url", "registry"].contains(where: { firstLines[$0] != nil })
    {
      throw .routeWithoutBFF(scenario.screen, line: firstLines["screen"] ?? 1)
    }
    if let stepsStart {
      let body = lines[stepsStart...].joined(separator: "\n")
      do {
        scenario.steps = try Script(
          parsing: body, firstLine: stepsStart + 1, jsonOptions: scenario.jsonOptions)
      } catch {
        throw .invalidStep(error)
      }
    }
    if let first = scenario.steps.steps.first {
      if scenario.command == .check { throw .stepsInCheck(line: first.line) }
      if scenario.command == .graph { throw .stepsInGraph(line: first.line) }
      if let script = scenario.scriptFile { throw .scriptAndSteps(line: script.line) }
    }
    if scenario.command == .check, let script = scenario.scriptFile {
      throw .stepsInCheck(line: script.line)
    }
    if scenario.command == .graph, let script = scenario.scriptFile {
      throw .stepsInGraph(line: script.line)
    }
    return scenario
  }

  /// The file a header value names, checked by ``UserPath`` before anything opens
  /// it: `screen`, `script`, `bff`, `mocks`, `registry`, and `global: @FILE`.
  private static func filePath(key: String, value: String) -> String? {
    switch key {
    case "screen", "script", "bff", "mocks", "registry": value
    case "global" where value.hasPrefix("@"): String(value.dropFirst())
    default: nil
    }
  }

  /// The file's lines (ended by LF, CRLF or CR; a byte order mark first is
  /// dropped), or the first that is not UTF-8.
  private static func textLines(_ bytes: [UInt8]) throws(ScenarioError) -> [String] {
    var lines: [String] = []
    for (index, line) in TextLines.split(bytes).enumerated() {
      let text = String(decoding: line, as: UTF8.self)
      guard text.utf8.elementsEqual(line) else { throw .invalidText(line: index + 1) }
      lines.append(text)
    }
    return lines
  }

  /// The line without a comment: a `#` after a space or tab, outside double quotes.
  static func stripComment(_ line: String) -> String {
    var isQuoted = false
    var isEscaped = false
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if isEscaped {
        isEscaped = false
      } else if isQuoted, character == "\\" {
        isEscaped = true
      } else if character == "\"" {
        isQuoted.toggle()
      } else if character == "#", !isQuoted, previous == " " || previous == "\t" {
        return String(line[..<index]).trimmingSpaces()
      }
      previous = character
    }
    return line
  }

  /// Checks an option's value the way the command line would.
  private static func validate(
    _ setting: Scenario.Setting, command: Scenario.Command
  ) throws(ScenarioError) {
    if setting.key == "global", !setting.value.hasPrefix("@") {
      do {
        _ = try JSONValue(parsing: setting.value)
      } catch {
        throw .invalidValue(
          key: setting.key,
          message: "invalid JSON at column \(error.position.column): \(error.description)",
          line: setting.line)
      }
    }
    do {
      _ = try ArgumentParser.parse([
        command.rawValue, "screen.json", "--" + setting.key, setting.value,
      ])
    } catch {
      let message =
        error.message == "unknown option '--\(setting.key)'"
        ? "this version of beagle-run has no '--\(setting.key)' option" : error.message
      throw .invalidValue(key: setting.key, message: message, line: setting.line)
    }
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
