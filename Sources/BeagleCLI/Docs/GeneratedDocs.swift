import BeagleRuntime
import Foundation

/// The documents, or parts of documents, written from beagle-run's tables rather than
/// by hand: the command-line reference, the components and actions reference and the
/// manual page. `GeneratedDocsTests` compares them with the files and rewrites them
/// when asked (``command``), so they cannot drift from what the parser reads.
enum GeneratedDocs {
  /// The one command that rewrites every generated document.
  static let command = "BEAGLE_RUN_UPDATE_DOCS=1 swift test --filter GeneratedDocsTests"

  /// A generated file, by its path from the repository root.
  struct File: Sendable {
    var path: String
    /// The whole file, or nil when only the blocks between markers are generated.
    var whole: (@Sendable () -> String)?
    /// The marked blocks: `<!-- generated: NAME -->` … `<!-- end of generated: NAME -->`.
    var blocks: [(name: String, text: @Sendable () -> String)] = []
  }

  static let files: [File] = [
    File(
      path: "docs/cli.md", whole: nil,
      blocks: [
        ("help", { CommandLineReference.help }),
        ("verbs", { CommandLineReference.verbs }),
        ("options", { CommandLineReference.options }),
        ("steps", { CommandLineReference.steps }),
      ]),
    File(
      path: "docs/reference.md", whole: nil,
      blocks: [
        ("components", { reference(.components) }),
        ("actions", { reference(.actions) }),
      ]),
    File(path: "docs/beagle-run.1", whole: { ManualPage.text }),
  ]

  /// `beagle-run components` or `beagle-run actions` of the built-in registry.
  static func reference(_ kind: ReferenceCommand.Kind) -> String {
    var text = ""
    _ = ReferenceCommand(kind: kind, registry: .builtIn, format: .text).execute {
      text += $0
    }
    return "```text\n" + text + "```"
  }

  /// `current` with `file`'s generated parts written anew, and the names of blocks
  /// whose markers it lacks.
  static func regenerate(_ file: File, current: String) -> (text: String, missing: [String]) {
    if let whole = file.whole { return (whole(), []) }
    var text = current
    var missing: [String] = []
    for block in file.blocks {
      let start = "<!-- generated: \(block.name) -->\n"
      let end = "<!-- end of generated: \(block.name) -->"
      guard let opening = text.range(of: start),
        let closing = text.range(of: end, range: opening.upperBound..<text.endIndex)
      else {
        missing.append(block.name)
        continue
      }
      text.replaceSubrange(opening.upperBound..<closing.lowerBound, with: block.text() + "\n")
    }
    return (text, missing)
  }
}
