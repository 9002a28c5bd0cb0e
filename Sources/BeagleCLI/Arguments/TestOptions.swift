/// What `beagle-run test` reads: where the scenarios are, which goldens it writes,
/// its reports and the budgets of each scenario (a scenario's own options come
/// from its header).
struct TestOptions: OptionGroup {
  /// Scenario files and folders.
  var inputs: [String] = []
  /// `--record missing|failed|all|never`; nil for the default (missing).
  var recordMode: RecordMode?
  /// `--junit FILE`: where to write the JUnit XML report.
  var junitPath: String?
  /// `--html FILE`: where to write the HTML report.
  var htmlPath: String?
  /// `--coverage`: print what the scenarios exercised.
  var showsCoverage = false
  /// `--coverage-json FILE`: also write the coverage as JSON.
  var coverageJSONPath: String?
  /// `--allow-outside-root`: scenarios may name files outside their folder.
  var allowsOutsideRoot = false
  /// `--scenario-timeout SECONDS`: how long a scenario may run.
  var scenarioTimeout: Double?
  /// `--scenario-memory MB`: how much memory a scenario's process may use.
  var scenarioMemoryMegabytes: Int?
  /// `--in-process`: scenarios run in threads of this process, without isolation.
  var isInProcess = false
  /// `--shard K/N`: run only that part of the scenarios.
  var shard: Shard?
  /// Whether the report's diffs are coloured (from `--color`, stdout a terminal).
  var usesColor = false

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .record(let mode): recordMode = mode
    case .junit(let path): junitPath = path
    case .htmlReport(let path): htmlPath = path
    case .coverage: showsCoverage = true
    case .coverageJSON(let path):
      coverageJSONPath = path
      showsCoverage = true
    case .allowOutsideRoot: allowsOutsideRoot = true
    case .scenarioTimeout(let seconds): scenarioTimeout = seconds
    case .scenarioMemory(let megabytes): scenarioMemoryMegabytes = megabytes
    case .inProcess: isInProcess = true
    case .shard(let shard): self.shard = shard
    default: return false
    }
    return true
  }
}
