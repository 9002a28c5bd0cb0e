/// What the command line asked for.
enum BenchCommand: Equatable {
  /// The full benchmark and its report.
  case benchmark(BenchOptions)
  /// The hidden child mode; `path` nil means `--idle`.
  case measure(kind: MeasurementKind, path: String?, runs: Int)
  /// `beagle-run test` over generated golden scenarios.
  case scenarios(ScenarioBenchOptions)
  /// Whole `beagle-run` processes on growing screens (``ScalingBenchmark``).
  case scaling(ScalingOptions)
  /// `beagle-run graph` over a generated BFF.
  case graph(GraphBenchOptions)
  /// Whole-process peak memory of every verb and format on one screen.
  case memory(MemoryOptions)
  /// `beagle-run serve` answering a stream of events (``ServeBenchmark``).
  case serve(ServeBenchOptions)
  /// Instructions per byte of `check` and `run` under callgrind.
  case instructions(InstructionsOptions)
  /// Writes the functions `beagle-run` executes for the linker (``LinkOrderGenerator``).
  case linkOrder(LinkOrderOptions)
  case help
}

/// Options of a benchmark that generates `count` inputs and times `runs` runs of a CLI.
protocol CountedBenchOptions {
  init()
  var count: Int { get set }
  var runs: Int { get set }
  var cliPath: String? { get set }
}

/// Options of the golden-scenario benchmark.
struct ScenarioBenchOptions: Equatable, CountedBenchOptions {
  var count = 1_000
  var runs = 3
  /// The CLI to time; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
}

/// Options of the navigation-graph benchmark.
struct GraphBenchOptions: Equatable, CountedBenchOptions {
  var count = 1_000
  var runs = 5
  /// The CLI to time; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
}

/// Options of the full benchmark.
struct BenchOptions: Equatable {
  /// Payload sizes in MB (10^6 bytes).
  var sizes: [Double] = [1, 10, 100]
  /// Runs per measurement; the median is reported.
  var runs = 5
  /// The CLI to time; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
  /// Whether pretty-printed payloads are measured too (after the minified ones).
  var includesPretty = false
}

extension BenchCommand {
  static let usage = """
    usage: swift run -c release beagle-bench [--sizes 1,10,100] [--runs 5] [--cli PATH] [--pretty]
           swift run -c release beagle-bench scenarios [--count 1000] [--runs 3] [--cli PATH]
           swift run -c release beagle-bench scaling [--sizes 0.1,0.3,1,3,10] [--runs 3]
                                                     [--cli PATH] [--limit SECONDS]
           swift run -c release beagle-bench graph [--count 1000] [--runs 5] [--cli PATH]
           swift run -c release beagle-bench memory [--size 10 | --screen FILE] [--runs 3]
                                                [--cli PATH]
           swift run -c release beagle-bench serve [--events 10000] [--size 100] [--cli PATH]
           swift run -c release beagle-bench instructions [--size 1 | --screen FILE] [--runs 1]
                                                      [--cli PATH]
           swift run -c release beagle-bench link-order [--cli PATH]

      --sizes LIST   payload sizes in MB (10^6 bytes), comma-separated (default 1,10,100)
      --runs N       runs per measurement, median reported (default 5; scenarios: 3)
      --cli PATH     beagle-run executable to time on a 1 KB screen, or to run the
                     scenarios with, or to profile (default .build/release/beagle-run)
      --count N      golden scenarios to generate and test, or screens of the generated
                     BFF to graph (default 1000)
      --limit S      scaling: skip a workload's larger sizes once one takes longer (default 60)
      --size MB      memory, instructions: the clean screen's size in MB (default 10; 1)
                     serve: the screen's size in KB (default 100)
      --screen FILE  memory, instructions: measure FILE instead of a generated screen (one
                     of another generator, or a BFF's; keep it alone in its folder: check
                     reads the folder's other screens for routes)
      --events N     serve: events posted to the preview, one after the other (default 10000)
      --pretty       also measure pretty-printed payloads (payloads are minified, as BFFs
                     send them)
    """

  /// Reads the arguments after the program name.
  static func parse(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "measure": return try parseMeasure(rest)
    case "scenarios":
      let options: ScenarioBenchOptions? = try parseCounted(rest, mode: "scenarios")
      return options.map(BenchCommand.scenarios) ?? .help
    case "graph":
      let options: GraphBenchOptions? = try parseCounted(rest, mode: "graph")
      return options.map(BenchCommand.graph) ?? .help
    case "scaling": return try parseScaling(rest)
    case "memory": return try parseMemory(rest)
    case "serve": return try parseServe(rest)
    case "instructions": return try parseInstructions(rest)
    case "link-order": return try parseLinkOrder(rest)
    default: return try parseBenchmark(arguments)
    }
  }

  private static func parseBenchmark(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = BenchOptions()
    let isComplete = try readOptions(arguments, mode: nil) {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--sizes": options.sizes = try sizes(try value(of: argument, from: &remaining))
      case "--runs": options.runs = try positiveInteger(of: argument, from: &remaining)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      case "--pretty": options.includesPretty = true
      default: return false
      }
      return true
    }
    return isComplete ? .benchmark(options) : .help
  }

  private static func parseScaling(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = ScalingOptions()
    let isComplete = try readOptions(arguments, mode: "scaling") {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--sizes": options.sizes = try sizes(try value(of: argument, from: &remaining))
      case "--runs": options.runs = try positiveInteger(of: argument, from: &remaining)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      case "--limit":
        let text = try value(of: argument, from: &remaining)
        guard let limit = Double(text), limit > 0 else {
          throw .invalidArgument("invalid --limit '\(text)'; expected seconds")
        }
        options.limitSeconds = limit
      default: return false
      }
      return true
    }
    return isComplete ? .scaling(options) : .help
  }

  private static func parseMemory(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = MemoryOptions()
    let isComplete = try readOptions(arguments, mode: "memory") {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--runs": options.runs = try positiveInteger(of: argument, from: &remaining)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      case "--size":
        let text = try value(of: argument, from: &remaining)
        guard let size = Double(text), size > 0, size <= 4_000 else {
          throw .invalidArgument("invalid --size '\(text)'; expected MB such as 10")
        }
        options.size = size
      case "--screen": options.screenPath = try value(of: argument, from: &remaining)
      default: return false
      }
      return true
    }
    return isComplete ? .memory(options) : .help
  }

  private static func parseServe(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = ServeBenchOptions()
    let isComplete = try readOptions(arguments, mode: "serve") {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--events":
        options.events = try positiveInteger(of: argument, from: &remaining, atMost: 10_000_000)
      case "--size":
        options.kilobytes = try positiveInteger(of: argument, from: &remaining, atMost: 100_000)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      default: return false
      }
      return true
    }
    return isComplete ? .serve(options) : .help
  }

  private static func parseInstructions(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = InstructionsOptions()
    let isComplete = try readOptions(arguments, mode: "instructions") {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--runs": options.runs = try positiveInteger(of: argument, from: &remaining, atMost: 99)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      case "--size":
        let text = try value(of: argument, from: &remaining)
        guard let size = Double(text), size > 0, size <= 4_000 else {
          throw .invalidArgument("invalid --size '\(text)'; expected MB such as 1")
        }
        options.size = size
      case "--screen": options.screenPath = try value(of: argument, from: &remaining)
      default: return false
      }
      return true
    }
    return isComplete ? .instructions(options) : .help
  }

  private static func parseLinkOrder(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    var options = LinkOrderOptions()
    let isComplete = try readOptions(arguments, mode: "link-order") {
      argument, remaining throws(BenchError) in
      guard argument == "--cli" else { return false }
      options.cliPath = try value(of: argument, from: &remaining)
      return true
    }
    return isComplete ? .linkOrder(options) : .help
  }

  /// The options of a mode that takes `--count`, `--runs` and `--cli`; nil for `--help`.
  private static func parseCounted<Options: CountedBenchOptions>(
    _ arguments: [String], mode: String
  ) throws(BenchError) -> Options? {
    var options = Options()
    let isComplete = try readOptions(arguments, mode: mode) {
      argument, remaining throws(BenchError) in
      switch argument {
      case "--count":
        options.count = try positiveInteger(of: argument, from: &remaining, atMost: 1_000_000)
      case "--runs":
        options.runs = try positiveInteger(of: argument, from: &remaining, atMost: 1_000_000)
      case "--cli": options.cliPath = try value(of: argument, from: &remaining)
      default: return false
      }
      return true
    }
    return isComplete ? options : nil
  }

  /// Reads `arguments` one option at a time: `take` consumes a known option (and its
  /// value, from `remaining`) and returns false for an unknown one, which is an error.
  ///
  /// - Returns: false when `-h` or `--help` asked for the usage instead.
  private static func readOptions(
    _ arguments: [String], mode: String?,
    _ take: (String, inout ArraySlice<String>) throws(BenchError) -> Bool
  ) throws(BenchError) -> Bool {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "-h" || argument == "--help" { return false }
      guard try take(argument, &remaining) else {
        let suffix = mode.map { " for \($0)" } ?? ""
        throw .invalidArgument("unknown argument '\(argument)'\(suffix)")
      }
    }
    return true
  }

  private static func sizes(_ list: String) throws(BenchError) -> [Double] {
    var sizes: [Double] = []
    for item in list.split(separator: ",") {
      guard let size = Double(item), size > 0, size <= 4_000 else {
        throw .invalidArgument(
          "invalid size '\(item)' in --sizes; expected MB such as 1,10,100")
      }
      sizes.append(size)
    }
    guard !sizes.isEmpty else { throw .invalidArgument("--sizes needs at least one size") }
    return sizes
  }

  private static func positiveInteger(
    of option: String, from remaining: inout ArraySlice<String>, atMost limit: Int = .max
  ) throws(BenchError) -> Int {
    let text = try value(of: option, from: &remaining)
    guard let number = Int(text), number >= 1, number <= limit else {
      throw .invalidArgument("invalid \(option) '\(text)'; expected a positive integer")
    }
    return number
  }

  private static func parseMeasure(_ arguments: [String]) throws(BenchError) -> BenchCommand {
    guard let name = arguments.first, let kind = MeasurementKind(rawValue: name) else {
      let kinds = MeasurementKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidArgument("measure needs a kind: \(kinds)")
    }
    var path: String?
    var isIdle = false
    var runs = 1
    var remaining = arguments.dropFirst()
    while let argument = remaining.popFirst() {
      switch argument {
      case "--idle": isIdle = true
      case "--runs":
        let text = try value(of: argument, from: &remaining)
        guard let count = Int(text), count >= 1 else {
          throw .invalidArgument("invalid --runs '\(text)'")
        }
        runs = count
      default:
        guard path == nil else { throw .invalidArgument("unexpected argument '\(argument)'") }
        path = argument
      }
    }
    guard isIdle != (path != nil) else {
      throw .invalidArgument("measure needs either a FILE or --idle")
    }
    return .measure(kind: kind, path: path, runs: runs)
  }

  private static func value(
    of option: String, from remaining: inout ArraySlice<String>
  ) throws(BenchError) -> String {
    guard let value = remaining.popFirst() else {
      throw .invalidArgument("\(option) needs a value")
    }
    return value
  }
}
