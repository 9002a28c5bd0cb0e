import BeagleHTTP
import BeagleJSON

/// The mocks of a run, in order: the first that matches a request answers it.
///
/// Read from a JSON array (`--mocks FILE`, or the manifest's `mocks`); every
/// problem is a diagnostic with the file, the byte offset and the JSON Pointer.
public struct MockSet: Sendable, Equatable {
  public var mocks: [RequestMock]

  public init(_ mocks: [RequestMock] = []) {
    self.mocks = mocks
  }

  public var isEmpty: Bool { mocks.isEmpty }

  /// The first mock that answers the request.
  ///
  /// - Parameters:
  ///   - written: the URL as the screen wrote it, evaluated and percent-encoded.
  ///   - built: the URL as requested (joined to the base URL).
  public func mock(for method: HTTPMethod, written: String, built: String) -> RequestMock? {
    mocks.first { $0.matches(method: method, written: written, built: built) }
  }

  /// The longest `delay` accepted, in milliseconds (an hour).
  public static let maximumDelay = 3_600_000

  /// Reads an array of mocks.
  ///
  /// - Parameters:
  ///   - node: the array.
  ///   - source: the file name for diagnostics; nil for the run's main input.
  ///   - pointer: where the array is in its file (`/mocks` in a manifest).
  /// - Returns: the mocks without errors, and the diagnostics (errors drop the mock).
  public static func parse(
    _ node: JSONNode, source: String?, pointer: JSONPointer = JSONPointer()
  ) -> (MockSet, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    func report(_ error: MockError, _ node: JSONNode, _ pointer: JSONPointer) {
      diagnostics.append(
        Diagnostic(
          .error, error.description, pointer: pointer, offset: node.offset, source: source,
          rule: RuleCatalog.invalidMocks))
    }
    guard node.kind == .array else {
      report(.notAnArray(found: describeValue(node.value)), node, pointer)
      return (MockSet(), diagnostics)
    }
    var mocks: [RequestMock] = []
    for (index, element) in node.elements.enumerated() {
      let mockPointer = pointer.appending(index)
      switch parseMock(element, pointer: mockPointer) {
      case .success(let mock): mocks.append(mock)
      case .failure(let failures):
        for failure in failures.list {
          diagnostics.append(
            Diagnostic(
              .error, failure.error.description, pointer: failure.pointer, offset: failure.offset,
              source: source, rule: RuleCatalog.invalidMocks))
        }
      }
    }
    return (MockSet(mocks), diagnostics)
  }

  private struct Failure: Error {
    var error: MockError
    /// Where to point: the value, or the key of an unknown key.
    var offset: Int
    var pointer: JSONPointer
  }

  private struct FailureList: Error {
    var list: [Failure]
    init(_ list: [Failure]) { self.list = list }
  }

  private static func parseMock(
    _ node: JSONNode, pointer: JSONPointer
  ) -> Result<RequestMock, FailureList> {
    var failures: [Failure] = []
    func fail(_ error: MockError, _ node: JSONNode, _ pointer: JSONPointer) {
      failures.append(Failure(error: error, offset: node.offset, pointer: pointer))
    }
    guard node.kind == .object else {
      fail(.notAnObject(found: describeValue(node.value)), node, pointer)
      return .failure(FailureList(failures))
    }
    var method: HTTPMethod?
    var pattern: URLPattern?
    var hasURL = false
    var status = 200
    var headers: [String: String] = [:]
    var body: JSONValue?
    var delay = 0
    for (key, member) in node.rawMembers {
      let value = member.node
      let fieldPointer = pointer.appending(key)
      switch key {
      case "method":
        guard let name = value.stringValue else {
          fail(
            .wrongType(field: key, expected: "a string", found: describeValue(value.value)),
            value, fieldPointer)
          continue
        }
        guard let parsed = HTTPMethod(rawValue: name) else {
          fail(.invalidMethod(name), value, fieldPointer)
          continue
        }
        method = parsed
      case "url":
        hasURL = true
        guard let text = value.stringValue else {
          fail(
            .wrongType(
              field: key, expected: "a string (a url pattern)", found: describeValue(value.value)),
            value, fieldPointer)
          continue
        }
        do {
          pattern = try URLPattern(parsing: text)
        } catch {
          fail(error, value, fieldPointer)
        }
      case "status":
        guard value.isIntegerLiteral, let code = value.value.intValue,
          HTTPStatus.validRange.contains(code)
        else {
          fail(
            .wrongType(
              field: key, expected: "a whole number from 100 to 599",
              found: describeValue(value.value)), value, fieldPointer)
          continue
        }
        status = code
      case "headers":
        guard value.kind == .object else {
          fail(
            .wrongType(
              field: key, expected: "an object of strings", found: describeValue(value.value)),
            value, fieldPointer)
          continue
        }
        for (name, header) in value.members {
          guard let text = header.stringValue else {
            fail(
              .wrongType(
                field: "headers.\(name)", expected: "a string", found: describeValue(header.value)
              ), header, fieldPointer.appending(name))
            continue
          }
          headers[name] = text
        }
      case "body":
        body = value.value
      case "delay":
        guard value.isIntegerLiteral, let milliseconds = value.value.intValue,
          (0...maximumDelay).contains(milliseconds)
        else {
          fail(
            .wrongType(
              field: key,
              expected: "a whole number of milliseconds from 0 to \(maximumDelay)",
              found: describeValue(value.value)), value, fieldPointer)
          continue
        }
        delay = milliseconds
      default:
        failures.append(
          Failure(
            error: .unknownKey(key, suggestion: Suggestion.closest(to: key, among: MockError.keys)),
            offset: member.keyOffset, pointer: fieldPointer))
      }
    }
    if !hasURL { fail(.missingURL, node, pointer) }
    guard failures.isEmpty, let pattern else { return .failure(FailureList(failures)) }
    return .success(
      RequestMock(
        method: method, url: pattern, status: status, headers: headers, body: body, delay: delay))
  }
}
