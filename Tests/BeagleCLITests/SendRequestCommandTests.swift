import Foundation
import Testing

/// The steps of `Examples/login/flow.scenario` (after its `---` line) in a temporary file.
func loginFlowSteps() throws -> String {
  let text = try String(
    contentsOf: repositoryRoot.appendingPathComponent("Examples/login/flow.scenario"),
    encoding: .utf8)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let steps = lines.drop { $0 != "---" }.dropFirst()
  return try temporaryFile(Array(steps.joined(separator: "\n").utf8), name: "flow.steps")
}

@Suite struct SendRequestCommandTests {
  static let screen = """
    {"_beagleComponent_": "beagle:container", "children": [
      {"_beagleComponent_": "beagle:text", "text": "@{global}"},
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
        {"_beagleAction_": "beagle:sendRequest", "url": "/login", "method": "POST",
         "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "@{onSuccess.data.name}"}],
         "onError": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "@{onError.status}"}]}]}]}
    """

  /// A folder holding the screen (`index.json`) and `files`, by name.
  func folder(_ files: [String: String]) throws -> String {
    let screen = try temporaryFile(Array(Self.screen.utf8), name: "index.json")
    let folder = (screen as NSString).deletingLastPathComponent
    for (name, text) in files {
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    return folder
  }

  @Test("the login example runs its scenario with its mocks and exits 0")
  func loginExample() throws {
    let outcome = beagleRun(
      "Examples/login/index.json", "--mocks", "Examples/login/mocks.json", "--script",
      try loginFlowSteps())
    #expect(outcome.errors == "")
    #expect(outcome.code == 0)
    #expect(outcome.output.contains("step 16 · expect no-text \"s3cret\"\n"))
    #expect(
      outcome.output.contains(
        #"request: {"kind":"request","id":2,"method":"GET","url":"/orders","status":401,"pending":false,"origin":"mock","error":"'/orders' answered with status 401"}"#
      ))
    #expect(
      outcome.output.contains(
        """
        step 11 · respond 200 {"name": "Ana Maria"}
        actions
          onSuccess → setContext global.user.name = "Ana Maria"
          onSuccess → setContext welcome.status = "Profile refreshed"

        """))
  }

  @Test("--mocks answers requests; --format json lists them in 'requests'")
  func mocksOption() throws {
    let folder = try folder(["mocks.json": #"[{"url": "/login", "body": {"name": "Ana"}}]"#])
    let outcome = beagleRun(
      folder + "/index.json", "--mocks", folder + "/mocks.json", "--step", #"tap "go""#,
      "--step", #"expect text "Ana""#, "--format", "json")
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    #expect(
      outcome.output.contains(
        #""requests":[{"kind":"request","id":1,"method":"POST","url":"/login","status":200,"pending":false,"origin":"mock","error":null}]"#
      ))
  }

  @Test("the manifest's mocks: inline, or a file relative to the manifest; --mocks replaces them")
  func manifestMocks() throws {
    let inline = try folder([
      "beagle.json": #"{"mocks": [{"url": "/login", "status": 403}]}"#
    ])
    #expect(
      beagleRun(inline + "/index.json", "--step", #"tap "go""#, "--step", #"expect text "403""#)
        .code == 0)
    let file = try folder([
      "beagle.json": #"{"mocks": "answers/mocks.json"}"#,
      "other.json": #"[{"url": "/login", "body": {"name": "Bo"}}]"#,
    ])
    try FileManager.default.createDirectory(
      atPath: file + "/answers", withIntermediateDirectories: true)
    try Data(#"[{"url": "/login", "body": {"name": "Ana"}}]"#.utf8).write(
      to: URL(fileURLWithPath: file + "/answers/mocks.json"))
    #expect(
      beagleRun(file + "/index.json", "--step", #"tap "go""#, "--step", #"expect text "Ana""#)
        .code == 0)
    #expect(
      beagleRun(
        file + "/index.json", "--mocks", file + "/other.json", "--step", #"tap "go""#, "--step",
        #"expect text "Bo""#
      ).code == 0)
  }

  @Test("a mock file with errors stops the run before it starts, with located errors")
  func mockFileErrors() throws {
    let folder = try folder([
      "mocks.json": "[\n  {\"method\": \"post\", \"url\": \"/login\",\n   \"stauts\": 200}\n]\n"
    ])
    let outcome = beagleRun(folder + "/index.json", "--mocks", folder + "/mocks.json")
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(
      outcome.errors == """
        \(folder)/mocks.json:2:14: error: 'method' cannot be 'post'; expected one of 'GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH' [invalid-mocks]
          2 |   {"method": "post", "url": "/login",
            |              ^
        note: at /0/method
        \(folder)/mocks.json:3:4: error: unknown key 'stauts' in a mock; did you mean 'status'? (keys: 'method', 'url', 'status', 'headers', 'body', 'delay') [invalid-mocks]
          3 |    "stauts": 200}
            |    ^
        note: at /0/stauts

        """)
    let check = beagleRun("check", folder + "/index.json", "--mocks", folder + "/mocks.json")
    #expect(check.code == 1)
    #expect(check.output == "checked 1 file: 2 errors, 0 warnings\n")
  }

  @Test(
    "unreadable mocks are errors naming where they were given",
    arguments: [
      (
        "--mocks",
        "beagle-run: error: --mocks: no such file 'nope.json' [input-mocks-unreadable]\n"
      ),
      ("manifest", "beagle.json:1:11: error: mocks: no such file '"),
    ])
  func unreadable(how: String, start: String) throws {
    let folder = try folder(how == "manifest" ? ["beagle.json": #"{"mocks": "nope.json"}"#] : [:])
    let outcome =
      how == "manifest"
      ? beagleRun(folder + "/index.json")
      : beagleRun(folder + "/index.json", "--mocks", "nope.json")
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    let expected = how == "manifest" ? folder + "/" + start + folder + "/nope.json'" : start
    #expect(outcome.errors.hasPrefix(expected))
  }

  @Test("'respond' answers a pending request; a request left pending warns at the end")
  func respondStep() throws {
    let folder = try folder([:])
    let answered = beagleRun(
      folder + "/index.json", "--step", #"tap "go""#, "--step", #"respond 200 {"name": "Cy"}"#,
      "--step", #"expect text "Cy""#)
    #expect(answered.code == 0)
    #expect(answered.errors == "")
    for respond in [#"respond #1 200 {"name": "Cy"}"#, #"respond POST /login 200 {"name": "Cy"}"#] {
      let named = beagleRun(
        folder + "/index.json", "--step", #"tap "go""#, "--step", respond, "--step",
        #"expect text "Cy""#)
      #expect(named.code == 0, "\(respond)")
      #expect(named.errors == "", "\(respond)")
    }
    let pending = beagleRun(folder + "/index.json", "--step", #"tap "go""#)
    #expect(pending.code == 0)
    // Both are placed at the sendRequest, line 4 column 5.
    #expect(
      pending.output.hasSuffix(
        """
        log
          \(folder)/index.json:4:5: note: request 1 (POST /login) waits for its answer: no mock matches it and no --base-url is given; a 'respond' step answers it ('respond #1 STATUS' names it) [send-request-waits-for-answer] (at /children/1/onPress/0)
          \(folder)/index.json:4:5: warning: request 1 (POST /login) is still pending at the end of the run; answer it with a 'respond' step or a mock (--mocks), or give --base-url [send-request-pending-at-end] (at /children/1/onPress/0)

        """))
    #expect(beagleRun(folder + "/index.json", "--step", #"tap "go""#, "--strict").code == 1)
  }

  @Test("a request that gets no HTTP answer is an error in the log: onError runs, the run exits 1")
  func connectionRefused() throws {
    let folder = try folder([:])
    let outcome = beagleRun(
      folder + "/index.json", "--base-url", "http://127.0.0.1:1", "--step", #"tap "go""#)
    #expect(outcome.code == 1)
    let error =
      "\(folder)/index.json:4:5: error: request 1 (POST http://127.0.0.1:1/login) got no HTTP answer: cannot connect to 'http://127.0.0.1:1/login': connection refused; onError runs"
    #expect(
      outcome.errors == "beagle-run: error: the run logged errors; the first, at step 1: \(error)\n"
    )
    #expect(
      outcome.output.hasSuffix(
        """
        log
          \(error) [send-request-no-http-answer] (at /children/1/onPress/0)

        """))
    #expect(outcome.output.contains("      text \"0\"\n"))
  }

  @Test(
    "'respond' errors: nothing pending fails the step (exit 1), a bad --step is a usage error (exit 64)",
    arguments: [
      (
        ["--step", "respond 200"],
        "--step:1: error: no request is pending; 'respond' answers the oldest request that no mock and no --base-url answered\n",
        Int32(1)
      ),
      (
        ["--step", #"tap "go""#, "--step", "respond GET /login 200"],
        "--step:2: error: GET /login is not pending; pending requests: #1 POST /login\n", 1
      ),
      (
        ["--step", #"tap "go""#, "--step", "respond #2 200"],
        "--step:2: error: request #2 is not pending; pending requests: #1 POST /login\n", 1
      ),
      (
        ["--step", "respond 2000"],
        "--step:1: error: '2000' is not an http status; write a whole number from 100 to 599\n"
          + "See 'beagle-run help run'.\n", 64
      ),
      (
        ["--step", "respond 200 {"],
        "--step:1: error: invalid response JSON: unexpected end of input; expected a string key or '}'\n"
          + "See 'beagle-run help run'.\n", 64
      ),
    ] as [([String], String, Int32)])
  func respondErrors(arguments: [String], message: String, code: Int32) throws {
    let folder = try folder([:])
    let outcome = beagleRunArray([folder + "/index.json"] + arguments)
    #expect(outcome.code == code)
    #expect(outcome.errors == message)
  }

  @Test("--help lists --mocks and the respond step")
  func help() {
    let help = beagleRun("--help").output
    #expect(help.contains("--mocks FILE"))
    #expect(help.contains("respond STATUS [JSON]"))
    #expect(help.contains("\n  respond #ID STATUS [JSON] "))
    #expect(help.contains("\n  respond METHOD URL STATUS [JSON]\n"))
  }
}

/// The built executable on the login example: the process exits 0 and prints every step.
@Suite(.serialized) struct SendRequestEndToEndTests {
  @Test("the executable runs the login flow in text and JSON")
  func loginFlow() throws {
    let steps = try loginFlowSteps()
    let arguments = [
      "Examples/login/index.json", "--mocks", "Examples/login/mocks.json", "--script", steps,
    ]
    let text = try runProcess(arguments)
    #expect(text.code == 0)
    #expect(text.errors == "")
    #expect(text.output.contains("step 16 · "))
    let json = try runProcess(arguments + ["--format", "json"])
    #expect(json.code == 0)
    #expect(json.output.split(separator: "\n").count == 17)
  }
}
