import BeagleJSON
import BeagleRuntime

/// One golden test: a screen, the options to run it with, and script steps, read
/// from a `NAME.scenario` file whose expected output is `NAME.expected` beside it.
///
/// ```
/// # The shopper opens the cart.
/// screen: index.json
/// global: {"cart": ["A-1"]}
/// ---
/// tap "Cart"
/// expect title "Your cart"
/// ```
///
/// Header keys are `run`'s long options without `--`, plus `screen`, `command` and
/// `skip`; paths are relative to the scenario's folder. See ``ScenarioParser``.
struct Scenario: Sendable, Equatable {
  /// The verb a scenario runs.
  enum Command: String, Sendable, Equatable {
    case run, check, graph
  }

  /// One `key: value` line of the header.
  struct Setting: Sendable, Equatable {
    var key: String
    var value: String
    /// 1-based line in the scenario file.
    var line: Int
  }

  /// The scenario file, as found (`Examples/shop/cart.scenario`).
  var path: String
  var command: Command = .run
  /// The screen: a file relative to the scenario's folder, or a route (`/home`).
  var screen: String = ""
  /// The line of `screen:`.
  var screenLine: Int?
  /// `skip: REASON`: the scenario is reported as skipped and not run.
  var skipReason: String?
  /// `script: FILE`, relative to the scenario's folder, and its header line.
  var scriptFile: Setting?
  /// The options passed to the command (`bff`, `profile`, `strict`…), in file order.
  var settings: [Setting] = []
  /// The steps after `---`, numbered as lines of the scenario file.
  var steps = Script(steps: [])

  /// The file holding its expected output: `NAME.expected` beside it.
  var goldenPath: String { Self.goldenPath(for: path) }

  /// The scenario's folder as written in ``path`` (`.` for a bare name).
  var folder: String { Self.folder(of: path) }

  /// The file name (`cart.scenario`), which its own error messages use.
  var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }

  /// Whether ``screen`` names a route rather than a file.
  var isRoute: Bool { screen.hasPrefix("/") }

  static let fileExtension = ".scenario"
  static let goldenExtension = ".expected"

  static func goldenPath(for path: String) -> String {
    let stem = path.hasSuffix(fileExtension) ? String(path.dropLast(fileExtension.count)) : path
    return stem + goldenExtension
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The command line the header describes, as `beagle-run` would be given it
  /// from the scenario's folder (the steps are passed separately).
  var arguments: [String] {
    var arguments = [command.rawValue, screen]
    for setting in settings {
      switch ScenarioParser.keys[setting.key] {
      case .flag:
        if setting.value == "true" { arguments.append("--" + setting.key) }
      default:
        arguments += ["--" + setting.key, setting.value]
      }
    }
    return arguments
  }

  func setting(_ key: String) -> Setting? { settings.first { $0.key == key } }

  /// How the JSON of its steps is parsed: nested no deeper than its `max-depth`.
  var jsonOptions: JSONParser.Options {
    let depth = setting("max-depth").flatMap { Int($0.value) }
    return JSONParser.Options(maximumDepth: depth ?? JSONParser.Options.defaultMaximumDepth)
  }
}
