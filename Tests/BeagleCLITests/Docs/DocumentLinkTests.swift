import Foundation
import Testing

/// Every relative link and anchor of README.md and docs/*.md leads somewhere.
@Suite struct DocumentLinkTests {
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
    return ["README.md", "CHANGELOG.md"]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func text(_ path: String) -> String? {
    try? String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the documents are found", arguments: ["README.md", "docs/guide.md", "docs/cli.md"])
  func found(path: String) {
    #expect(Self.documents.contains(path))
  }

  @Test("every relative link and anchor resolves", arguments: documents)
  func links(path: String) throws {
    let markdown = try #require(Self.text(path))
    let folder = (path as NSString).deletingLastPathComponent
    for link in MarkdownLinks(markdown: markdown).links {
      let target = link.target
      if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:")
      {
        continue
      }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let file = String(parts[0])
      let resolved =
        file.isEmpty ? path : (folder as NSString).appendingPathComponent(file)
      let standardized = (resolved as NSString).standardizingPath
      let exists = FileManager.default.fileExists(
        atPath: repositoryRoot.appendingPathComponent(standardized).path)
      #expect(exists, "\(path):\(link.line): '\(target)' names no file")
      guard exists, parts.count == 2, standardized.hasSuffix(".md") else { continue }
      let anchor = String(parts[1])
      let anchors = MarkdownLinks(markdown: Self.text(standardized) ?? "").anchors
      #expect(
        anchors.contains(anchor), "\(path):\(link.line): '\(target)' names no heading of it")
    }
  }

  @Test("anchors are GitHub's; links in code are not links")
  func parsing() {
    #expect(
      MarkdownLinks.slug("Porting a BFF between platforms: `--compare-profiles`")
        == "porting-a-bff-between-platforms---compare-profiles")
    #expect(
      MarkdownLinks.slug("Navigation, deep links and analytics")
        == "navigation-deep-links-and-analytics")
    let document = MarkdownLinks(
      markdown: "# A\n## A\nsee [b](b.md#x) and `[c](c.md)`\n```\n[d](d.md)\n# E\n```\n")
    #expect(document.anchors == ["a", "a-1"])
    #expect(document.links == [MarkdownLinks.Link(target: "b.md#x", line: 3)])
  }
}
