/// What `beagle-run serve` reads: the port, and `run`'s input, limits and script
/// options, which the previewed run is made with.
struct ServeOptions: OptionGroup {
  /// The run the preview makes (its `inputs` is the screen).
  var run = RunOptions()
  /// `--port N`; 0 picks a free port.
  var port: UInt16 = ServeOptions.defaultPort
  /// The limit options given, as a scenario's header writes them (`timeout: 5`),
  /// so a recorded scenario runs with the same limits.
  var limitSettings: [String: String] = [:]

  static let defaultPort: UInt16 = 8080

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    // The page is the output: no format, images mode, explanation or comparison.
    case .format, .images, .explain, .comparedProfiles:
      return false
    case .port(let port):
      self.port = port
      return true
    case .timeout(let seconds): limitSettings["timeout"] = Self.number(seconds)
    case .httpBudget(let seconds): limitSettings["http-budget"] = Self.number(seconds)
    case .maximumBodyBytes(let bytes): limitSettings["max-body-bytes"] = String(bytes)
    case .maximumDepth(let depth): limitSettings["max-depth"] = String(depth)
    case .maximumValueBytes(let bytes): limitSettings["max-value-bytes"] = String(bytes)
    default: break
    }
    return run.take(option)
  }

  /// `5` for 5.0, `0.5` for 0.5: as the option would be written.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
