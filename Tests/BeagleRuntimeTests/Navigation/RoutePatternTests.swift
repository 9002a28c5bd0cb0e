import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct RoutePatternTests {
  @Test(
    "patterns match routes segment by segment; ':name' captures one non-empty segment",
    arguments: [
      ("/news/:id", "/news/42", ["id": "42"] as JSONObject?),
      ("/news/:id", "news/42", ["id": "42"]),
      ("/news/:id", "/news/42/", ["id": "42"]),
      ("/news/:id", "/news", nil),
      ("/news/:id", "/news/42/comments", nil),
      ("/news/:id", "/News/42", nil),
      ("/news/:id", "/news//", nil),
      ("/:section/:id", "/sports/7", ["section": "sports", "id": "7"]),
      ("profile", "profile", [:]),
      ("profile", "/profile", [:]),
      ("/profile/", "profile", [:]),
      ("profile", "profiles", nil),
      ("/", "/", [:]),
      ("/", "", [:]),
      ("/", "/a", nil),
      ("/news/:id", "/news/42?tab=1", ["id": "42?tab=1"]),
      ("/news/:id", "/news/a%20b", ["id": "a%20b"]),
      // A last '*' matches the rest of the route, none or more segments.
      ("/help/*", "/help/a/b", [:]),
      ("/help/*", "/help", [:]),
      ("/help/*", "/helpdesk", nil),
      ("/:lang/help/*", "/en/help/faq", ["lang": "en"]),
      ("*", "/anything/at/all", [:]),
      // Absolute URLs: scheme and host compared without regard to case, then the path.
      ("https://shop.example/news/:id", "https://shop.example/news/4", ["id": "4"]),
      ("https://shop.example/news/:id", "HTTPS://Shop.Example/news/4", ["id": "4"]),
      ("https://shop.example/news/:id", "https://other.example/news/4", nil),
      ("https://shop.example/news/:id", "/news/4", nil),
      ("/news/:id", "https://shop.example/news/4", nil),
      ("https://shop.example", "https://shop.example/", [:]),
      ("myapp://deals/*", "myapp://deals/today/1", [:]),
    ] as [(String, String, JSONObject?)])
  func matches(pattern: String, route: String, expected: JSONObject?) throws {
    #expect(try RoutePattern(parsing: pattern).match(route) == expected)
  }

  @Test(
    "patterns that cannot be used are errors saying why",
    arguments: [
      ("", "invalid route pattern '': a pattern cannot be empty; use '/' for the root"),
      ("/a//b", "invalid route pattern '/a//b': it has an empty segment ('//')"),
      (
        "/news/*/x",
        "invalid route pattern '/news/*/x': a wildcard ('*') must be the whole last segment ('/help/*')"
      ),
      (
        "/news/a*",
        "invalid route pattern '/news/a*': a wildcard ('*') must be the whole last segment ('/help/*')"
      ),
      (
        "https:///news",
        "invalid route pattern 'https:///news': an absolute URL needs a host ('scheme://host/…')"
      ),
      (
        "/news/:",
        "invalid route pattern '/news/:': parameter ':' needs a name of letters, digits and '_'"
      ),
      (
        "/news/:a-b",
        "invalid route pattern '/news/:a-b': parameter ':a-b' needs a name of letters, digits and '_'"
      ),
      ("/:id/x/:id", "invalid route pattern '/:id/x/:id': parameter ':id' appears twice"),
    ])
  func invalid(pattern: String, message: String) {
    #expect(throws: NavigationError.self) { try RoutePattern(parsing: pattern) }
    do {
      _ = try RoutePattern(parsing: pattern)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(
    "a literal beats a parameter at the first segment where they differ",
    arguments: [
      ("/news/latest", "/news/:id", true),
      ("/news/:id", "/news/latest", false),
      ("/news/:id", "/:section/latest", true),
      ("/:a/:b", "/:c/:d", false),
      ("/a/b", "/a/b", false),
      ("/help/:page", "/help/*", true),
      ("/help/*", "/help/:page", false),
      ("/help", "/help/*", true),
      ("/help/*", "/help", false),
      ("/help/faq/*", "/help/*", true),
    ])
  func specificity(left: String, right: String, isMoreSpecific: Bool) throws {
    #expect(
      try RoutePattern(parsing: left).isMoreSpecific(than: RoutePattern(parsing: right))
        == isMoreSpecific)
  }

  @Test("patterns have the same shape when they match exactly the same routes")
  func shape() throws {
    #expect(try RoutePattern(parsing: "/a/:x").hasSameShape(as: RoutePattern(parsing: "a/:y/")))
    #expect(try !RoutePattern(parsing: "/a/:x").hasSameShape(as: RoutePattern(parsing: "/a/b")))
    #expect(try RoutePattern(parsing: "/a/:x/:y").parameterNames == ["x", "y"])
    #expect(try RoutePattern(parsing: "/a/*").hasSameShape(as: RoutePattern(parsing: "a/*")))
    #expect(try !RoutePattern(parsing: "/a/*").hasSameShape(as: RoutePattern(parsing: "/a/:x")))
    #expect(
      try !RoutePattern(parsing: "https://a.example/x")
        .hasSameShape(as: RoutePattern(parsing: "/x")))
  }
}
