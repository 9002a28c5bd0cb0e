import Testing

@testable import BeagleRuntime

@Suite struct URLPatternTests {
  @Test(
    "patterns match paths as the screen wrote them, and absolute URLs by host",
    arguments: [
      // pattern, written (as the screen wrote it), built (with the base URL), matches
      ("/login", "/login", "/login", true),
      ("/login", "/login", "http://bff.test/api/login", true),
      ("/login", "/login?next=home", "/login?next=home", true),
      ("/login", "/login#top", "/login#top", true),
      ("/login", "/login/", "/login/", false),
      ("/login", "/Login", "/Login", false),
      ("/login", "/logout", "/logout", false),
      ("/login", "login", "login", false),
      ("/login", "https://other.test/login", "https://other.test/login", true),
      ("/users/:id", "/users/7", "/users/7", true),
      ("/users/:id", "/users", "/users", false),
      ("/users/:id", "/users/", "/users/", false),
      ("/users/:id/orders", "/users/7/orders", "/users/7/orders", true),
      ("/users/:id/orders", "/users/7/cart", "/users/7/cart", false),
      ("/products/*", "/products/a-1", "/products/a-1", true),
      ("/products/*", "/products/a-1/reviews", "/products/a-1/reviews", false),
      ("/*/*", "/a/b", "/a/b", true),
      ("/search?q=ball", "/search?q=ball", "/search?q=ball", true),
      ("/search?q=ball", "/search?page=2&q=ball", "/search?page=2&q=ball", true),
      ("/search?q=ball", "/search?q=bat", "/search?q=bat", false),
      ("/search?q=ball", "/search", "/search", false),
      ("/search?q", "/search?q=anything", "/search?q=anything", true),
      ("/search?q", "/search?page=1", "/search?page=1", false),
      ("/user/Name Of User", "/user/Name%20Of%20User", "/user/Name%20Of%20User", true),
      ("https://api.test/me", "/me", "https://api.test/me", true),
      ("https://API.test/me", "/me", "https://api.test/me", true),
      ("https://api.test/me", "/me", "http://api.test/me", false),
      ("https://api.test/me", "/me", "https://api.test:8443/me", false),
      ("https://api.test/me", "/me", "/me", false),
      ("https://api.test", "https://api.test", "https://api.test", true),
      ("https://api.test", "https://api.test/", "https://api.test/", true),
    ] as [(String, String, String, Bool)])
  func matching(pattern: String, written: String, built: String, matches: Bool) throws {
    #expect(try URLPattern(parsing: pattern).matches(written: written, built: built) == matches)
  }

  @Test(
    "malformed patterns are errors that say what to write",
    arguments: [
      ("", "the url pattern is empty"),
      ("login", "url pattern 'login' must be a path starting with '/' or an absolute http(s) url"),
      (
        "ftp://files.test/a",
        "url pattern 'ftp://files.test/a' must be a path starting with '/' or an absolute http(s) url"
      ),
      (
        "http://",
        "url pattern 'http://' must be a path starting with '/' or an absolute http(s) url"
      ),
      ("/a#b", "url pattern '/a#b' has a fragment ('#'), which requests never send"),
      (
        "/products/a*",
        "'*' must be a whole segment in url pattern '/products/a*' (as in /products/*)"
      ),
      ("/users/:", "':' must be followed by a name in url pattern '/users/:' (as in /users/:id)"),
    ] as [(String, String)])
  func errors(pattern: String, message: String) {
    #expect(throws: MockError.self) { try URLPattern(parsing: pattern) }
    do {
      _ = try URLPattern(parsing: pattern)
    } catch {
      #expect(error.description == message)
    }
  }
}
