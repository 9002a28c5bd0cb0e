import Foundation

/// `beagle-bench link-order`: writes `Sources/beagle-run/link-order.txt`, the functions
/// `beagle-run` executes, which the linker places together at the start of the code
/// (`--symbol-ordering-file`, Package.swift).
///
/// Why: the kernel maps a program's code 64 KB at a time around each page it runs
/// (fault-around), so functions run by one command but scattered over the whole
/// 18 MB of code make most of it resident. Gathered together, the same functions
/// cost a third of that: on the 10 MB screen `check`'s peak resident set goes from
/// 48 to 43 MiB, `--version`'s from 14 to 9.
///
/// How: each workload (every verb and format on the 1 KB and 1 MB clean screens,
/// `check` and `run` in both formats on the 10 MB one, `--help`, `--version`, `test`
/// over Examples/) runs under `valgrind --tool=callgrind`,
/// and every function of the executable it ran is listed, those run by most
/// workloads first (then by the first workload that ran them, then by name), so the
/// code every command runs comes first. Names the executable defines more than once
/// (local helpers such as `objectdestroyTm` that many object files have) are left
/// out: the linker would gather every one of them, and the whole object files around
/// them. Profile the statically linked build (on Linux every release build of
/// beagle-run is), whose standard library and Foundation functions are in the
/// executable.
struct LinkOrderGenerator {
  var options: LinkOrderOptions
  /// The package root.
  var root: String

  struct Result {
    var executable: String
    var output: String
    var workloads: Int
    var functions: Int
    /// Names left out because the executable defines them more than once.
    var ambiguous: Int
  }

  /// The workloads also profiled on the 10 MB screen.
  static let largeScreenWorkloads: Set = ["check", "run (text)", "run --format json"]

  /// One profiled command line: the arguments after the executable.
  struct Workload {
    var label: String
    var arguments: [String]
  }

  func run() throws(BenchError) -> Result {
    guard let valgrind = ChildProcess.find("valgrind") else {
      throw .invalidArgument(
        "valgrind is not installed, so no function can be profiled: install it (Debian and"
          + " Ubuntu: apt-get install valgrind) and run 'beagle-bench link-order' again")
    }
    guard let strip = ChildProcess.find("strip"), let nm = ChildProcess.find("nm") else {
      throw .invalidArgument(
        "'strip' and 'nm' are needed on PATH (Debian and Ubuntu: apt-get install binutils)")
    }
    let cli = options.cliPath ?? root + "/.build/release/beagle-run"
    guard FileIO.isExecutable(cli) else {
      throw .invalidArgument(
        "no executable at '\(cli)': build the release CLI first (swift build -c release"
          + " --product beagle-run) or give --cli PATH")
    }
    let store = PayloadStore(directory: root + "/Benchmarks/.payloads")
    let screens = [
      try store.smallScreen(), try store.cleanScreen(megabytes: 1),
      try store.cleanScreen(megabytes: 10),
    ]

    // valgrind names the executable by its resolved path: a TMPDIR with a symbolic
    // link or a doubled slash would match no function.
    let made = try FileIO.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: made) }
    let folder = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
    let executable = folder + "/beagle-run"
    try ChildProcess.copyStripped(cli, to: executable, strip: strip)
    let scriptPath = folder + "/script.txt"
    try FileIO.store(Array(ScalingWorkload.script.utf8), atPath: scriptPath)

    var workloads: [Workload] = []
    for screen in screens {
      // On 10 MB only what runs differently on big screens (files read in two halves,
      // decoding and printing on two threads): the rest would take minutes under
      // callgrind and run the same functions as on 1 MB.
      let isLarge = screen.byteCount > 5_000_000
      for workload in ScalingWorkload.all
      where !isLarge || Self.largeScreenWorkloads.contains(workload.name) {
        workloads.append(
          Workload(
            label: "\(workload.name) on \(screen.label)",
            arguments: workload.arguments(screen: screen.path, scriptPath: scriptPath)))
      }
      if !isLarge {
        workloads.append(
          Workload(
            label: "check --format json on \(screen.label)",
            arguments: ["check", "--format", "json", screen.path]))
      }
    }
    workloads.append(Workload(label: "--help", arguments: ["--help"]))
    workloads.append(Workload(label: "--version", arguments: ["--version"]))
    workloads.append(
      Workload(
        label: "test Examples/", arguments: ["test", "--allow-outside-root", root + "/Examples"]))

    var runs: [Set<String>] = []
    for (index, workload) in workloads.enumerated() {
      Log.progress("\(workload.label) under callgrind (\(index + 1) of \(workloads.count))…")
      let output = folder + "/callgrind.out"
      let process = ChildProcess(
        executable: valgrind,
        arguments: [
          "--tool=callgrind", "--demangle=no", "--compress-strings=no",
          "--callgrind-out-file=" + output, executable,
        ] + workload.arguments,
        standardOutput: .discard, standardError: .discard)
      let outcome = try process.run()
      guard FileIO.size(ofFileAt: output) != nil else {
        throw .childFailed(
          command: process.commandLine, detail: "exit status \(outcome.status), no \(output)")
      }
      runs.append(
        Self.functions(inCallgrindOutput: try FileIO.readBytes(atPath: output), of: executable))
      try? FileManager.default.removeItem(atPath: output)
    }

    let listing = ChildProcess(executable: nm, arguments: ["--defined-only", executable])
    let listed = try listing.run()
    guard listed.status == 0 else {
      throw .childFailed(command: listing.commandLine, detail: "exit status \(listed.status)")
    }
    let ambiguous = Self.namesDefinedMoreThanOnce(nmOutput: listed.output)
    let ordered = Self.order(runs).filter { !ambiguous.contains($0) }
    // Never write an empty list over a good one.
    guard ordered.count >= 100 else {
      throw .childFailed(
        command: "valgrind --tool=callgrind \(executable) …",
        detail: "only \(ordered.count) functions of \(executable) found; the list is left as it was"
      )
    }
    let outputPath = root + "/Sources/beagle-run/link-order.txt"
    try FileIO.store(Array(Self.file(ordered, workloads: workloads.count).utf8), atPath: outputPath)
    return Result(
      executable: cli, output: outputPath, workloads: workloads.count, functions: ordered.count,
      ambiguous: Set(runs.joined()).intersection(ambiguous).count)
  }

  /// The functions of `object` that have a cost in a callgrind output written with
  /// `--compress-strings=no`: the `fn=` lines that follow an `ob=` line naming it.
  static func functions(inCallgrindOutput file: [UInt8], of object: String) -> Set<String> {
    var names: Set<String> = []
    var inObject = false
    for line in String(decoding: file, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("ob=") {
        inObject = line.dropFirst(3) == object
      } else if inObject, line.hasPrefix("fn=") {
        let name = line.dropFirst(3)
        // callgrind names code without a symbol by its address, a recursive call's
        // function with a suffix ('2) and the code before `main` in parentheses.
        if !name.isEmpty, !name.hasPrefix("0x"), !name.contains("'"), !name.hasPrefix("(") {
          names.insert(String(name))
        }
      }
    }
    return names
  }

  /// Every name `nm --defined-only` lists on more than one line.
  static func namesDefinedMoreThanOnce(nmOutput: String) -> Set<String> {
    var seen: Set<String> = []
    var repeated: Set<String> = []
    for line in nmOutput.split(separator: "\n") {
      guard let name = line.split(separator: " ").last.map(String.init) else { continue }
      if !seen.insert(name).inserted { repeated.insert(name) }
    }
    return repeated
  }

  /// The functions of all runs: run by more runs first, then by the first run that
  /// ran them, then by name.
  static func order(_ runs: [Set<String>]) -> [String] {
    var uses: [String: (count: Int, first: Int)] = [:]
    for (index, names) in runs.enumerated() {
      for name in names {
        let known = uses[name]
        uses[name] = ((known?.count ?? 0) + 1, known?.first ?? index)
      }
    }
    return uses.sorted { left, right in
      if left.value.count != right.value.count { return left.value.count > right.value.count }
      if left.value.first != right.value.first { return left.value.first < right.value.first }
      return left.key < right.key
    }.map(\.key)
  }

  static func file(_ names: [String], workloads: Int) -> String {
    """
    # The functions beagle-run executes, for the linker's --symbol-ordering-file
    # (Package.swift): gathered at the start of the code, they take fewer pages.
    # Written by 'beagle-bench link-order' (Benchmarks/README.md) from \(workloads)
    # workloads under callgrind; a name missing from the build is ignored.
    \(names.joined(separator: "\n"))

    """
  }

  static func render(_ result: Result) -> String {
    """
    Link order: \(result.functions) functions of \(result.executable) from \
    \(result.workloads) workloads (\(result.ambiguous) names defined more than once left out)
      written to \(result.output); delete the built beagle-run and build it again to
      use it (SwiftPM does not see this file change)

    """
  }
}

/// Options of `beagle-bench link-order`.
struct LinkOrderOptions: Equatable {
  /// The CLI to profile; default `.build/release/beagle-run` in the package root.
  var cliPath: String?
}
