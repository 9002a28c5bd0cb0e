import BeagleExpressions
import BeagleRuntime
import Foundation
import Testing

@testable import BeagleCLI

@Suite struct DiagnosticPolicyTests {
  private let diagnostics = [
    Diagnostic(.note, "n"), Diagnostic(.warning, "w"), Diagnostic(.error, "e"),
  ]

  @Test("--strict raises warnings to errors and leaves notes and errors")
  func strict() {
    let raised = DiagnosticPolicy(isStrict: true).apply(diagnostics)
    #expect(raised.map(\.severity) == [.note, .error, .error])
    #expect(raised.map(\.message) == ["n", "w", "e"])
  }

  @Test("without --strict nothing changes")
  func lenient() {
    #expect(DiagnosticPolicy(isStrict: false).apply(diagnostics) == diagnostics)
  }

  @Test("every setting is spelled as an option of the table")
  func settingsAreOptions() {
    for setting in Setting.allCases {
      let spelling = OptionTable.spelling(of: setting)
      let name = String(spelling.prefix { $0 != " " })
      #expect(OptionTable.spec(named: name) != nil, "\(setting) is spelled '\(spelling)'")
    }
  }

  @Test("the libraries' messages name settings, never options (the command line spells them)")
  func noOptionsInLibraries() throws {
    let pattern = try NSRegularExpression(pattern: #""[^"]*--[a-z][a-z-]*"#)
    var found: [String] = []
    for library in ["BeagleJSON", "BeagleExpressions", "BeagleRuntime"] {
      let folder = repositoryRoot.appendingPathComponent("Sources/\(library)")
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
      for file in files ?? [] where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          let line = String(line)
          if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
            found.append("\(library)/\(file):\(number + 1)")
          }
        }
      }
    }
    #expect(found == [])
  }
}
