import BeagleHTTP

/// What is wrong in a mock file (`--mocks FILE`) or the manifest's `mocks`.
///
/// The data is in the cases; ``description`` holds the wording: lowercase, user
/// values in single quotes, no final period. Diagnostics add the file,
/// line:column and JSON Pointer.
public enum MockError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The mocks are not an array; `found` describes what they are.
  case notAnArray(found: String)
  /// A mock that is not an object.
  case notAnObject(found: String)
  /// A mock without `url`.
  case missingURL
  /// A key a mock does not define, with a likely intended one.
  case unknownKey(String, suggestion: String?)
  /// A field holding the wrong JSON type or an out-of-range value.
  case wrongType(field: String, expected: String, found: String)
  /// A `method` that is not one of iOS's upper-case names.
  case invalidMethod(String)
  /// An empty URL pattern.
  case emptyPattern
  /// A pattern that is neither a path nor an absolute http(s) URL.
  case relativePattern(String)
  /// A pattern with a `#fragment`.
  case patternFragment(String)
  /// A `*` that is only part of a segment (`/a*`).
  case partialWildcard(String)
  /// A `:` segment without a name.
  case unnamedParameter(String)

  /// The keys of a mock, in the order the README lists them.
  public static let keys = ["method", "url", "status", "headers", "body", "delay"]

  public var description: String {
    switch self {
    case .notAnArray(let found):
      "the mocks must be an array of objects such as "
        + #"{"method": "POST", "url": "/login", "status": 200, "body": {}}, found "#
        + found
    case .notAnObject(let found):
      "a mock must be an object with 'url' and optional 'method', 'status', 'headers', "
        + "'body' and 'delay', found \(found)"
    case .missingURL:
      "a mock needs 'url', the pattern of the urls it answers (as in \"/login\")"
    case .unknownKey(let key, let suggestion):
      "unknown key '\(key)' in a mock" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (keys: " + Self.keys.map { "'\($0)'" }.joined(separator: ", ") + ")"
    case .wrongType(let field, let expected, let found):
      "'\(field)' must be \(expected), found \(found)"
    case .invalidMethod(let name):
      "'method' cannot be '\(name)'; expected one of "
        + HTTPMethod.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    case .emptyPattern:
      "the url pattern is empty"
    case .relativePattern(let text):
      "url pattern '\(text)' must be a path starting with '/' or an absolute http(s) url"
    case .patternFragment(let text):
      "url pattern '\(text)' has a fragment ('#'), which requests never send"
    case .partialWildcard(let text):
      "'*' must be a whole segment in url pattern '\(text)' (as in /products/*)"
    case .unnamedParameter(let text):
      "':' must be followed by a name in url pattern '\(text)' (as in /users/:id)"
    }
  }
}
