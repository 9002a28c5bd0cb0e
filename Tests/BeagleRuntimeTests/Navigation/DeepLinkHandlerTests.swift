import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// A handler over `patterns` (each to `NAME.json`) in `folder`.
func deepLinks(_ patterns: [(String, String)], folder: String = ".") throws -> DeepLinkHandler {
  DeepLinkHandler(
    routes: try patterns.map {
      NativeRoute(pattern: try RoutePattern(parsing: $0.0), screen: $0.1)
    },
    folder: folder)
}

@Suite struct DeepLinkHandlerTests {
  @Test(
    "the most specific pattern wins; equally specific ones: the first declared",
    arguments: [
      ("/news/latest", "latest.json", ["/news/:id": "news.json", "/news/latest": "latest.json"]),
      ("/news/7", "news.json", ["/news/:id": "news.json", "/news/latest": "latest.json"]),
      (
        "/news/latest", "first.json",
        ["/news/:id": "first.json", "/:section/latest": "second.json"]
      ),
      ("/a/b", "one.json", ["/:x/:y": "one.json", "/:p/:q": "two.json"]),
      ("profile", "profile.json", ["profile": "profile.json", "/:page": "page.json"]),
      ("/help/faq", "faq.json", ["/help/*": "help.json", "/help/faq": "faq.json"]),
      ("/help/a/b", "help.json", ["/help/*": "help.json", "/help/:page": "page.json"]),
      ("/help/a", "page.json", ["/help/*": "help.json", "/help/:page": "page.json"]),
      (
        "https://shop.example/news/1", "web.json",
        ["/news/:id": "path.json", "https://shop.example/news/:id": "web.json"]
      ),
      (
        "/news/1", "path.json",
        ["https://shop.example/news/:id": "web.json", "/news/:id": "path.json"]
      ),
    ] as [(String, String, KeyValuePairs<String, String>)])
  func precedence(route: String, screen: String, table: KeyValuePairs<String, String>) throws {
    let handler = try deepLinks(table.map { ($0.key, $0.value) })
    #expect(try handler.resolve(route).get().route.screen == screen)
  }

  @Test("the match carries the path parameters in pattern order")
  func parameters() throws {
    let handler = try deepLinks([("/:section/news/:id", "news.json")])
    #expect(
      try handler.resolve("/sports/news/42").get().parameters == ["section": "sports", "id": "42"])
  }

  @Test(
    "an unregistered route lists the registered patterns and suggests the closest",
    arguments: [
      (
        "/newz/42",
        "no native route matches '/newz/42' (registered: '/news/:id', 'profile'); did you mean '/news/:id'?"
      ),
      (
        "/profil",
        "no native route matches '/profil' (registered: '/news/:id', 'profile'); did you mean 'profile'?"
      ),
      ("/settings", "no native route matches '/settings' (registered: '/news/:id', 'profile')"),
      (
        "/news/42/comments",
        "no native route matches '/news/42/comments' (registered: '/news/:id', 'profile')"
      ),
    ])
  func unregistered(route: String, message: String) throws {
    let handler = try deepLinks([("/news/:id", "news.json"), ("profile", "profile.json")])
    guard case .failure(let error) = handler.resolve(route) else {
      Issue.record("'\(route)' matched")
      return
    }
    #expect(error.description == message)
  }

  @Test("a very long route is answered at once, without a suggestion")
  func longRoute() throws {
    let handler = try deepLinks([("/news/:id", "news.json")])
    let route = "/newz/" + String(repeating: "x", count: 1_000_000)
    guard case .failure(.nativeRouteNotFound(_, _, let suggestion)) = handler.resolve(route) else {
      Issue.record("a route matched")
      return
    }
    #expect(suggestion == nil)
  }

  @Test("no native routes at all is its own error")
  func none() {
    let handler = DeepLinkHandler(routes: [], folder: ".")
    #expect(
      handler.resolve("/x")
        == .failure(.noNativeRoutes(route: "/x")))
    #expect(
      NavigationError.noNativeRoutes(route: "/x").description
        == "no native route matches '/x': the manifest declares no 'nativeRoutes'")
  }

  @Test("a screen file that is a symbolic link out of the folder is not read")
  func symlinkOut() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deeplink-\(UUID().uuidString)")
    let folder = base.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let secret = base.appendingPathComponent("secret.json")
    try Data(#"{"_beagleComponent_": "beagle:text", "text": "secret"}"#.utf8).write(to: secret)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("link.json"), withDestinationURL: secret)
    try Data(#"{"_beagleComponent_": "beagle:text", "text": "ok"}"#.utf8).write(
      to: folder.appendingPathComponent("ok.json"))
    let handler = try deepLinks([("/ok", "ok.json"), ("/link", "link.json")], folder: folder.path)
    #expect(try handler.load(handler.resolve("/ok").get()).get().bytes.count > 0)
    guard case .failure(.outsideRoot) = handler.load(try handler.resolve("/link").get()) else {
      Issue.record("a symbolic link out of the folder was read")
      return
    }
  }
}

@Suite struct NativeRoutesManifestTests {
  func parse(_ text: String) throws -> (Manifest, [Diagnostic]) {
    Manifest.parse(try JSONDocument(parsing: Array(text.utf8)), source: "beagle.json")
  }

  @Test("nativeRoutes keep their declaration order")
  func reads() throws {
    let (manifest, diagnostics) = try parse(
      #"{"nativeRoutes": {"/news/:id": "screens/news.json", "profile": "screens/profile.json"}}"#)
    #expect(diagnostics == [])
    #expect(manifest.nativeRoutes.map(\.pattern.text) == ["/news/:id", "profile"])
    #expect(manifest.nativeRoutes.map(\.screen) == ["screens/news.json", "screens/profile.json"])
  }

  @Test(
    "screen files must stay inside the manifest's folder; bad patterns and values are located errors",
    arguments: [
      (
        #"{"nativeRoutes": {"/a": "../secret.json"}}"#,
        "nativeRoutes: screen file '../secret.json' must be a relative path inside the manifest's folder",
        "/nativeRoutes/~1a"
      ),
      (
        #"{"nativeRoutes": {"/a": "screens/%2e%2e/%2e%2e/x.json"}}"#,
        "nativeRoutes: screen file 'screens/%2e%2e/%2e%2e/x.json' must be a relative path inside the manifest's folder",
        "/nativeRoutes/~1a"
      ),
      (
        #"{"nativeRoutes": {"/a": "/etc/passwd"}}"#,
        "nativeRoutes: screen file '/etc/passwd' must be a relative path inside the manifest's folder",
        "/nativeRoutes/~1a"
      ),
      (
        #"{"nativeRoutes": {"/a": "file:///etc/passwd"}}"#,
        "nativeRoutes: screen file 'file:///etc/passwd' must be a relative path inside the manifest's folder",
        "/nativeRoutes/~1a"
      ),
      (
        #"{"nativeRoutes": {"/a": 1}}"#,
        "nativeRoutes: the screen of '/a' must be a file path such as \"screens/news.json\"",
        "/nativeRoutes/~1a"
      ),
      (
        #"{"nativeRoutes": {"/a/*/b": "a.json"}}"#,
        "nativeRoutes: invalid route pattern '/a/*/b': a wildcard ('*') must be the whole last segment ('/help/*')",
        "/nativeRoutes/~1a~1*~1b"
      ),
      (
        #"{"nativeRoutes": ["/a"]}"#,
        "'nativeRoutes' must be an object mapping route patterns to screen files", "/nativeRoutes"
      ),
    ] as [(String, String, String)])
  func mistakes(text: String, message: String, pointer: String) throws {
    let (manifest, diagnostics) = try parse(text)
    #expect(diagnostics.map(\.message) == [message])
    #expect(diagnostics.first?.severity == .error)
    #expect(diagnostics.first?.pointer?.description == pointer)
    #expect(diagnostics.first?.source == "beagle.json")
    #expect(manifest.nativeRoutes.isEmpty)
  }

  @Test("a pattern that repeats an earlier one's shape is a warning: the earlier one wins")
  func repeated() throws {
    let (manifest, diagnostics) = try parse(
      #"{"nativeRoutes": {"/profile": "a.json", "profile/": "b.json"}}"#)
    #expect(
      diagnostics.map(\.message) == [
        "nativeRoutes: 'profile/' matches the same routes as '/profile', declared before it, which always wins"
      ])
    #expect(diagnostics.first?.severity == .warning)
    #expect(manifest.nativeRoutes.count == 2)
  }
}
