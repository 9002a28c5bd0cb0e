import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `beagle-run serve` in a real browser (headless Chromium), checked by the DOM
/// a user would see, after DOM clicks and keystrokes the page performs itself.
/// Every load also checks that the page logged nothing on the console, had
/// nothing refused by its Content-Security-Policy, and requested nothing but its
/// own server.
@Suite(.enabled(if: Chromium.path != nil, Chromium.skipReason), .serialized)
struct ServeBrowserTests {
  /// Loads the served page with `play` lines and checks what every load must hold.
  static func load(_ served: ServedPreview, play: [String] = []) throws -> Chromium.Page {
    let page = try Chromium.load(served.url + (play.isEmpty ? "" : Chromium.playQuery(play)))
    #expect(page.console == [], "console: \(page.console)")
    #expect(
      page.dom.contains("<pre id=\"page-errors\" hidden=\"\"></pre>"), "page errors: \(page.dom)")
    #expect(!page.requests.isEmpty)
    let foreign = page.requests.filter { !$0.hasPrefix(served.url) }
    #expect(foreign == [], "requests leaving the server: \(foreign)")
    if !play.isEmpty {
      #expect(
        page.dom.contains("<output id=\"play-result\">played \(play.count)</output>"), "\(page.dom)"
      )
    }
    return page
  }

  static func id(_ id: String) -> String { "[data-beagle-id=\"\(id)\"]" }

  @Test("a click changes a context and the text bound to it; typing runs onFocus and onChange")
  func clickAndType() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let served = try ServedPreview(["index.json", "--port", "0"], in: fixture.folder)
    let page = try Self.load(
      served,
      play: ["click|\(Self.id("inc"))", "click|\(Self.id("inc"))", "type|\(Self.id("name"))|Ana"])
    #expect(page.dom.contains("<dd data-preview-context=\"count\">2</dd>"))
    #expect(page.dom.contains(">Count: 2</"))
    #expect(page.dom.contains(">Focused with '', typed 'Ana'</"))
    #expect(
      page.dom.contains(
        #"<ol data-preview-events=""><li>tap #inc</li><li>tap #inc</li><li>tap #name</li><li>type #name "A"</li><li>type #name "An"</li><li>type #name "Ana"</li></ol>"#
      ))
    #expect(served.stop(SIGINT) == 130)
  }

  @Test("navigation and back; a dialog's choice; an XSS payload stays text")
  func navigation() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let served = try ServedPreview(["index.json", "--port", "0"], in: fixture.folder)
    let pushed = try Self.load(served, play: ["click|\(Self.id("next"))"])
    #expect(pushed.dom.contains("<span class=\"b-title\">Second</span>"))
    #expect(pushed.dom.contains("<span class=\"b-back\">‹ Counter</span>"))
    // The payload is text: no element came out of it.
    #expect(
      pushed.dom.contains(
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=\"http://example.invalid/x.png\" onerror=\"alert(2)\"&gt;"
      ))
    #expect(!pushed.dom.contains("<img"))
    #expect(pushed.dom.components(separatedBy: "<script").count == 2)
    let back = try Self.load(
      served,
      play: [
        "click|#device .b-back", "click|\(Self.id("inc"))", "click|\(Self.id("ask"))",
        "click|#device .b-dialog-button",
      ])
    #expect(back.dom.contains("<span class=\"b-title\">Counter</span>"))
    #expect(back.dom.contains("<dd data-preview-context=\"count\">0</dd>"))
    #expect(!back.dom.contains("data-beagle-dialog"))
    let answered = try Self.load(
      served,
      play: [
        "click|\(Self.id("load"))", "fill|form[data-preview-respond] textarea|{\"visits\": 7}",
        "submit|form[data-preview-respond]",
      ])
    #expect(answered.dom.contains("<dd data-preview-context=\"count\">7</dd>"))
    #expect(answered.dom.contains("<li>respond #1 200 {\"visits\":7}</li>"))
    #expect(served.stop(SIGTERM) == 143)
  }

  @Test("an edit of the screen file reloads the page and replays the events")
  func reloadAfterEdit() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let served = try ServedPreview(["index.json", "--port", "0"], in: fixture.folder)
    _ = try Self.load(served, play: ["click|\(Self.id("inc"))"])
    let version = served.version() ?? 0
    try fixture.write(
      "index.json", PreviewFixture.counter.replacingOccurrences(of: "Count: ", with: "Total: "))
    #expect(served.waitForVersion(after: version))
    let page = try Self.load(served)
    #expect(page.dom.contains(">Total: 1</"))
    #expect(page.dom.contains("reloaded after a change on disk; 1 event replayed"))
    #expect(served.stop() == 130)
  }

  @Test("a scenario recorded by clicking passes under beagle-run test")
  func recordByClicking() throws {
    let fixture = try PreviewFixture()
    defer { fixture.remove() }
    let served = try ServedPreview(["index.json", "--port", "0"], in: fixture.folder)
    let page = try Self.load(
      served,
      play: [
        "click|\(Self.id("inc"))", "type|\(Self.id("name"))|Bo", "click|\(Self.id("next"))",
        "fill|#record-name|clicked", "click|#record-save",
      ])
    #expect(page.dom.contains("saved clicked.scenario (5 steps) and its golden clicked.expected"))
    #expect(served.stop() == 130)
    #expect(
      fixture.read("clicked.scenario")?.hasSuffix(
        "---\ntap #inc\ntap #name\ntype #name \"B\"\ntype #name \"Bo\"\ntap #next\n") == true)
    let test = try runProcess(["test", fixture.path("clicked.scenario")])
    #expect(test.code == 0, "\(test.output)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
