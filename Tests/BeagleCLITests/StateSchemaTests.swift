import BeagleCLI
import BeagleJSON
import Foundation
import Testing

/// docs/state.schema.json describes every state `--format json` prints.
@Suite struct StateSchemaTests {
  static func validator() throws -> SchemaValidator {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/state.schema.json"), encoding: .utf8)
    return try SchemaValidator(schema: JSONValue(parsing: text))
  }

  /// The states of a run, one JSON value per line of its output.
  static func states(_ arguments: [String]) throws -> [JSONValue] {
    let tool = CommandLineTool(environment: .init(variables: [:], standardInput: { [] }))
    var output = ""
    _ = tool.run(["beagle-run"] + arguments, output: { output += $0 }, errors: { _ in })
    return try output.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
  }

  /// The script steps of a scenario (the lines after `---`), in a temporary file.
  static func steps(of scenario: String) throws -> String {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(scenario), encoding: .utf8)
    let steps = text.components(separatedBy: "\n---\n").dropFirst().joined()
    return try temporaryFile(Array(steps.utf8), name: "steps.script")
  }

  @Test("every state the examples' scripts print holds to the schema")
  func examples() throws {
    let validator = try Self.validator()
    let runs: [[String]] = [
      ["Examples/shop/index.json", "--script", "Examples/shop/index.script"],
      [
        "Examples/login/index.json", "--mocks", "Examples/login/mocks.json", "--script",
        try Self.steps(of: "Examples/login/flow.scenario"),
      ],
      [
        "Examples/navigation/index.json", "--script",
        try Self.steps(of: "Examples/navigation/flow.scenario"),
      ],
      [
        "Examples/profile/index.json", "--script",
        try Self.steps(of: "Examples/profile/flow.scenario"),
      ],
      [
        "Examples/catalog/index.json", "--script",
        try Self.steps(of: "Examples/catalog/flow.scenario"),
      ],
      ["Examples/broken/index.json"],
      ["Examples/signup/index.json", "--profile", "web"],
      ["Examples/shop/products.json", "--explain"],
    ]
    var seen: Set<String> = []
    for arguments in runs {
      let states = try Self.states(arguments + ["--format", "json"])
      #expect(!states.isEmpty, "\(arguments)")
      for (index, state) in states.enumerated() {
        #expect(validator.problems(in: state) == [], "\(arguments[0]) state \(index)")
        for key in ["dialog", "screen", "navigationBar"] where state[key]?.isNull == false {
          seen.insert(key)
        }
        if state["navigation"]?["event"]?["transition"]?.isNull == false {
          seen.insert("transition")
        }
        for name in ["actions", "requests", "analytics", "log"]
        where state[name]?.arrayValue?.isEmpty == false {
          seen.insert(name)
        }
        if state["log"]?.arrayValue?.contains(where: { $0["line"] != nil }) == true {
          seen.insert("located log")
        }
        if state["bindings"]?.arrayValue?.contains(where: { $0["items"] != nil }) == true {
          seen.insert("bindings in list items")
        }
      }
    }
    // The runs cover every optional part of a state, so the schema is checked on each.
    #expect(
      seen == [
        "dialog", "screen", "navigationBar", "transition", "actions", "requests", "analytics",
        "log", "located log", "bindings in list items",
      ])
  }

  @Test("every JSON state recorded in the examples' goldens holds to the schema")
  func goldens() throws {
    let validator = try Self.validator()
    let folder = repositoryRoot.appendingPathComponent("Examples")
    let files =
      FileManager.default.enumerator(atPath: folder.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".expected") }.sorted() ?? []
    var count = 0
    for file in files {
      // A navigation graph (`command: graph` scenarios) is not a state either.
      let scenario = String(file.dropLast(".expected".count)) + ".scenario"
      let header = try? String(contentsOf: folder.appendingPathComponent(scenario), encoding: .utf8)
      if header?.split(separator: "\n").contains("command: graph") == true { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("{") {
        let value = try JSONValue(parsing: String(line))
        // A comparison of profiles (`profiles:` scenarios) is not a state.
        if value["differingSteps"] != nil { continue }
        count += 1
        #expect(validator.problems(in: value) == [], "\(file)")
      }
    }
    #expect(count >= 5)
  }

  @Test("an executed action is data: event, action, summary, known, at and evaluated fields")
  func actionRecord() throws {
    let states = try Self.states([
      "Examples/login/index.json", "--format", "json", "--step", #"type #password "s3cret""#,
    ])
    #expect(
      states.last?["actions"]
        == [
          [
            "event": "onChange", "action": "beagle:setContext",
            "summary": #"setContext login.password = "s3cret""#, "known": true,
            "at": "/child/children/1/onChange/0",
            "fields": ["contextId": "login", "path": "password", "value": "s3cret"],
          ]
        ])
  }

  @Test(
    "the validator finds what breaks the schema",
    arguments: [
      (
        #"{"step":0,"event":"load /","actions":["onPress → pushView /cart"]}"#,
        [
          "/: missing required member 'navigation'", "/: missing required member 'navigationBar'",
          "/: missing required member 'screen'", "/: missing required member 'contexts'",
          "/: missing required member 'dialog'", "/: missing required member 'requests'",
          "/: missing required member 'externalURLs'", "/: missing required member 'analytics'",
          "/: missing required member 'log'", "/actions/0: expected object, found string",
        ]
      ),
      (
        #"{"step":-1,"event":"x","actions":[],"navigation":{"stacks":[],"event":null},"#
          + #""navigationBar":null,"screen":null,"contexts":[],"dialog":{"type":"sheet","#
          + #""title":null,"message":"","buttons":[]},"requests":[],"externalURLs":[],"#
          + #""analytics":[],"log":[],"extra":1}"#,
        [
          "/step: -1 is less than 0",
          "/dialog/type: \"sheet\" is not one of the allowed values",
          "/: unexpected member 'extra'",
        ]
      ),
    ])
  func validatorProblems(state: String, expected: [String]) throws {
    #expect(try Self.validator().problems(in: JSONValue(parsing: state)) == expected)
  }

  @Test("a schema keyword the validator does not check is refused")
  func unsupportedKeyword() {
    #expect(throws: SchemaValidator.SchemaError.unsupportedKeyword("pattern", at: "/properties/a"))
    {
      try SchemaValidator(schema: ["properties": ["a": ["pattern": "^x"]]])
    }
  }
}
