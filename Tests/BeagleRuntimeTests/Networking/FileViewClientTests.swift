import BeagleExpressions
import Foundation
import Testing

@testable import BeagleRuntime

/// A temporary BFF folder with screens, a sibling folder outside it, and symbolic
/// links pointing in and out. Removed by ``remove()``.
struct TemporaryBFF {
  let base: String
  var root: String { base + "/bff" }
  var outside: String { base + "/outside" }

  init() throws {
    base = FileManager.default.temporaryDirectory.path + "/beagle-run-nav-" + UUID().uuidString
    let files: [(String, String)] = [
      ("bff/index.json", #"{"screen":"index"}"#),
      ("bff/a/b.json", #"{"screen":"a/b"}"#),
      ("bff/a/b/index.json", #"{"screen":"a/b/index"}"#),
      ("bff/c/index.json", #"{"screen":"c/index"}"#),
      ("bff/user/Name Of User.json", #"{"screen":"user"}"#),
      ("bff/dir.json/index.json", #"{"screen":"dir.json/index"}"#),
      ("outside/secret.json", #"{"secret":true}"#),
    ]
    let manager = FileManager.default
    for (path, text) in files {
      let full = base + "/" + path
      try manager.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    try manager.createSymbolicLink(
      atPath: base + "/bff/link.json", withDestinationPath: "../outside/secret.json")
    try manager.createSymbolicLink(atPath: base + "/bff/linkdir", withDestinationPath: outside)
    try manager.createSymbolicLink(
      atPath: base + "/bff/alias.json", withDestinationPath: "a/b.json")
    try manager.createSymbolicLink(
      atPath: base + "/bff/dangling.json", withDestinationPath: "nowhere.json")
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: base)
  }
}

private func realPath(_ path: String) -> String {
  URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}

@Suite struct FileViewClientTests {
  @Test(
    "a URL maps to a file under the root",
    arguments: [
      ("/", "index.json", #"{"screen":"index"}"#),
      ("/a/b", "a/b.json", #"{"screen":"a/b"}"#),
      ("/a/b?tab=2#top", "a/b.json", #"{"screen":"a/b"}"#),
      ("/a/b/", "a/b.json", #"{"screen":"a/b"}"#),
      ("a/b", "a/b.json", #"{"screen":"a/b"}"#),
      ("/./a//b", "a/b.json", #"{"screen":"a/b"}"#),
      ("/c", "c/index.json", #"{"screen":"c/index"}"#),
      ("/a/b.json", "a/b.json", #"{"screen":"a/b"}"#),
      ("/user/Name%20Of%20User", "user/Name Of User.json", #"{"screen":"user"}"#),
      ("/alias", "alias.json", #"{"screen":"a/b"}"#),
      ("?x=1", "index.json", #"{"screen":"index"}"#),
    ])
  func found(_ url: String, _ file: String, _ body: String) throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    let result = FileViewClient(root: bff.root).fetch(ScreenRequest(url: url))
    let screen = try result.get()
    #expect(screen.source == bff.root + "/" + file)
    #expect(screen.bytes == Array(body.utf8))
    #expect(screen.url == url)
    #expect(screen.status == nil)
    #expect(screen.contentType == nil)
  }

  @Test(
    "URLs that would leave the root are refused",
    arguments: [
      ("/../outside/secret", NavigationError.parentDirectorySegment(url: "/../outside/secret")),
      ("/a/../../outside/secret", .parentDirectorySegment(url: "/a/../../outside/secret")),
      ("../outside/secret", .parentDirectorySegment(url: "../outside/secret")),
      ("/%2e%2e/outside/secret", .encodedTraversal(url: "/%2e%2e/outside/secret")),
      ("/%2E%2E%2Foutside%2Fsecret", .encodedTraversal(url: "/%2E%2E%2Foutside%2Fsecret")),
      ("/.%2e/outside/secret", .encodedTraversal(url: "/.%2e/outside/secret")),
      ("/a%2f..%2f..%2foutside", .encodedTraversal(url: "/a%2f..%2f..%2foutside")),
      ("/a%00b", .encodedTraversal(url: "/a%00b")),
      ("http://example.com/a", .absoluteURL(url: "http://example.com/a", scheme: "http")),
      ("HTTPS://example.com/a", .absoluteURL(url: "HTTPS://example.com/a", scheme: "HTTPS")),
      ("file:///etc/passwd", .absoluteURL(url: "file:///etc/passwd", scheme: "file")),
    ])
  func refused(_ url: String, _ expected: NavigationError) throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    #expect(throws: expected) {
      try FileViewClient(root: bff.root).fetch(ScreenRequest(url: url)).get()
    }
  }

  @Test(
    "symbolic links that resolve outside the root are refused",
    arguments: [
      ("/link", "outside/secret.json"), ("/linkdir/secret", "outside/secret.json"),
    ])
  func symlinkOut(_ url: String, _ target: String) throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    let resolved = realPath(bff.base + "/" + target)
    #expect(throws: NavigationError.outsideRoot(url: url, resolved: resolved)) {
      try FileViewClient(root: bff.root).fetch(ScreenRequest(url: url)).get()
    }
  }

  @Test("a missing screen names both candidate files")
  func missing() throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    let client = FileViewClient(root: bff.root)
    let expected = NavigationError.screenNotFound(
      url: "/shop/cart", root: bff.root, candidates: ["shop/cart.json", "shop/cart/index.json"])
    #expect(throws: expected) { try client.fetch(ScreenRequest(url: "/shop/cart")).get() }
    #expect(
      expected.description
        == "no screen for '/shop/cart' in '\(bff.root)': tried 'shop/cart.json' and"
        + " 'shop/cart/index.json'")
    // A dangling link and a directory named like a file count as missing.
    #expect(
      throws: NavigationError.screenNotFound(
        url: "/dangling", root: bff.root, candidates: ["dangling.json", "dangling/index.json"])
    ) {
      try client.fetch(ScreenRequest(url: "/dangling")).get()
    }
    #expect(
      throws: NavigationError.screenNotFound(
        url: "/dir.json", root: bff.root, candidates: ["dir.json"])
    ) {
      try client.fetch(ScreenRequest(url: "/dir.json")).get()
    }
  }

  @Test("a root that does not exist is an error")
  func missingRoot() {
    let root = "/nonexistent-beagle-run-" + UUID().uuidString
    #expect(
      throws: NavigationError.unreadableFile(path: root, reason: "the bff folder does not exist")
    ) {
      try FileViewClient(root: root).fetch(ScreenRequest(url: "/")).get()
    }
  }

  @Test(
    "error messages",
    arguments: [
      (
        NavigationError.parentDirectorySegment(url: "/../x"),
        "url '/../x' has a '..' segment; screens are only read inside the bff folder"
      ),
      (
        .encodedTraversal(url: "/%2e%2e/x"),
        "url '/%2e%2e/x' has a percent-encoded '..', '/' or NUL in a segment;"
          + " screens are only read inside the bff folder"
      ),
      (
        .absoluteURL(url: "https://bff.example/home", scheme: "https"),
        "url 'https://bff.example/home' is absolute; use \(setting: .baseURL) to fetch http urls instead of"
          + " the bff folder"
      ),
      (
        .absoluteURL(url: "file:///etc/passwd", scheme: "file"),
        "url 'file:///etc/passwd' has the scheme 'file'; only paths inside the bff folder can be read"
      ),
      (
        .outsideRoot(url: "/link", resolved: "/tmp/outside/secret.json"),
        "url '/link' resolves to '/tmp/outside/secret.json', outside the bff folder"
      ),
    ])
  func messages(_ error: NavigationError, _ message: String) {
    #expect(error.description == message)
  }
}
