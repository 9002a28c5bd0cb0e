import BeagleExpressions
import BeagleRuntime

/// Every command-line option in one table: its name, its value, the verbs that
/// read it and its help. The parser checks an option against the verb given, "did
/// you mean" searches the names, and `--help` prints the help column, so the three
/// cannot drift apart.
///
/// To add an option: a row here, and a `case` in ``ArgumentParser`` for its value.
enum OptionTable {
  private static let screenVerbs: Set<Verb> = [.run, .check, .graph, .serve]
  private static let everyVerb = Set(Verb.allCases)

  static let all: [OptionSpec] = [
    OptionSpec(
      name: "--format", value: "text|json", verbs: [.run, .check, .graph, .components, .actions],
      help: [
        "text (default) or JSON Lines: one object per state, diagnostic or type;",
        "graph also takes dot (Graphviz) and mermaid, run html",
      ],
      verbHelp: [
        .run: [
          "text (default), json (JSON Lines, one object per state) or",
          "html: one self-contained page drawing every state as a frame",
        ],
        .check: [
          "text (default): diagnostics on stderr, a count on stdout;",
          "json: one object per diagnostic on stdout",
        ],
        .graph: ["text (default), json, dot (Graphviz) or mermaid"],
        .components: ["text (default) or json: one object per component"],
        .actions: ["text (default) or json: one object per action"],
      ]),
    OptionSpec(
      name: "--images", value: "placeholder|remote", verbs: [.run],
      help: [
        "run --format html: draw remote images as a box naming the URL",
        "(placeholder, the default: the page fetches nothing) or load them",
      ]),
    OptionSpec(
      name: "--strict", verbs: screenVerbs,
      help: [
        "treat warnings (unknown types and fields, deprecations) as errors;",
        "graph: exit 1 when anything is flagged",
      ],
      verbHelp: [
        .run: [
          "treat warnings (unknown types and fields, deprecations) as",
          "errors: the run then exits 1",
        ],
        .check: [
          "treat warnings (unknown types and fields, deprecations) as",
          "errors: any one fails the check",
        ],
        .graph: ["exit 1 when anything is flagged (notes never count)"],
        .serve: ["treat warnings as errors in the page's log"],
      ]),
    OptionSpec(
      name: "--registry", value: "FILE",
      verbs: [.run, .check, .eval, .graph, .serve, .components, .actions],
      help: [
        "manifest: custom components, actions, operations, global,",
        "baseUrl, bff, profile, navigation, mocks, nativeRoutes,",
        "analytics, theme",
        "(default: beagle.json beside the first screen)",
      ],
      verbHelp: [
        .check: [
          "manifest: custom components, actions, operations, global,",
          "baseUrl, bff, profile, navigation, mocks, nativeRoutes,",
          "analytics, theme (default: beagle.json beside each screen)",
        ],
        .graph: [
          "manifest: custom components, actions, operations, global,",
          "baseUrl, bff, profile, navigation, mocks, nativeRoutes,",
          "analytics, theme (default: beagle.json beside the entry)",
        ],
        .eval: [
          "manifest whose custom operations, global and profile the",
          "expression uses (default: ./beagle.json, when there is one)",
        ],
        .components: [
          "manifest whose custom components are listed too",
          "(default: ./beagle.json, when there is one)",
        ],
        .actions: [
          "manifest whose custom actions are listed too",
          "(default: ./beagle.json, when there is one)",
        ],
      ]),
    OptionSpec(
      name: "--explain", verbs: [.run],
      help: ["list every binding, the paths it read and its result"]),
    OptionSpec(
      name: "--assume", value: "ID=JSON", verbs: [.graph],
      help: [
        "graph: a value for context ID, to follow routes built from",
        "expressions (repeatable)",
      ]),
    OptionSpec(
      name: "--global", value: "JSON|@FILE", verbs: [.run, .check, .eval, .graph, .serve],
      help: ["initial value of the global context"],
      verbHelp: [
        .eval: ["the global context's value (default: the manifest's global)"]
      ]),
    OptionSpec(
      name: "--context", value: "ID=JSON", verbs: [.eval],
      help: ["a context for eval (repeatable, outermost first)"],
      verbHelp: [
        .eval: [
          "a context the expression reads (repeatable, outermost",
          "first; the last one with an id wins)",
        ]
      ]),
    OptionSpec(
      name: "--step", value: "\"STEP\"", verbs: [.run, .serve],
      help: ["a script step (repeatable), e.g. --step 'tap \"Buy\"'"],
      verbHelp: [.serve: ["a first event (repeatable), performed before the page opens"]]),
    OptionSpec(
      name: "--script", value: "FILE", verbs: [.run, .serve],
      help: ["script steps, one a line, # comments"],
      verbHelp: [.serve: ["first events, one a line, performed before the page opens"]]),
    OptionSpec(
      name: "--bff", value: "DIR", verbs: screenVerbs,
      help: ["folder remote routes are read from (default: the screen's)"],
      verbHelp: [
        .check: ["folder a /ROUTE argument is read from"],
        .graph: ["folder the routes are read from (default: the entry's)"],
      ]),
    OptionSpec(
      name: "--base-url", value: "URL", verbs: screenVerbs,
      help: [
        "fetch remote routes from an HTTP BFF instead, and send",
        "sendRequest's requests there",
      ],
      verbHelp: [
        .check: ["fetch /ROUTE arguments from this HTTP BFF"],
        .graph: ["follow the routes over this HTTP BFF instead of a folder"],
      ]),
    OptionSpec(
      name: "--mocks", value: "FILE", verbs: screenVerbs,
      help: [
        "canned answers for sendRequest (a JSON array of",
        "{method, url, status, headers, body, delay}); they come",
        "before --base-url; unanswered requests wait for 'respond'",
      ],
      verbHelp: [
        .check: [
          "a mock file to validate too (a JSON array of",
          "{method, url, status, headers, body, delay})",
        ],
        .graph: ["a mock file: it is left out of the unreachable screens"],
      ]),
    OptionSpec(
      name: "--timeout", value: "SECONDS", verbs: screenVerbs,
      help: ["longest an HTTP request may take (default 10)"]),
    OptionSpec(
      name: "--http-budget", value: "SECONDS", verbs: screenVerbs,
      help: ["the run's total waiting for HTTP answers (default 60)"],
      verbHelp: [
        .check: ["the total waiting for HTTP answers (default 60)"],
        .graph: ["the total waiting for HTTP answers (default 60)"],
      ]),
    OptionSpec(
      name: "--max-body-bytes", value: "N", verbs: screenVerbs,
      help: ["largest HTTP answer read (default 16777216, 16 MB)"]),
    OptionSpec(
      name: "--profile", value: "NAME", verbs: [.run, .check, .eval, .graph, .serve],
      help: ["ios (default), android or web rules where platforms differ"],
      verbHelp: [
        .eval: [
          "ios (default), android or web: which operations exist and",
          "how strictly they count arguments (web as web-core; android",
          "as ios)",
        ]
      ]),
    OptionSpec(
      name: "--compare-profiles", verbs: [.run],
      help: [
        "run under ios, android and web and print, step by step,",
        "only what differs, each with the platform rule behind it",
        "(exit 0 when runs succeed, differences or not)",
      ]),
    OptionSpec(
      name: "--profiles", value: "LIST", verbs: [.run],
      help: ["the same for the profiles listed, as in --profiles ios,web"]),
    OptionSpec(
      name: "--max-depth", value: "N", verbs: screenVerbs.union([.eval]),
      help: [
        "deepest JSON nesting accepted, in input and in values",
        "computed at run time (default 512, at most 10000)",
      ],
      verbHelp: [
        .eval: [
          "deepest JSON nesting accepted, in --context and --global",
          "values and in values computed (default 512, at most 10000)",
        ]
      ]),
    OptionSpec(
      name: "--max-value-bytes", value: "N", verbs: screenVerbs.union([.eval]),
      help: [
        "largest value (about its size in memory) an expression",
        "or setContext may produce (default 67108864, 64 MB)",
      ],
      verbHelp: [
        .eval: [
          "largest value (about its size in memory) the expression",
          "may produce (default 67108864, 64 MB)",
        ]
      ]),
    OptionSpec(
      name: "--max-nodes", value: "N", verbs: screenVerbs,
      help: [
        "most components a screen renders, list items included",
        "(default 250000)",
      ]),
    OptionSpec(
      name: "--allow-outside-root", verbs: [.run, .check, .test, .serve],
      help: [
        "let a manifest or a scenario name files outside its folder",
        "(the project root); command-line files are always allowed",
      ],
      verbHelp: [
        .run: [
          "let a manifest name files outside its folder (the project",
          "root); command-line files are always allowed",
        ],
        .check: [
          "let a manifest name files outside its folder (the project",
          "root), and follow links out of a folder given",
        ],
        .test: [
          "let a scenario or its manifest name files outside the",
          "scenario's folder (the project root)",
        ],
      ]),
    OptionSpec(
      name: "--record", value: "MODE", verbs: [.test],
      help: [
        "test: which goldens to write: missing (default), failed,",
        "all or never; a run that writes a golden fails, a failed",
        "expectation is never written, and nothing is written when",
        "CI=true",
      ]),
    OptionSpec(
      name: "--junit", value: "FILE", verbs: [.test],
      help: ["test: also write a JUnit XML report"]),
    OptionSpec(
      name: "--html", value: "FILE", verbs: [.test],
      help: [
        "test: also write an HTML report: each scenario's verdict and",
        "storyboard, and a failure's golden diff beside its frames",
      ]),
    OptionSpec(
      name: "--coverage", verbs: [.test],
      help: [
        "test: per screen touched, the components, actions,",
        "condition branches, list templates and navigation edges",
        "exercised (covered/total), then those never exercised",
      ]),
    OptionSpec(
      name: "--coverage-json", value: "FILE", verbs: [.test],
      help: ["test: also write the coverage as JSON (implies --coverage)"]),
    OptionSpec(
      name: "--scenario-timeout", value: "SECONDS", verbs: [.test],
      help: ["test: time budget of each scenario (default 30)"]),
    OptionSpec(
      name: "--scenario-memory", value: "MB", verbs: [.test],
      help: ["test: memory budget of each scenario's process", "(default 2048)"]),
    OptionSpec(
      name: "--in-process", verbs: [.test],
      help: [
        "test: run scenarios in threads of this process, without",
        "the isolation and budgets of a process each",
      ]),
    OptionSpec(
      name: "--ignore", value: "RULE", verbs: screenVerbs,
      help: [
        "hide the diagnostics of a rule (the id in [brackets] after",
        "each one; repeatable, or comma-separated); the manifest's",
        "'ignore' lists them too",
      ]),
    OptionSpec(
      name: "--shard", value: "K/N", verbs: [.test],
      help: [
        "test: run only part K of N (a CI matrix of N jobs runs every",
        "scenario once); a scenario's part is a hash of its path, so",
        "adding scenarios never moves the others",
      ]),
    OptionSpec(
      name: "--color", value: "WHEN", verbs: everyVerb.subtracting([.help]),
      help: [
        "colour diagnostics and diffs: auto (default: on a terminal,",
        "unless NO_COLOR is set and not empty), always or never",
      ]),
    OptionSpec(
      name: "--port", value: "N", verbs: [.serve],
      help: [
        "serve: the port on 127.0.0.1 (default 8080; 0 picks a free",
        "port, which the first line of output names)",
      ],
      verbHelp: [
        .serve: [
          "the port on 127.0.0.1 (default 8080; 0 picks a free port,",
          "which the first line of output names)",
        ]
      ]),
    OptionSpec(name: "--help", shortName: "-h", verbs: everyVerb, help: ["show this help"]),
    OptionSpec(name: "--version", verbs: everyVerb, help: ["print the version"]),
  ]

  /// How messages spell a setting the libraries name: as the option that sets it
  /// (`--timeout`), with its value when the message asks for one (`--bff DIR`).
  static func spelling(of setting: Setting) -> String {
    switch setting {
    case .baseURL: "--base-url"
    case .bffFolder: "--bff DIR"
    case .mocks: "--mocks"
    case .timeout: "--timeout"
    case .httpBudget: "--http-budget"
    case .maximumBodyBytes: "--max-body-bytes"
    case .maximumValueBytes: "--max-value-bytes"
    case .maximumDepth: "--max-depth"
    case .maximumNodes: "--max-nodes"
    case .assumption: "--assume"
    }
  }

  /// The row for `--name` (or its short name).
  static func spec(named name: String) -> OptionSpec? {
    all.first { $0.name == name || $0.shortName == name }
  }

  /// The closest option name to a mistyped one.
  static func suggestion(for name: String) -> String? {
    let names = all.map(\.name)
    if let close = Suggestion.closest(to: name, among: names) { return close }
    // `-format`, `format`: the right name with its dashes missing.
    let bare = String(name.drop { $0 == "-" })
    return names.first { $0.dropFirst(2) == bare }
  }

  /// The options `verb` reads, for its usage errors and `help VERB`.
  static func options(of verb: Verb) -> [OptionSpec] {
    all.filter { $0.verbs.contains(verb) }
  }

  /// The OPTIONS section of the help for `specs`: as `verb` reads them, or as the
  /// full help describes them (nil).
  static func helpLines(_ specs: [OptionSpec], for verb: Verb? = nil) -> String {
    var lines: [String] = []
    for spec in specs {
      let left = spec.synopsis
      // A synopsis too long for the column gets a line of its own, as main's help had.
      let fits = left.count < 21
      if !fits { lines.append("  " + left) }
      let padded = fits ? left + String(repeating: " ", count: 21 - left.count) : ""
      for (index, line) in spec.help(for: verb).enumerated() {
        let column = index == 0 && fits ? padded : String(repeating: " ", count: 21)
        lines.append("  " + column + line)
      }
    }
    return lines.joined(separator: "\n")
  }
}
