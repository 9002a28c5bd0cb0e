import Foundation
import Testing

@testable import BeagleCLI

/// Files a manifest or a scenario names stay inside the project root (issue #11).
@Suite struct ProjectRootTests {
  /// Runs `beagle-run ARGS…` in-process from `folder`.
  private func run(_ folder: ScenarioFolder, _ arguments: String...) -> Outcome {
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }

  /// A folder with `home.json` and `next.json` (a button pushing `/next`).
  private func project(manifest: String) throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("app/home.json", sampleScreen)
    try folder.write("app/next.json", nextScreen)
    try folder.write("app/beagle.json", manifest)
    return folder
  }

  /// The line `run` ends with when the input has one error, a refusal among them.
  private static let oneInputError =
    "beagle-run: error: 1 error in the input (listed in the state's log; 'beagle-run check'"
    + " shows them with their source lines)\n"

  @Test(
    "a manifest's 'bff': '/' is refused and dropped, as a bad baseUrl is: the run goes on without it and fails"
  )
  func bffRoot() throws {
    let folder = try project(manifest: #"{"bff": "/"}"#)
    let outcome = run(folder, "app/home.json", "--step", #"tap "Next""#)
    #expect(outcome.code == 1)
    // Remote routes are read from the screen's folder, as without a 'bff'.
    #expect(outcome.output.contains("stacks\n  1. /home \"Home\" › /next \"Next\"\n"))
    #expect(
      outcome.output.contains(
        "log\n  app/beagle.json:1:9: error: 'bff' names '/', outside the project root (the"
          + " manifest's folder 'app'); give --allow-outside-root to read files outside it [outside-root] (at /bff)\n"
      ))
    #expect(
      outcome.errors
        == "beagle-run: error: the run logged errors; the first, at step 0: app/beagle.json:1:9:"
        + " error: 'bff' names '/', outside the project root (the manifest's folder 'app'); give"
        + " --allow-outside-root to read files outside it\n")
    let check = run(folder, "check", "app/home.json")
    #expect(check.code == 1)
    #expect(
      check.errors == """
        app/beagle.json:1:9: error: 'bff' names '/', outside the project root (the manifest's folder 'app'); give --allow-outside-root to read files outside it [outside-root]
          1 | {"bff": "/"}
            |         ^
        note: at /bff

        """)
  }

  @Test("a manifest's 'bff' inside its folder is read; '..' out of it is refused")
  func bffInside() throws {
    let folder = try project(manifest: #"{"bff": "screens"}"#)
    try folder.write("app/screens/next.json", nextScreen)
    let inside = run(folder, "app/home.json", "--step", #"tap "Next""#)
    #expect(inside.code == 0)
    #expect(inside.output.contains("stacks\n  1. /home \"Home\" › /next \"Next\"\n"))

    try folder.write("app/beagle.json", #"{"bff": "screens/../.."}"#)
    let outside = run(folder, "app/home.json")
    #expect(outside.code == 1)
    #expect(
      outside.output.contains(
        "  app/beagle.json:1:9: error: 'bff' names 'screens/../..', outside the project root"))
    #expect(outside.errors == Self.oneInputError)
    let allowed = run(folder, "app/home.json", "--allow-outside-root")
    #expect(allowed.code == 0)
  }

  @Test(
    "a manifest's 'mocks': '/etc/passwd' is refused unread and dropped: nothing of the file is printed"
  )
  func mocksOutside() throws {
    let folder = try project(manifest: #"{"mocks": "/etc/passwd"}"#)
    let outcome = run(folder, "app/home.json")
    #expect(outcome.code == 1)
    #expect(outcome.output.hasPrefix("step 0 · load /home\nstacks\n  1. /home \"Home\"\n"))
    #expect(
      outcome.output.hasSuffix(
        "log\n  app/beagle.json:1:11: error: 'mocks' names '/etc/passwd', outside the project"
          + " root (the manifest's folder 'app'); give --allow-outside-root to read files"
          + " outside it [outside-root] (at /mocks)\n"))
    #expect(!outcome.output.contains("root:"))
    #expect(outcome.errors == Self.oneInputError)
  }

  @Test("with --allow-outside-root a file outside the root is read, but never quoted")
  func outsideNotQuoted() throws {
    let folder = try project(manifest: #"{"mocks": "../secret.txt"}"#)
    try folder.write("secret.txt", "password=hunter2\n")
    let outcome = run(folder, "app/home.json", "--allow-outside-root")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "app/../secret.txt:1:1: error: unexpected character 'p'; expected a value [invalid-json]\n"
    )
  }

  @Test("a project file that is not JSON is quoted at its error, as the user's own input")
  func insideQuoted() throws {
    let folder = try project(manifest: #"{"mocks": "mocks.json"}"#)
    try folder.write("app/mocks.json", "[oops]\n")
    let outcome = run(folder, "app/home.json")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors == """
        app/mocks.json:1:2: error: unexpected character 'o'; expected a value [invalid-json]
          1 | [oops]
            |  ^

        """)
  }

  @Test("a symbolic link in the project that points out of it is outside")
  func symbolicLink() throws {
    let folder = try project(manifest: #"{"mocks": "link.json"}"#)
    try folder.write("outside.json", "[]")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/app/link.json", withDestinationPath: folder.path + "/outside.json")
    let outcome = run(folder, "check", "app/home.json")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.hasPrefix(
        "app/beagle.json:1:11: error: 'mocks' names 'link.json', outside the project root"))
  }

  @Test("files given on the command line are the user's choice: never checked")
  func commandLine() throws {
    let folder = try project(manifest: "{}")
    try folder.write("mocks.json", "[]")
    try folder.write("global.json", #"{"name": "Bia"}"#)
    try folder.write("steps.script", "tap \"Next\"\n")
    let outcome = run(
      folder, "app/home.json", "--mocks", "mocks.json", "--global", "@global.json", "--script",
      "steps.script")
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
  }

  @Test("a scenario's 'screen: ../../../etc/passwd' fails unrecorded: no line of it in a golden")
  func scenarioScreen() throws {
    let folder = try ScenarioFolder()
    try folder.write("a/b/c/steal.scenario", "screen: ../../../../../../../../etc/passwd\n")
    let outcome = folder.test(".")
    #expect(outcome.code == 1)
    #expect(
      outcome.output == """
        FAIL  a/b/c/steal.scenario: invalid scenario
        a/b/c/steal.scenario:1: error: invalid 'screen': '../../../../../../../../etc/passwd' is outside the project root (the scenario's folder); give --allow-outside-root to read files outside it
        0 passed, 1 failed

        """)
    #expect(!folder.exists("a/b/c/steal.expected"))
  }

  @Test(
    "every file a scenario names is checked",
    arguments: [
      ("registry: ../beagle.json", "registry", "../beagle.json"),
      ("mocks: /etc/passwd", "mocks", "/etc/passwd"),
      ("bff: ..", "bff", ".."),
      ("global: @../g.json", "global", "../g.json"),
      ("script: ../steps.script", "script", "../steps.script"),
    ])
  func scenarioFiles(line: String, key: String, path: String) throws {
    let folder = try ScenarioFolder()
    try folder.write("beagle.json", "{}")
    try folder.write("g.json", "{}")
    try folder.write("steps.script", "back\n")
    try folder.write("flow/home.json", sampleScreen)
    try folder.write("flow/a.scenario", "screen: home.json\n\(line)\n")
    let outcome = folder.test("flow")
    #expect(
      outcome.output.hasPrefix(
        "FAIL  flow/a.scenario: invalid scenario\nflow/a.scenario:2: error: invalid '\(key)': "
          + "'\(path)' is outside the project root (the scenario's folder)"))
    #expect(!folder.exists("flow/a.expected"))
  }

  @Test("in a scenario the manifest's files are checked against the scenario's folder")
  func scenarioManifest() throws {
    let folder = try ScenarioFolder()
    try folder.write("secret.json", "[]")
    try folder.write("flow/home.json", sampleScreen)
    try folder.write("flow/beagle.json", #"{"mocks": "../secret.json"}"#)
    try folder.write("flow/a.scenario", "screen: home.json\n")
    let outcome = folder.test("flow")
    // Mocks that cannot be read make a broken scenario, never a recorded golden.
    #expect(
      outcome.output == """
        FAIL  flow/a.scenario: invalid scenario
        flow/a.scenario: error: invalid mocks, so the scenario cannot run: beagle.json:1:11: \
        'mocks' names '../secret.json', outside the project root (the scenario's folder); \
        give --allow-outside-root to read files outside it
        0 passed, 1 failed

        """)
    #expect(!folder.exists("flow/a.expected"))
  }

  @Test(
    "paths are judged where they really are: '..', absolute paths, files that do not exist",
    arguments: [
      ("app", true), ("app/x.json", true), ("app/none/../x.json", true), ("app/..", false),
      ("app/none/../../x.json", false), ("/", false), ("app/../app/x.json", true),
    ])
  func contains(path: String, inside: Bool) throws {
    let folder = try ScenarioFolder()
    try folder.write("app/x.json", "{}")
    let root = ProjectRoot(folder: "app", role: .manifest)
    let environment = CommandLineTool.Environment(workingDirectory: folder.path)
    #expect(root.contains(path, environment: environment) == inside)
    if !path.hasPrefix("/") {
      let absolute = ProjectRoot(folder: folder.path + "/app", role: .manifest)
      #expect(absolute.contains(folder.path + "/" + path, environment: .init()) == inside)
    }
  }

  @Test("check DIR: a link to a file outside DIR is not read; nothing of it is printed")
  func checkFolderLinkOutside() throws {
    let folder = try project(manifest: "{}")
    try folder.write("secret.txt", "TOKEN=hunter2\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/app/leak.json", withDestinationPath: folder.path + "/secret.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/app/same.json", withDestinationPath: folder.path + "/app/next.json")
    let outcome = run(folder, "check", "app")
    #expect(outcome.code == 1)
    #expect(outcome.output == "checked 3 files: 1 error, 0 warnings\n")
    #expect(
      outcome.errors
        == "beagle-run: error: 'app/leak.json' links to a file outside 'app'; it is not read (give --allow-outside-root to read it)\n"
    )
    let allowed = run(folder, "check", "app", "--allow-outside-root")
    #expect(allowed.code == 1)
    #expect(allowed.output == "checked 4 files: 1 error, 0 warnings\n")
    #expect(allowed.errors.hasPrefix("app/leak.json:1:1: error: unexpected character 'T'"))
  }

  @Test("test DIR: a scenario that links to a file outside DIR is not read")
  func testFolderLinkOutside() throws {
    let folder = try ScenarioFolder()
    try folder.write("secret.txt", "TOKEN=hunter2\n")
    try folder.write("flows/home.json", sampleScreen)
    try folder.write("flows/home.scenario", "screen: home.json\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/flows/leak.scenario",
      withDestinationPath: folder.path + "/secret.txt")
    let outcome = folder.test("flows", "--record", "never")
    #expect(outcome.code == 1)
    #expect(!outcome.output.contains("TOKEN") && !outcome.errors.contains("TOKEN"))
    #expect(
      outcome.errors
        == "beagle-run: error: 'flows/leak.scenario' links to a file outside 'flows'; it is not read (give --allow-outside-root to read it)\n"
    )
    #expect(outcome.output.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test("test DIR: a scenario whose name is not UTF-8 is an error, not skipped unseen")
  func testFolderNonUTF8Name() throws {
    let folder = try ScenarioFolder()
    try folder.write("flows/home.json", sampleScreen)
    let path = Array((folder.path + "/flows/").utf8) + [0xFF] + Array(".scenario".utf8)
    let bytes = path.map { CChar(bitPattern: $0) } + [0]
    let descriptor = open(bytes, O_CREAT | O_WRONLY, 0o644)
    #expect(descriptor >= 0)
    _ = "screen: home.json\n".withCString { write(descriptor, $0, 18) }
    close(descriptor)
    let outcome = folder.test("flows", "--record", "never")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors
        == "beagle-run: error: cannot read 'flows/\u{FFFD}.scenario': its name is not valid UTF-8; rename it\n"
        + "beagle-run: error: no scenarios ('*.scenario' files) in 'flows'\n")
  }

  @Test("a manifest's 'mocks' naming a fifo nobody writes to reads as empty instead of hanging")
  func mocksFifo() throws {
    let folder = try project(manifest: #"{"mocks": "pipe"}"#)
    #expect(mkfifo(folder.path + "/app/pipe", 0o644) == 0)
    let outcome = run(folder, "app/home.json")
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.hasPrefix(
        "app/pipe:1:1: error: the input is empty; expected a JSON value [invalid-json]\n"))
  }
}
