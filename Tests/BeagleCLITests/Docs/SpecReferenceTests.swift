import Foundation
import Testing

/// Every `§` in the sources, tests, examples, benchmarks, fuzz targets, README,
/// CHANGELOG and the manual (docs/) names a section that `docs/spec.md` has.
@Suite struct SpecReferenceTests {
  static let scannedFolders = ["Sources", "Tests", "Examples", "Benchmarks", "Fuzz"]
  static let scannedFiles = ["README.md", "CHANGELOG.md"]

  static func spec() throws -> SpecSections {
    SpecSections(
      markdown: try String(
        contentsOf: repositoryRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8))
  }

  @Test("docs/spec.md numbers its headings and the items of §10 and §11")
  func sections() throws {
    let spec = try Self.spec()
    for number in ["0", "1", "1.4", "2.19", "3.5", "4.6", "6.1", "9.1", "10", "10.1", "10.25"] {
      #expect(spec.contains(number), "§\(number)")
    }
    for number in ["11.7", "12"] { #expect(spec.contains(number), "§\(number)") }
    // Section 10 has 25 items, section 3 no list items of its own, and there is no 13.
    for number in ["10.26", "3.6", "13", "2.20", "5.6.2"] {
      #expect(!spec.contains(number), "§\(number)")
    }
  }

  @Test("subsections hide a section's list items; code blocks are not headings")
  func parsing() {
    let spec = SpecSections(
      markdown: """
        ## 1. One
        1. an item of a section with subsections
        ### 1.1 Sub
        ## 2. Two
        1. first
        2. second
        ```
        ## 3. In a code block
        ```
        #### Route
        """)
    #expect(spec.numbers == ["1", "1.1", "2", "2.1", "2.2"])
  }

  @Test("references are read with their ranges, and RFC sections are skipped")
  func references() {
    let mark = "§"
    let text = """
      /// iOS rules (spec \(mark)4.5, \(mark)7.1) and \(mark)10.2–3.
      rule: web decoding leniency (spec \(mark)10.2–3)
      an HTTP token (RFC 9110 \(mark)5.6.2); spec \(mark)5.2–\(mark)5.4 and \(mark)9.1's table.
      """
    let found = SpecReference.all(in: text, file: "f").map(\.description)
    #expect(
      found == [
        "f:1: §4.5", "f:1: §7.1", "f:1: §10.2", "f:1: §10.3", "f:2: §10.2", "f:2: §10.3",
        "f:3: §5.2", "f:3: §5.4", "f:3: §9.1",
      ])
  }

  @Test("a reference to a section docs/spec.md lacks is reported")
  func missingIsReported() throws {
    let spec = try Self.spec()
    let mark = "§"
    let text = "/// as the spec says (\(mark)4.2, \(mark)4.9, \(mark)10.30)"
    let missing = SpecReference.all(in: text, file: "Sources/X.swift")
      .filter { !spec.contains($0.section) }
    #expect(
      missing.map(\.description) == [
        "Sources/X.swift:1: \(mark)4.9", "Sources/X.swift:1: \(mark)10.30",
      ])
  }

  @Test("every § reference in the repository names a section of docs/spec.md")
  func repositoryReferences() throws {
    let spec = try Self.spec()
    var references: [SpecReference] = []
    for file in try Self.scannedPaths() {
      guard
        let text = try? String(
          contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
      else { continue }
      references += SpecReference.all(in: text, file: file)
    }
    // The scan finds the references this suite knows are there.
    #expect(references.count > 100)
    #expect(references.contains { $0.file == "docs/platforms.md" && $0.section == "10.15" })
    let missing = references.filter { !spec.contains($0.section) }
    #expect(missing.map(\.description) == [])
  }

  /// Text files under the scanned folders (not `.build`), and the scanned files.
  static func scannedPaths() throws -> [String] {
    var paths = scannedFiles
    let manager = FileManager.default
    // The manual, but the spec itself.
    let manual = try manager.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("docs").path)
    paths += manual.filter { $0.hasSuffix(".md") && $0 != "spec.md" }.map { "docs/" + $0 }
    for folder in scannedFolders {
      let base = repositoryRoot.appendingPathComponent(folder)
      guard
        let walker = manager.enumerator(
          at: base, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker {
        if url.lastPathComponent == ".build" {
          walker.skipDescendants()
          continue
        }
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true
        else { continue }
        let relative = String(
          url.standardizedFileURL.path.dropFirst(
            repositoryRoot.standardizedFileURL.path.count + 1))
        paths.append(relative)
      }
    }
    return paths.sorted()
  }
}
