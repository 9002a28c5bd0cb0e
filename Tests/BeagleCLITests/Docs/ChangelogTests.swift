import Foundation
import Testing

@testable import BeagleCLI

/// CHANGELOG.md is in released versions, the newest being the one `--version` prints.
@Suite struct ChangelogTests {
  @Test("Unreleased comes first, then the version --version prints, then older ones")
  func versions() throws {
    let changelog = try String(
      contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
      .map { String($0.dropFirst(3)) }
    #expect(headings.first == "Unreleased")
    let versions = headings.dropFirst().map { String($0.prefix { $0 != " " }) }
    #expect(versions.first == Help.version, "CHANGELOG's newest version is not --version's")
    let numbers = versions.map { $0.split(separator: ".").compactMap { Int($0) } }
    for number in numbers { #expect(number.count == 3, "\(number)") }
    #expect(numbers == numbers.sorted { $0.lexicographicallyPrecedes($1) }.reversed())
    #expect(versions.last == "0.1.0")
  }
}
