import BeagleCLI
import Foundation

/// A temporary folder of scenarios, screens and goldens for `beagle-run test`.
struct ScenarioFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-golden-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws {
    let url = URL(fileURLWithPath: path + "/" + name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: path + "/" + name).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }

  func remove(_ name: String) throws {
    try FileManager.default.removeItem(atPath: path + "/" + name)
  }

  /// Runs `beagle-run test ARGS…` in-process from this folder (paths in the
  /// report are relative to it).
  func test(
    _ arguments: String..., variables: [String: String] = [:], processorCount: Int = 2
  ) -> Outcome {
    test(arguments, variables: variables, processorCount: processorCount)
  }

  /// ``test(_:variables:processorCount:)`` with the arguments in an array.
  func test(
    _ arguments: [String], variables: [String: String] = [:], processorCount: Int = 2
  ) -> Outcome {
    let tool = CommandLineTool(
      environment: .init(
        variables: variables, workingDirectory: path, processorCount: processorCount))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "test"] + arguments, output: { output += $0 }, errors: { errors += $0 })
    return Outcome(code: code, output: output, errors: errors)
  }
}

/// A small screen: a title, a text bound to a context, a button that pushes `/next`
/// and one that changes the context.
let sampleScreen = """
  {
    "_beagleComponent_": "beagle:screenComponent",
    "navigationBar": {"title": "Home"},
    "context": {"id": "user", "value": {"name": "Ana"}},
    "child": {
      "_beagleComponent_": "beagle:container",
      "children": [
        {"_beagleComponent_": "beagle:text", "text": "Hello @{user.name}"},
        {"_beagleComponent_": "beagle:button", "text": "Next",
         "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/next"}}]},
        {"_beagleComponent_": "beagle:button", "text": "Rename",
         "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "user",
                      "path": "name", "value": "Bia"}]}
      ]
    }
  }

  """

let nextScreen = """
  {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Next"},
   "child": {"_beagleComponent_": "beagle:text", "text": "Second screen"}}

  """
