import BeagleCLI
import Foundation
import Testing

@Suite struct ReferenceCommandTests {
  @Test("components lists each built-in with its fields, kinds and required marks")
  func components() {
    let outcome = beagleRun("components")
    #expect(outcome.code == 0)
    #expect(outcome.errors == "")
    #expect(
      outcome.output.contains(
        """
        beagle:text
          text           string, required, @{…}
          styleId        string
          alignment      LEFT|RIGHT|CENTER, @{…}
          textColor      string, @{…}
          id             string
          style          style object (below)
          accessibility  accessibility object (below)

        """))
    #expect(outcome.output.contains("\nbeagle:listView\n  dataSource    "))
    #expect(outcome.output.contains("\n  templates                 templates [{case, view}]\n"))
    #expect(outcome.output.contains("\nstyle object\n  backgroundColor  string\n"))
  }

  @Test("actions lists each built-in action; a manifest's types are marked custom")
  func actions() {
    let outcome = beagleRun("actions", "--registry", "Examples/custom/beagle.json")
    #expect(outcome.code == 0)
    #expect(
      outcome.output.contains(
        """
        beagle:setContext
          contextId  string, required
          path       string
          value      any, required, @{…}
          analytics  boolean or {attributes, additionalEntries}

        """))
    #expect(
      outcome.output.contains(
        "\ncustom:track (custom)\n  event       string, required, @{…}\n  properties  object, @{…}\n"
      ))
  }

  @Test("without --registry, the beagle.json of the working directory adds its custom types")
  func manifestInFolder() {
    let tool = CommandLineTool(
      environment: .init(
        workingDirectory: repositoryRoot.appendingPathComponent("Examples/custom").path))
    var output = ""
    let code = tool.run(["beagle-run", "components"], output: { output += $0 }, errors: { _ in })
    #expect(code == 0)
    #expect(output.contains("\ncustom:productCard (custom)\n  title  string, required, @{…}\n"))
  }

  @Test(
    "a manifest with errors: its valid custom types and the built-ins are listed, its errors go to stderr, exit 1",
    arguments: ["components", "actions"])
  func brokenManifest(verb: String) throws {
    let manifest = """
      {
        "components": {"custom:card": {"fields": {"title": "string"}}},
        "actions": {"custom:track": {"fields": {"event": "string"}}},
        "operations": {"full": "concat(@0"},
        "globl": {}
      }
      """
    let path = try temporaryFile(Array(manifest.utf8), name: "beagle.json")
    let folder = (path as NSString).deletingLastPathComponent
    let tool = CommandLineTool(environment: .init(workingDirectory: folder))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", verb], output: { output += $0 }, errors: { errors += $0 })
    #expect(code == 1)
    let custom = verb == "components" ? "custom:card" : "custom:track"
    let builtIn = verb == "components" ? "beagle:button" : "beagle:setContext"
    #expect(output.contains("\n\(custom) (custom)\n"))
    #expect(output.hasPrefix("beagle:") && output.contains("\(builtIn)\n"))
    #expect(
      errors == """
        beagle.json:4:26: error: operation 'full': expected ',' or ')' but found the end of the expression [manifest-invalid-operation]
          4 |   "operations": {"full": "concat(@0"},
            |                          ^
        note: at /operations/full
        beagle.json:5:12: error: unknown manifest key 'globl'; did you mean 'global'? [manifest-unknown-key]
          5 |   "globl": {}
            |            ^
        note: at /globl

        """)
  }

  @Test("--format json prints one object per type")
  func json() {
    let outcome = beagleRun("actions", "--format", "json")
    let lines = outcome.output.split(separator: "\n")
    #expect(
      lines.first
        == #"{"type":"beagle:addChildren","custom":false,"deprecated":null,"fields":[{"name":"componentId","kind":"string","required":true,"expression":false,"deprecated":null},{"name":"value","kind":"componentsOrExpression","required":true,"expression":true,"deprecated":null},{"name":"mode","kind":"enumeration","required":false,"expression":false,"deprecated":null,"values":["APPEND","PREPEND","REPLACE"]},{"name":"analytics","kind":"analytics","required":false,"expression":false,"deprecated":null}]}"#
    )
    #expect(lines.count == 19)
  }
}
