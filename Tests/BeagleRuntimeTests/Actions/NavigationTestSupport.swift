import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A view client serving screens written as JSON text, by URL.
func screenServer(_ screens: [String: String]) -> StubViewClient {
  StubViewClient(
    screens.mapValues { text in
      .success(FetchedScreen(bytes: Array(text.utf8), url: "", source: "bff"))
    })
}

/// A screen component with `identifier`, a navigation bar titled `title`, and a
/// text per binding.
func screenJSON(_ identifier: String, texts: [String] = []) -> String {
  let children = texts.map { #"{"_beagleComponent_": "beagle:text", "text": "\#($0)"}"# }
  return """
    {"_beagleComponent_": "beagle:screenComponent", "identifier": "\(identifier)",
     "navigationBar": {"title": "\(identifier)"},
     "child": {"_beagleComponent_": "beagle:container", "children": [\(children.joined(separator: ","))]}}
    """
}

/// Runs one `action` step written as JSON on the top screen.
@discardableResult
func act(_ session: inout Session, _ json: String) throws -> StepOutcome {
  session.perform(.action(try JSONValue(parsing: json)))
}

/// The texts the top screen shows now.
func shown(_ session: Session) -> [String] {
  var copy = session
  return texts(&copy)
}

/// The routes of every stack of a session, bottom first.
func routes(_ session: Session) -> [[String]] { session.stacks.map { $0.map(\.route) } }

/// A temporary folder holding `files` (relative path → text); removed by the caller.
func temporaryFolder(_ files: [String: String]) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "beagle-run-\(UUID().uuidString)")
  for (path, text) in files {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
  return folder
}
