import BeagleJSON
import BeagleRuntime
import Foundation

/// The parsed command line.
struct Options {
  enum Verb: String, Equatable, CaseIterable, Sendable {
    case run, check, eval, test, graph, components, actions, help
  }

  enum Format: String, Equatable {
    case text, json, dot, mermaid
  }

  var verb: Verb = .run
  /// Whether the verb was spelled out (`check --help` shows check's help).
  var isVerbGiven = false
  /// Files (or `-` for standard input) for run and check.
  var inputs: [String] = []
  var format: Format = .text
  var isStrict = false
  var registryPath: String?
  var maximumDepth: Int?
  /// `--max-value-bytes N`: the largest value an expression or setContext may produce.
  var maximumValueBytes: Int?
  /// `eval`'s expression.
  var expression: String?
  /// `eval --context ID=JSON`, outermost first.
  var contexts: [(id: String, json: String)] = []
  /// `graph --assume ID=JSON`: values for the contexts route expressions read.
  var assumptions: [(id: String, json: String)] = []
  /// `--global JSON`: the global context's initial value.
  var global: String?
  var explains = false
  /// `--step "…"`, in order.
  var steps: [String] = []
  /// `--script FILE`.
  var scriptPath: String?
  /// `--bff DIR`: the folder remote routes are read from.
  var bffPath: String?
  /// `--base-url URL`: fetch remote routes over HTTP.
  var baseURL: String?
  /// `--timeout SECONDS`: the longest an HTTP request may take.
  var timeout: Double?
  /// `--http-budget SECONDS`: the run's total time waiting for HTTP answers.
  var httpBudget: Double?
  /// `--max-body-bytes N`: the largest HTTP answer read.
  var maximumBodyBytes: Int?
  /// `--mocks FILE`: canned answers for `sendRequest` (relative to the working directory).
  var mocksPath: String?
  /// `--profile ios|android|web`.
  var profile: NavigationProfile?
  /// `--compare-profiles` (every profile) or `--profiles LIST`: run once per
  /// profile and print where the states differ.
  var comparedProfiles: [NavigationProfile]?
  /// `test --coverage`: print what the scenarios exercised.
  var showsCoverage = false
  /// `test --coverage-json FILE`: also write the coverage as JSON.
  var coverageJSONPath: String?
  /// `test --record missing|failed|all|never`; nil for the default (missing).
  var recordMode: RecordMode?
  /// `test --junit FILE`: where to write the JUnit XML report.
  var junitPath: String?
  /// `--allow-outside-root`: files a manifest or a scenario names may be outside
  /// the project root.
  var allowsOutsideRoot = false
  /// The folder the files a manifest names must stay in, when it is not the
  /// manifest's own folder: the scenario's folder under `test`.
  var projectRoot: ProjectRoot?
  /// `test --scenario-timeout SECONDS`: how long a scenario may run.
  var scenarioTimeout: Double?
  /// `test --scenario-memory MB`: how much memory a scenario's process may use.
  var scenarioMemoryMegabytes: Int?
  /// `test --in-process`: scenarios run in threads of this process, without isolation.
  var isInProcess = false
  var showsHelp = false
  var showsVersion = false
  /// The options given, by name (`--format`), in order.
  var givenNames: [String] = []
}

extension Options {
  /// The limits `--timeout`, `--max-body-bytes` and `--http-budget` set, with a
  /// budget of their own, and the certificate authorities `https:` trusts:
  /// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`, else `SSL_CERT_DIR` (the `curl` tool's
  /// order), else the system's.
  func httpLimits(environment: CommandLineTool.Environment) -> HTTPLimits {
    let variables = environment.variables
    let authorities = ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"].lazy
      .compactMap { variables[$0] }.first { !$0.isEmpty }
    return HTTPLimits(
      timeout: timeout ?? HTTPLimits.defaultTimeout,
      maximumBodyBytes: maximumBodyBytes ?? HTTPLimits.defaultMaximumBodyBytes,
      budget: HTTPBudget(seconds: httpBudget ?? HTTPLimits.defaultBudget),
      certificateAuthorities: authorities.map { environment.location(of: $0) })
  }
}

/// A command line that cannot be understood; exits 64 with a pointer to --help.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The option at fault, when one is (a scenario points at its header line).
  var option: String?
  var description: String { message }

  init(message: String, option: String? = nil) {
    self.message = message
    self.option = option
  }
}

/// Reads `beagle-run [VERB] [OPTIONS] ARGS…`.
enum ArgumentParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    if let first = remaining.first, let verb = Options.Verb(rawValue: first) {
      options.verb = verb
      options.isVerbGiven = true
      remaining = remaining.dropFirst()
    }
    var onlyInputs = false
    while let argument = remaining.popFirst() {
      if onlyInputs || argument == "-" || !argument.hasPrefix("-") {
        options.inputs.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      options.givenNames.append(name)
      // The table says which options exist and which take a value.
      if name != "--" {
        guard let spec = OptionTable.spec(named: name) else {
          throw UsageError(message: unknownOption(name))
        }
        if spec.value == nil, inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value")
        }
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError(message: "option '\(name)' needs a value")
        }
        return next
      }
      switch name {
      case "--":
        onlyInputs = true
      case "-h", "--help":
        options.showsHelp = true
      case "--version":
        options.showsVersion = true
      case "--strict":
        options.isStrict = true
      case "--allow-outside-root":
        options.allowsOutsideRoot = true
      case "--format":
        let text = try value()
        let isGraph = options.verb == .graph
        guard let format = Options.Format(rawValue: text),
          isGraph || format == .text || format == .json
        else {
          throw UsageError(
            message: isGraph
              ? "unknown format '\(text)'; expected 'text', 'json', 'dot' or 'mermaid'"
              : "unknown format '\(text)'; expected 'text' or 'json'")
        }
        options.format = format
      case "--registry":
        options.registryPath = try value()
      case "--context":
        options.contexts.append(
          try idAndJSON(try value(), option: name, example: #"user='{"name":"Ana"}'"#))
      case "--assume":
        options.assumptions.append(
          try idAndJSON(try value(), option: name, example: #"catalog='{"category":"news"}'"#))
      case "--global":
        options.global = try value()
      case "--explain":
        options.explains = true
      case "--step":
        options.steps.append(try value())
      case "--script":
        options.scriptPath = try value()
      case "--bff":
        options.bffPath = try value()
      case "--base-url":
        let text = try value()
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", url.host?.isEmpty == false,
          (url.port ?? 80) > 0, (url.port ?? 80) <= 65_535
        else {
          throw UsageError(
            message: "'--base-url' takes an http or https URL such as 'http://127.0.0.1:8080',"
              + " not '\(text)'")
        }
        options.baseURL = text
      case "--mocks":
        options.mocksPath = try value()
      case "--timeout", "--http-budget":
        let text = try value()
        let most = name == "--timeout" ? 3600.0 : 86400.0
        guard let seconds = Double(text), seconds > 0, seconds <= most else {
          throw UsageError(
            message: "'\(name)' takes seconds, more than 0 and at most \(Int(most)), not '\(text)'")
        }
        if name == "--timeout" { options.timeout = seconds } else { options.httpBudget = seconds }
      case "--max-body-bytes":
        let text = try value()
        guard let bytes = Int(text), bytes >= 1, bytes <= 1 << 34 else {
          throw UsageError(
            message:
              "'--max-body-bytes' takes a whole number of bytes from 1 to \(1 << 34), not '\(text)'"
          )
        }
        options.maximumBodyBytes = bytes
      case "--profile":
        let text = try value()
        guard let profile = NavigationProfile(rawValue: text) else {
          throw UsageError(message: "unknown profile '\(text)'; expected 'ios', 'android' or 'web'")
        }
        options.profile = profile
      case "--compare-profiles":
        options.comparedProfiles = NavigationProfile.allCases
      case "--profiles":
        options.comparedProfiles = try profileList(try value())
      case "--coverage":
        options.showsCoverage = true
      case "--coverage-json":
        options.coverageJSONPath = try value()
        options.showsCoverage = true
      case "--record":
        let text = try value()
        guard let mode = RecordMode(rawValue: text) else {
          throw UsageError(
            message: "unknown record mode '\(text)'; expected 'missing', 'failed', 'all' or 'never'"
          )
        }
        options.recordMode = mode
      case "--junit":
        options.junitPath = try value()
      case "--in-process":
        options.isInProcess = true
      case "--scenario-timeout":
        let text = try value()
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
          throw UsageError(
            message:
              "'--scenario-timeout' takes seconds, more than 0 and at most 86400, not '\(text)'"
          )
        }
        options.scenarioTimeout = seconds
      case "--scenario-memory":
        let text = try value()
        guard let megabytes = Int(text), megabytes >= 64, megabytes <= 1 << 20 else {
          throw UsageError(
            message:
              "'--scenario-memory' takes a number of megabytes from 64 to 1048576, not '\(text)'")
        }
        options.scenarioMemoryMegabytes = megabytes
      case "--max-depth":
        let text = try value()
        guard let depth = Int(text), depth >= 1, depth <= 10_000 else {
          throw UsageError(
            message: "'--max-depth' takes a whole number from 1 to 10000, not '\(text)'")
        }
        options.maximumDepth = depth
      case "--max-value-bytes":
        let text = try value()
        guard let bytes = Int(text), bytes >= 1 else {
          throw UsageError(
            message: "'--max-value-bytes' takes a whole number of bytes, at least 1, not '\(text)'")
        }
        options.maximumValueBytes = bytes
      default:
        // A row of the table without a case here (a test parses every row).
        throw UsageError(message: unknownOption(name))
      }
    }
    if options.showsHelp || options.showsVersion { return options }
    try checkVerb(of: &options)
    return options
  }

  /// `unknown option '--formt'; did you mean '--format'?`
  private static func unknownOption(_ name: String) -> String {
    "unknown option '\(name)'"
      + (OptionTable.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? "")
  }

  /// Inputs and options the verb takes: an option it would ignore is an error (the
  /// table says which verbs read an option), then the verb's own rules.
  private static func checkVerb(of options: inout Options) throws(UsageError) {
    if options.comparedProfiles != nil,
      options.verb == .check || options.verb == .eval || options.verb == .graph
    {
      let name = options.givenNames.first { $0 == "--profiles" } ?? "--compare-profiles"
      throw UsageError(message: "'\(name)' is an option of 'beagle-run run'")
    }
    if options.verb != .test,
      let name = options.givenNames.first(where: {
        ["--record", "--junit", "--coverage", "--coverage-json"].contains($0)
      })
    {
      throw UsageError(message: "'\(name)' is an option of 'beagle-run test'")
    }
    if options.verb != .graph, options.givenNames.contains("--assume") {
      throw UsageError(message: "'--assume' is an option of 'beagle-run graph'")
    }
    if options.verb == .graph,
      let name = options.givenNames.first(where: {
        ["--step", "--script", "--explain"].contains($0)
      })
    {
      throw UsageError(message: "'graph' runs no steps; '\(name)' is an option of 'beagle-run run'")
    }
    if options.verb != .test,
      let name = options.givenNames.first(where: {
        OptionTable.spec(named: $0).map { !$0.verbs.contains(options.verb) } ?? false
      })
    {
      let accepted = OptionTable.options(of: options.verb).map(\.name)
        .filter { $0 != "--help" && $0 != "--version" }
      throw UsageError(
        message: "'\(options.verb.rawValue)' does not take '\(name)'"
          + (accepted.isEmpty
            ? "" : "; its options are " + accepted.map { "'\($0)'" }.joined(separator: ", ")),
        option: name)
    }
    try options.verb.validate(&options)
  }

  /// What `test` accepts on its command line; the rest comes from each scenario.
  static let testOptionNames: Set = [
    "--", "--record", "--junit", "--allow-outside-root", "--coverage", "--coverage-json",
    "--scenario-timeout", "--scenario-memory", "--in-process",
  ]

  /// `ID=JSON` of `--context` and `--assume`: the id before the first `=`, the JSON after.
  private static func idAndJSON(
    _ text: String, option: String, example: String
  ) throws(UsageError) -> (String, String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw UsageError(message: "'\(option)' takes ID=JSON, as in \(option) \(example)")
    }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  /// `ios, android, web`: two or more distinct profiles, separated by commas.
  private static func profileList(_ text: String) throws(UsageError) -> [NavigationProfile] {
    var profiles: [NavigationProfile] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let profile = NavigationProfile(rawValue: name) else {
        throw UsageError(
          message: "unknown profile '\(name)' in '--profiles'; expected 'ios', 'android' or 'web'")
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

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

extension Options {
  /// The limits of values computed at run time: `--max-value-bytes` and `--max-depth`.
  var valueLimits: ValueLimits {
    ValueLimits(
      maximumBytes: maximumValueBytes ?? ValueLimits.defaultMaximumBytes,
      maximumDepth: maximumDepth ?? JSONParser.Options.defaultMaximumDepth)
  }
}
