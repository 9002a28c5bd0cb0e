import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleCLI

/// A command line's options that is not the verb the test expected.
struct UnexpectedVerb: Error {
  var verb: Verb
}

/// The options `arguments` give `run`.
func runOptions(_ arguments: [String]) throws -> RunOptions {
  let line = try ArgumentParser.parse(arguments)
  guard case .run(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
  return options
}

/// Each verb's options type holds what the ``OptionTable`` says the verb reads.
@Suite struct VerbOptionsTests {
  /// A valid value for every option of the table that takes one.
  static let sampleValues: [String: String] = [
    "--format": "json", "--registry": "beagle.json", "--assume": "a=1", "--global": "{}",
    "--context": "user={}", "--step": "tap \"Buy\"", "--script": "s.script", "--bff": "bff",
    "--base-url": "http://127.0.0.1:8080", "--mocks": "mocks.json", "--timeout": "3",
    "--http-budget": "9", "--max-body-bytes": "100", "--profile": "web", "--profiles": "ios,web",
    "--max-depth": "40", "--max-value-bytes": "1000", "--record": "all", "--junit": "r.xml",
    "--coverage-json": "c.json", "--scenario-timeout": "5", "--scenario-memory": "128",
    "--images": "remote", "--html": "r.html", "--ignore": "unknown-field", "--shard": "1/2",
    "--max-nodes": "1000",
    "--color": "never", "--port": "0",
  ]

  @Test(
    "a verb's options keep exactly the options the table lists for it", arguments: Verb.allCases)
  func tableAndTypesAgree(verb: Verb) throws {
    for spec in OptionTable.all where spec.name != "--help" && spec.name != "--version" {
      let sample = Self.sampleValues[spec.name] ?? ""
      #expect(spec.value == nil || !sample.isEmpty, "\(spec.name) has no sample value")
      let option = try #require(try OptionValue.read(spec.name, verb: verb) { sample })
      var options = VerbOptions(verb: verb)
      #expect(
        options.take(option) == spec.verbs.contains(verb),
        "\(verb.rawValue) \(spec.name): kept by its type, read per the table?")
    }
  }

  @Test("run's options: its groups and its own, filled from the command line")
  func run() throws {
    let options = try runOptions([
      "run", "screen.json", "--bff", "Examples/shop", "--base-url", "http://127.0.0.1:1",
      "--mocks", "m.json", "--registry", "beagle.json", "--global", "{\"a\":1}",
      "--profiles", "ios,web", "--timeout", "2.5", "--max-depth", "40",
      "--max-value-bytes", "500", "--format", "json", "--strict", "--step", "tap \"Buy\"",
      "--step", "back", "--script", "s.script", "--allow-outside-root",
    ])
    #expect(options.inputs == ["screen.json"])
    #expect(options.input.bffPath == "Examples/shop")
    #expect(options.input.baseURL == "http://127.0.0.1:1")
    #expect(options.input.mocksPath == "m.json")
    #expect(options.input.registryPath == "beagle.json")
    #expect(options.input.global == "{\"a\":1}")
    #expect(options.input.profile == nil)
    #expect(options.input.allowsOutsideRoot)
    #expect(options.comparedProfiles == [.ios, .web])
    #expect(options.httpLimits == HTTPLimitOptions(timeout: 2.5))
    #expect(options.valueLimits == ValueLimitOptions(maximumDepth: 40, maximumValueBytes: 500))
    #expect(options.valueLimits.valueLimits == ValueLimits(maximumBytes: 500, maximumDepth: 40))
    #expect(options.output == OutputOptions(format: .json, isStrict: true))
    #expect(options.steps == ["tap \"Buy\"", "back"])
    #expect(options.scriptPath == "s.script")
    #expect(!options.explains)
  }

  @Test("a screen alone is run with the defaults")
  func runDefaults() throws {
    let options = try runOptions(["Examples/shop/index.json"])
    #expect(options.inputs == ["Examples/shop/index.json"])
    #expect(options.output == OutputOptions(format: .text, isStrict: false))
    #expect(options.valueLimits.valueLimits == ValueLimits())
    #expect(options.comparedProfiles == nil)
  }

  @Test("a scenario's header (check, strict, registry) fills check's options")
  func check() throws {
    let line = try ArgumentParser.parse([
      "check", "a.json", "b.json", "--registry", "beagle.json", "--strict", "--profile", "android",
    ])
    guard case .check(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
    #expect(options.inputs == ["a.json", "b.json"])
    #expect(options.input.registryPath == "beagle.json")
    #expect(options.input.profile == .android)
    #expect(options.output.isStrict)
  }

  @Test("graph's options keep its assumptions in order and take dot")
  func graph() throws {
    let line = try ArgumentParser.parse([
      "graph", "index.json", "--assume", "a=1", "--assume", "b={\"c\":2}", "--format", "dot",
    ])
    guard case .graph(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
    #expect(options.assumptions.map(\.id) == ["a", "b"])
    #expect(options.assumptions.map(\.json) == ["1", "{\"c\":2}"])
    #expect(options.output.format == .dot)
  }

  @Test("eval's options: the expression, its contexts outermost first, the profile")
  func eval() throws {
    let line = try ArgumentParser.parse([
      "eval", "@{user.name}", "--context", "user={\"name\":\"Ana\"}", "--context", "x=1",
      "--profile", "web", "--max-depth", "9",
    ])
    guard case .eval(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
    #expect(options.expression == "@{user.name}")
    #expect(options.contexts.map(\.id) == ["user", "x"])
    #expect(options.contexts.map(\.json) == ["{\"name\":\"Ana\"}", "1"])
    #expect(options.profile == .web)
    #expect(options.valueLimits.maximumDepth == 9)
    #expect(options.registryPath == nil)
  }

  @Test("test's options: --coverage-json implies --coverage")
  func test() throws {
    let line = try ArgumentParser.parse([
      "test", "Examples/", "--record", "failed", "--junit", "r.xml", "--coverage-json", "c.json",
      "--scenario-timeout", "5", "--scenario-memory", "128", "--in-process",
    ])
    guard case .test(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
    #expect(options.inputs == ["Examples/"])
    #expect(options.recordMode == .failed)
    #expect(options.junitPath == "r.xml")
    #expect(options.coverageJSONPath == "c.json")
    #expect(options.showsCoverage)
    #expect(options.scenarioTimeout == 5)
    #expect(options.scenarioMemoryMegabytes == 128)
    #expect(options.isInProcess)
    #expect(!options.allowsOutsideRoot)
  }

  @Test("components and actions: a manifest and a format")
  func reference() throws {
    let line = try ArgumentParser.parse(["actions", "--registry", "m.json", "--format", "json"])
    guard case .actions(let options) = line.options else { throw UnexpectedVerb(verb: line.verb) }
    #expect(options == ReferenceOptions(registryPath: "m.json", format: .json))
  }
}
