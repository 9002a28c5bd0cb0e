import BeagleJSON
import BeagleRendering
import BeagleRuntime
import Foundation

/// One option given on the command line (not `--help`, `--version` or `--`), its
/// value read and checked, before the verb's options keep it.
enum OptionValue: Equatable {
  case format(OutputFormat)
  case images(HTMLImageMode)
  case htmlReport(String)
  case strict
  case registry(String)
  case explain
  case assume(id: String, json: String)
  case global(String)
  case context(id: String, json: String)
  case step(String)
  case script(String)
  case bff(String)
  case baseURL(String)
  case mocks(String)
  case timeout(Double)
  case httpBudget(Double)
  case maximumBodyBytes(Int)
  case profile(NavigationProfile)
  /// `--compare-profiles` (every profile) or `--profiles LIST`.
  case comparedProfiles([NavigationProfile])
  case maximumDepth(Int)
  case maximumValueBytes(Int)
  case maximumNodes(Int)
  case allowOutsideRoot
  case record(RecordMode)
  case junit(String)
  case coverage
  case coverageJSON(String)
  case scenarioTimeout(Double)
  case scenarioMemory(Int)
  case inProcess
  case shard(Shard)
  case color(ColorChoice)
  case ignore([String])
  /// `serve --port N`.
  case port(UInt16)

  /// Reads option `name` (a row of ``OptionTable``) given to `verb`, with `value`
  /// giving its value when it takes one. nil for a row without a case here (a test
  /// parses every row).
  static func read(
    _ name: String, verb: Verb, value: () throws(UsageError) -> String
  ) throws(UsageError) -> OptionValue? {
    switch name {
    case "--strict": return .strict
    case "--allow-outside-root": return .allowOutsideRoot
    case "--format": return .format(try format(try value(), verb: verb))
    case "--images":
      let text = try value()
      guard let mode = HTMLImageMode(rawValue: text) else {
        throw UsageError(
          message: "unknown image mode '\(text)'; expected 'placeholder' or 'remote'")
      }
      return .images(mode)
    case "--html": return .htmlReport(try value())
    case "--registry": return .registry(try value())
    case "--context":
      let (id, json) = try idAndJSON(try value(), option: name, example: #"user='{"name":"Ana"}'"#)
      try checkJSON(json, option: name, id: id, isFileAllowed: true)
      return .context(id: id, json: json)
    case "--assume":
      let (id, json) = try idAndJSON(
        try value(), option: name, example: #"catalog='{"category":"news"}'"#)
      try checkJSON(json, option: name, id: id, isFileAllowed: false)
      return .assume(id: id, json: json)
    case "--global":
      let json = try value()
      try checkJSON(json, option: name, id: nil, isFileAllowed: true)
      return .global(json)
    case "--explain": return .explain
    case "--step": return .step(try value())
    case "--script": return .script(try value())
    case "--bff": return .bff(try value())
    case "--base-url": return .baseURL(try baseURL(try value()))
    case "--mocks": return .mocks(try value())
    case "--timeout", "--http-budget":
      let text = try value()
      let most = name == "--timeout" ? 3600.0 : 86400.0
      guard let seconds = Double(text), seconds > 0, seconds <= most else {
        throw UsageError(
          message: "'\(name)' takes seconds, more than 0 and at most \(Int(most)), not '\(text)'")
      }
      return name == "--timeout" ? .timeout(seconds) : .httpBudget(seconds)
    case "--max-body-bytes":
      let text = try value()
      guard let bytes = Int(text), bytes >= 1, bytes <= 1 << 34 else {
        throw UsageError(
          message:
            "'--max-body-bytes' takes a whole number of bytes from 1 to \(1 << 34), not '\(text)'")
      }
      return .maximumBodyBytes(bytes)
    case "--profile":
      let text = try value()
      guard let profile = NavigationProfile(rawValue: text) else {
        throw UsageError(
          message: "unknown profile '\(text)'; expected 'ios', 'android' or 'web'"
            + profileSuggestion(text))
      }
      return .profile(profile)
    case "--compare-profiles": return .comparedProfiles(NavigationProfile.allCases)
    case "--profiles": return .comparedProfiles(try profileList(try value()))
    case "--coverage": return .coverage
    case "--coverage-json": return .coverageJSON(try value())
    case "--record":
      let text = try value()
      guard let mode = RecordMode(rawValue: text) else {
        throw UsageError(
          message: "unknown record mode '\(text)'; expected 'missing', 'failed', 'all' or 'never'")
      }
      return .record(mode)
    case "--junit": return .junit(try value())
    case "--in-process": return .inProcess
    case "--shard": return .shard(try Shard(parsing: try value()))
    case "--color": return .color(try ColorChoice.read(try value()))
    case "--ignore":
      let text = try value()
      let rules = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard !rules.isEmpty else {
        throw UsageError(message: "'--ignore' takes rule ids, as in --ignore unknown-field")
      }
      for rule in rules {
        if let problem = Rules.problem(with: rule) { throw UsageError(message: problem) }
      }
      return .ignore(rules)
    case "--port":
      let text = try value()
      guard text.allSatisfy(\.isASCII), let port = UInt16(text) else {
        throw UsageError(
          message:
            "'--port' takes a port number from 0 to 65535 (0 picks a free port), not '\(text)'")
      }
      return .port(port)
    case "--scenario-timeout":
      let text = try value()
      guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
        throw UsageError(
          message:
            "'--scenario-timeout' takes seconds, more than 0 and at most 86400, not '\(text)'")
      }
      return .scenarioTimeout(seconds)
    case "--scenario-memory":
      let text = try value()
      guard let megabytes = Int(text), megabytes >= 64, megabytes <= 1 << 20 else {
        throw UsageError(
          message:
            "'--scenario-memory' takes a number of megabytes from 64 to 1048576, not '\(text)'")
      }
      return .scenarioMemory(megabytes)
    case "--max-depth":
      let text = try value()
      guard let depth = Int(text), depth >= 1, depth <= 10_000 else {
        throw UsageError(
          message: "'--max-depth' takes a whole number from 1 to 10000, not '\(text)'")
      }
      return .maximumDepth(depth)
    case "--max-value-bytes":
      let text = try value()
      guard let bytes = Int(text), bytes >= 1 else {
        throw UsageError(
          message: "'--max-value-bytes' takes a whole number of bytes, at least 1, not '\(text)'")
      }
      return .maximumValueBytes(bytes)
    case "--max-nodes":
      let text = try value()
      guard let nodes = Int(text), nodes >= 1 else {
        throw UsageError(
          message: "'--max-nodes' takes a whole number of components, at least 1, not '\(text)'")
      }
      return .maximumNodes(nodes)
    default:
      return nil
    }
  }

  /// `text` or `json`; graph also takes `dot` and `mermaid`, run `html`.
  private static func format(_ text: String, verb: Verb) throws(UsageError) -> OutputFormat {
    let expected: [OutputFormat] =
      switch verb {
      case .graph: [.text, .json, .dot, .mermaid]
      case .run: [.text, .json, .html]
      default: [.text, .json]
      }
    guard let format = OutputFormat(rawValue: text), expected.contains(format) else {
      let names = expected.map { "'\($0.rawValue)'" }
      throw UsageError(
        message: "unknown format '\(text)'; expected "
          + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
    }
    return format
  }

  /// An http or https URL with a host and a valid port.
  private static func baseURL(_ text: String) throws(UsageError) -> String {
    guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false,
      (url.port ?? 80) > 0, (url.port ?? 80) <= 65_535
    else {
      throw UsageError(
        message: "'--base-url' takes an http or https URL such as 'http://127.0.0.1:8080',"
          + " not '\(text)'")
    }
    return text
  }

  /// `ID=JSON` of `--context` and `--assume`: the id before the first `=`, the JSON after.
  private static func idAndJSON(
    _ text: String, option: String, example: String
  ) throws(UsageError) -> (String, String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw UsageError(message: "'\(option)' takes ID=JSON, as in \(option) \(example)")
    }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  /// JSON given on the command line must parse: one that does not is a usage error
  /// (exit 64), like any other option value that does not read. `@FILE` (where the
  /// option takes one) is read later: a file that is not JSON is invalid input (exit 1).
  private static func checkJSON(
    _ json: String, option: String, id: String?, isFileAllowed: Bool
  ) throws(UsageError) {
    if isFileAllowed, json.hasPrefix("@") { return }
    do {
      _ = try JSONValue(parsing: json)
    } catch {
      throw UsageError(
        message: option + (id.map { " \($0)" } ?? "")
          + ": invalid JSON at column \(error.position.column): \(error.description)"
          + QuotingHint.hint(for: json, option: option, id: id))
    }
  }

  /// `; did you mean 'ios'?` for `iOS`, `IOS`, `andriod`: profiles are lowercase, as
  /// the manifest's `profile` spells them.
  private static func profileSuggestion(_ name: String) -> String {
    Suggestion.closest(to: name, among: NavigationProfile.allCases.map(\.rawValue))
      .map { "; did you mean '\($0)'?" } ?? ""
  }

  /// `ios, android, web`: two or more distinct profiles, separated by commas.
  private static func profileList(_ text: String) throws(UsageError) -> [NavigationProfile] {
    var profiles: [NavigationProfile] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let profile = NavigationProfile(rawValue: name) else {
        throw UsageError(
          message: "unknown profile '\(name)' in '--profiles'; expected 'ios', 'android' or 'web'"
            + profileSuggestion(name))
      }
      guard !profiles.contains(profile) else {
        throw UsageError(message: "'--profiles' names '\(name)' twice")
      }
      profiles.append(profile)
    }
    guard profiles.count >= 2 else {
      throw UsageError(
        message: "'--profiles' compares two or more profiles, as in --profiles ios,web")
    }
    return profiles
  }
}
