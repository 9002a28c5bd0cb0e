import BeagleJSON
import BeagleRendering
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saves the events clicked on the preview as a `.scenario` beside the screen, with
/// `serve`'s options as its header, then records its golden (`.expected`) by
/// running it as `beagle-run test` does, and checks that it passes.
///
/// It writes only there: the name is a bare file name, the files must not be
/// symbolic links (the write would land elsewhere), an existing file is replaced
/// only when the page asked for it explicitly, and every file the header names
/// must be inside the screen's folder (the project root of a scenario, which
/// `beagle-run test` enforces).
struct ScenarioRecorder {
  /// Why nothing (or not everything) was saved.
  struct Refusal: Error, Equatable {
    var message: String
  }

  var setup: Preview.Setup

  /// The header keys `serve`'s options map to, in the order the README lists them.
  static let keyOrder = [
    "bff", "base-url", "mocks", "registry", "profile", "global", "strict", "max-depth",
    "max-value-bytes", "timeout", "http-budget", "max-body-bytes",
  ]

  /// Writes `steps` as the scenario `name` (`.scenario` added when missing) and its
  /// golden; a message saying what was written, or why not.
  func record(_ steps: [String], name: String, overwrite: Bool) -> Result<String, Refusal> {
    let fileName = name.hasSuffix(Scenario.fileExtension) ? name : name + Scenario.fileExtension
    guard Self.isPlainName(fileName) else {
      return .failure(
        Refusal(
          message:
            "'\(name)' is not a scenario name: use letters, digits, '.', '_' and '-' only"
            + " (no folder: the scenario is saved beside the screen)"))
    }
    let environment = setup.environment
    let folder = Scenario.folder(of: setup.screenPath)
    let scenarioPath = folder == "." ? fileName : folder + "/" + fileName
    let goldenPath = Scenario.goldenPath(for: scenarioPath)
    for path in [scenarioPath, goldenPath] {
      if let problem = Self.problem(
        writing: environment.location(of: path), as: path, overwrite: overwrite)
      {
        return .failure(Refusal(message: problem))
      }
    }
    let root = ProjectRoot(folder: folder, role: .scenario)
    guard root.contains(scenarioPath, environment: environment) else {
      return .failure(Refusal(message: root.refusal(key: nil, path: scenarioPath)))
    }
    let header: [String]
    switch headerLines(folder: folder) {
    case .success(let lines): header = lines
    case .failure(let refusal): return .failure(refusal)
    }
    let screenName = String(setup.screenPath.split(separator: "/").last ?? "")
    var text = "# Recorded by beagle-run serve: the events performed on the page, in order.\n"
    text += "screen: \(screenName)\n"
    text += header.map { $0 + "\n" }.joined()
    text += "---\n" + steps.map { $0 + "\n" }.joined()
    if let problem = Self.write(
      text, at: environment.location(of: scenarioPath), as: scenarioPath, overwrite: overwrite)
    {
      return .failure(Refusal(message: problem))
    }
    // The golden, as `beagle-run test --record` writes it; then a plain test run.
    let runner = ScenarioRunner(environment: environment)
    let recorded = GoldenTest(
      runner: runner, recordMode: overwrite ? .all : .missing, withheldReason: "serve"
    ).test(scenarioPath)
    if case .failed(let reason) = recorded.recording {
      return .failure(Refusal(message: "saved \(scenarioPath), but not its golden: \(reason)"))
    }
    let checked = GoldenTest(runner: runner, recordMode: .never, withheldReason: "serve").test(
      scenarioPath)
    guard checked.outcome == .passed || checked.outcome == .stale else {
      return .failure(
        Refusal(
          message: "saved \(scenarioPath) and \(goldenPath), but the scenario does not pass: "
            + (checked.firstError ?? checked.summary)))
    }
    return .success(
      "saved \(scenarioPath) (\(Count.phrase(steps.count, "step"))) and its golden \(goldenPath);"
        + " beagle-run test \(scenarioPath) passes")
  }

  /// The header lines for `serve`'s options, paths made relative to `folder`.
  private func headerLines(folder: String) -> Result<[String], Refusal> {
    let environment = setup.environment
    let input = setup.options.input
    guard let base = ProjectRoot.resolved(environment.location(of: folder)) else {
      return .failure(Refusal(message: "cannot resolve the folder '\(folder)'"))
    }
    func relative(_ key: String, _ path: String) -> Result<String, Refusal> {
      guard let target = ProjectRoot.resolved(environment.location(of: path)),
        target.hasPrefix(base + "/")
      else {
        return .failure(
          Refusal(
            message:
              "'--\(key) \(path)' is outside the screen's folder, and a scenario's files must"
              + " stay in its folder; move it there to record this run"))
      }
      return .success(String(target.dropFirst(base.count + 1)))
    }
    var values: [String: String] = [:]
    do throws(Refusal) {
      if let path = input.bffPath { values["bff"] = try relative("bff", path).get() }
      if let path = input.mocksPath { values["mocks"] = try relative("mocks", path).get() }
      if let path = input.registryPath { values["registry"] = try relative("registry", path).get() }
      if let global = input.global {
        if global.hasPrefix("@") {
          values["global"] = "@" + (try relative("global", String(global.dropFirst())).get())
        } else if let value = try? JSONValue(parsing: global) {
          values["global"] = JSONPrinter().print(value)  // one line
        }
      }
    } catch {
      return .failure(error)
    }
    values["base-url"] = input.baseURL
    values["profile"] = input.profile?.rawValue
    if setup.options.output.isStrict { values["strict"] = "true" }
    for (key, value) in setup.limitSettings { values[key] = value }
    return .success(Self.keyOrder.compactMap { key in values[key].map { "\(key): \($0)" } })
  }

  // MARK: - Files

  /// A bare file name: letters, digits, `.`, `_`, `-`, not hidden, at most 128 bytes.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 128 && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
          || $0 == "." || $0 == "_" || $0 == "-"
      }
  }

  /// Why `location` (`path` as shown) cannot be written: a link, not a file, or an
  /// existing file without `overwrite`.
  static func problem(writing location: String, as path: String, overwrite: Bool) -> String? {
    var info = stat()
    guard lstat(location, &info) == 0 else { return nil }  // not there: fine
    if (info.st_mode & S_IFMT) == S_IFLNK {
      return "'\(path)' is a symbolic link; beagle-run serve does not write through links"
    }
    if (info.st_mode & S_IFMT) != S_IFREG { return "'\(path)' exists and is not a file" }
    return overwrite ? nil : "'\(path)' exists; tick 'overwrite' to replace it"
  }

  /// Writes `text` without following a link at `location`, creating the file (or
  /// replacing it when `overwrite`); nil when written, else why not.
  static func write(
    _ text: String, at location: String, as path: String, overwrite: Bool
  )
    -> String?
  {
    let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | (overwrite ? O_TRUNC : O_EXCL)
    let fd = open(location, flags, 0o644)
    guard fd >= 0 else {
      let code = errno
      if code == EEXIST { return "'\(path)' exists; tick 'overwrite' to replace it" }
      if code == ELOOP {
        return "'\(path)' is a symbolic link; beagle-run serve does not write through links"
      }
      return "cannot write '\(path)': \(String(cString: strerror(code)))"
    }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard written > 0 else {
        return "cannot write '\(path)': \(String(cString: strerror(errno)))"
      }
      offset += written
    }
    return nil
  }
}
