import BeagleHTTP
import BeagleJSON

/// A script of user steps (DESIGN.md): one step a line, `#` comments.
///
/// ```
/// tap "Browse products"      # a button's label, a text, a touchable's inner text
/// tap #checkout              # a component id
/// back
/// action {"_beagleAction_": "beagle:popView"}
/// choose "Ok"
/// respond 200 {"name": "Ana"}    # the oldest pending request
/// respond #2 404                   # request 2
/// respond GET /profile 200 {}      # the oldest pending GET /profile
/// expect text "Your cart"
/// expect stacks 1
/// ```
public struct Script: Sendable, Equatable {
  public var steps: [Line]

  /// One step and where it was written.
  public struct Line: Sendable, Equatable {
    public var step: ScriptStep
    /// 1-based line number in the script (or the `--step` index).
    public var line: Int
    /// The step as written, for the state's `event`.
    public var text: String
  }

  public init(steps: [Line]) { self.steps = steps }

  /// Parses a script; the first malformed line is an error with its line number.
  /// The JSON of `action`, `event` and `respond` steps is parsed with `jsonOptions`
  /// (`--max-depth`).
  public init(
    parsing text: String, firstLine: Int = 1,
    jsonOptions: JSONParser.Options = JSONParser.Options()
  ) throws(ScriptError) {
    var steps: [Line] = []
    // LF, CRLF or CR (a script saved on Windows), and a byte order mark first.
    for (offset, line) in TextLines.split(text).enumerated() {
      let number = firstLine + offset
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let step = try ScriptStep(parsing: String(trimmed), line: number, jsonOptions: jsonOptions)
      steps.append(Line(step: step, line: number, text: Self.stripComment(String(trimmed))))
    }
    self.steps = steps
  }

  /// The step without a trailing comment: ` # …` outside quotes (a `#` followed by a
  /// space or the end of the line, so `tap #id` keeps its target).
  static func stripComment(_ text: String) -> String {
    var inQuotes = false
    var escaped = false
    var end = text.endIndex
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        inQuotes.toggle()
      } else if character == "#", !inQuotes, index > text.startIndex,
        text[text.index(before: index)] == " ",
        text.index(after: index) == text.endIndex || text[text.index(after: index)] == " "
      {
        // `# comment` after a space; `#id` is a target.
        end = index
        break
      }
    }
    return String(text[..<end]).trimmingTrailingSpaces()
  }
}

/// What a step targets: `#id`, or a visible text.
public enum Target: Sendable, Equatable, CustomStringConvertible {
  case id(String)
  case text(String)

  /// Whether it is `#id` rather than a visible text.
  public var isID: Bool {
    if case .id = self { return true }
    return false
  }

  public var description: String {
    switch self {
    case .id(let id): "#\(id)"
    case .text(let text): "\"\(text)\""
    }
  }
}

/// One step of a script.
public enum ScriptStep: Sendable, Equatable {
  case tap(Target)
  /// `type TARGET "text"`: the text replaces a text input's content.
  case type(Target, String)
  /// `event TARGET NAME [JSON]`: fires any event, with an optional implicit value.
  case event(Target, name: String, value: JSONValue?)
  case back
  case action(JSONValue)
  case choose(String)
  /// `respond [#ID | METHOD URL] STATUS [JSON]`: answers a pending request (the
  /// oldest unless one is named) with a status (100–599) and a JSON body.
  case respond(status: Int, body: JSONValue?, request: RequestSelector = .oldest)
  case expectText(String)
  case expectNoText(String)
  case expectTitle(String)
  case expectStacks(Int)
  case expectDepth(Int)

  init(
    parsing text: String, line: Int, jsonOptions: JSONParser.Options = JSONParser.Options()
  ) throws(ScriptError) {
    var scanner = StepScanner(text: text, line: line)
    let word = scanner.word()
    switch word {
    case "tap":
      self = .tap(try scanner.target(for: "tap"))
    case "back":
      self = .back
    case "action":
      let json = scanner.rest()
      do {
        self = .action(try JSONValue(parsing: json, options: jsonOptions))
      } catch {
        throw .invalidJSON(line: line, message: error.description)
      }
      return
    case "choose":
      self = .choose(try scanner.quoted(for: "choose \"LABEL\"", writtenAs: ("choose", "choose")))
    case "expect":
      let what = scanner.word()
      switch what {
      case "text":
        self = .expectText(
          try scanner.quoted(for: "expect text \"…\"", writtenAs: ("expect", "expect text")))
      case "no-text":
        self = .expectNoText(
          try scanner.quoted(
            for: "expect no-text \"…\"", writtenAs: ("expect", "expect no-text")))
      case "title":
        self = .expectTitle(
          try scanner.quoted(for: "expect title \"…\"", writtenAs: ("expect", "expect title")))
      case "stacks": self = .expectStacks(try scanner.number(for: "expect stacks N"))
      case "depth": self = .expectDepth(try scanner.number(for: "expect depth N"))
      default:
        throw .unknownExpectation(what, line: line)
      }
    case "type":
      let target = try scanner.target(for: "type")
      self = .type(
        target,
        try scanner.quoted(for: "type TARGET \"TEXT\"", writtenAs: ("type", "type \(target)")))
    case "event":
      let target = try scanner.target(for: "event")
      let name = scanner.word()
      guard !name.isEmpty else {
        throw .missingArgument(usage: "event TARGET NAME [JSON]", line: line)
      }
      let json = scanner.rest()
      var value: JSONValue?
      if !json.isEmpty {
        do {
          value = try JSONValue(parsing: json, options: jsonOptions)
        } catch {
          throw .invalidJSON(line: line, message: error.description)
        }
      }
      self = .event(target, name: name, value: value)
      return
    case "respond":
      self = try Self.respond(&scanner, line: line, jsonOptions: jsonOptions)
      return
    default:
      throw .unknownStep(
        word, suggestion: Suggestion.closest(to: word, among: Self.words), line: line)
    }
    try scanner.expectEnd()
  }
}

/// Which pending request a `respond` step answers.
public enum RequestSelector: Sendable, Equatable, CustomStringConvertible {
  /// The oldest pending request.
  case oldest
  /// The request with this number (`#2`; the `id` of the state's `requests`).
  case id(Int)
  /// The oldest pending request with this method and URL (as built, or as written).
  case route(HTTPMethod, String)

  public var description: String {
    switch self {
    case .oldest: "the oldest request"
    case .id(let id): "request #\(id)"
    case .route(let method, let url): "\(method.rawValue) \(url)"
    }
  }
}

extension ScriptStep {
  /// How to write a `respond` step.
  static let respondUsage =
    "respond [#ID | METHOD URL] STATUS [JSON], as in respond 200 {\"ok\": true}, "
    + "respond #2 404 or respond GET /profile 200 {\"name\": \"Ana\"}"

  /// `respond [#ID | METHOD URL] STATUS [JSON]`: the JSON is the rest of the line.
  fileprivate static func respond(
    _ scanner: inout StepScanner, line: Int, jsonOptions: JSONParser.Options
  ) throws(ScriptError) -> ScriptStep {
    var word = scanner.word()
    var selector = RequestSelector.oldest
    if word.hasPrefix("#") {
      guard let id = Int(word.dropFirst()), id > 0, word.dropFirst().allSatisfy(\.isASCII) else {
        throw .invalidRequestNumber(word, line: line)
      }
      selector = .id(id)
      word = scanner.word()
    } else if let method = HTTPMethod(rawValue: word) {
      let url = scanner.word()
      guard !url.isEmpty else { throw .missingArgument(usage: respondUsage, line: line) }
      selector = .route(method, url)
      word = scanner.word()
    }
    guard !word.isEmpty else { throw .missingArgument(usage: respondUsage, line: line) }
    guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let status = Int(word),
      HTTPStatus.validRange.contains(status)
    else { throw .invalidStatus(word, line: line) }
    let json = scanner.rest()
    guard !json.isEmpty else { return .respond(status: status, body: nil, request: selector) }
    do {
      return .respond(
        status: status, body: try JSONValue(parsing: json, options: jsonOptions), request: selector)
    } catch {
      throw .invalidResponseJSON(line: line, message: error.description)
    }
  }
}

/// Why a script line cannot be read.
public enum ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownStep(String, suggestion: String?, line: Int)
  case unknownExpectation(String, line: Int)
  case missingArgument(usage: String, line: Int)
  /// A text written without its quotes: the step, and the line as it should read
  /// (`tap "Sign in"` for `tap Sign in`).
  case unquotedText(step: String, fix: String, line: Int)
  case unterminatedString(line: Int)
  case invalidNumber(String, line: Int)
  case invalidJSON(line: Int, message: String)
  case trailingText(String, line: Int)
  /// A `respond` status that is not a whole number from 100 to 599.
  case invalidStatus(String, line: Int)
  /// A `respond` body that is not valid JSON.
  case invalidResponseJSON(line: Int, message: String)
  /// A `respond #ID` whose id is not a whole number from 1.
  case invalidRequestNumber(String, line: Int)

  public var line: Int {
    switch self {
    case .unknownStep(_, _, let line), .unknownExpectation(_, let line),
      .missingArgument(_, let line), .unquotedText(_, _, let line), .unterminatedString(let line),
      .invalidNumber(_, let line),
      .invalidJSON(let line, _), .trailingText(_, let line),
      .invalidStatus(_, let line), .invalidResponseJSON(let line, _),
      .invalidRequestNumber(_, let line):
      line
    }
  }

  public var description: String {
    switch self {
    case .unknownStep(let word, let suggestion, _):
      "unknown step '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (steps: " + ScriptStep.words.map { "'\($0)'" }.joined(separator: ", ") + ")"
    case .unknownExpectation(let what, _):
      "unknown expectation '\(what)'"
        + (Suggestion.closestName(to: what, among: ScriptStep.expectations).map {
          "; did you mean '\($0)'?"
        } ?? "") + " (expected "
        + ScriptStep.expectations.dropLast().map { "'\($0)'" }.joined(separator: ", ")
        + (ScriptStep.expectations.last.map { " or '\($0)'" } ?? "") + ")"
    case .missingArgument(let usage, _):
      "missing argument; write \(usage)"
    case .unquotedText(let step, let fix, _):
      "\(step) needs a quoted text: \(fix)"
    case .unterminatedString:
      "unterminated string; close it with '\"'"
    case .invalidNumber(let text, _):
      "'\(text)' is not a whole number"
    case .invalidJSON(_, let message):
      "invalid JSON: \(message)"
    case .trailingText(let text, _):
      "unexpected '\(text)' at the end of the step"
    case .invalidStatus(let text, _):
      "'\(text)' is not an http status; write a whole number from 100 to 599"
    case .invalidResponseJSON(_, let message):
      "invalid response JSON: \(message)"
    case .invalidRequestNumber(let text, _):
      "'\(text)' is not a request number; write '#' and the request's id, as in respond #2 200"
    }
  }
}

/// Reads the words and quoted strings of one step.
private struct StepScanner {
  package var text: Substring
  let line: Int

  init(text: String, line: Int) {
    self.text = Substring(Script.stripComment(text))
    self.line = line
  }

  mutating func skipSpaces() { text = text.drop { $0 == " " || $0 == "\t" } }

  mutating func word() -> String {
    skipSpaces()
    let word = text.prefix { $0 != " " && $0 != "\t" }
    text = text.dropFirst(word.count)
    return String(word)
  }

  mutating func rest() -> String {
    skipSpaces()
    defer { text = "" }
    return String(text)
  }

  /// A `"…"` text. Unquoted text is an error showing the line with the quotes
  /// (`writtenAs` gives the step's name and what precedes the text).
  mutating func quoted(
    for usage: String, writtenAs: (step: String, prefix: String)? = nil
  ) throws(ScriptError) -> String {
    skipSpaces()
    guard text.first == "\"" else {
      if let writtenAs, !text.isEmpty {
        throw .unquotedText(
          step: writtenAs.step, fix: writtenAs.prefix + " \"" + rest() + "\"", line: line)
      }
      throw .missingArgument(usage: usage, line: line)
    }
    text = text.dropFirst()
    var result = ""
    var escaped = false
    while let character = text.first {
      text = text.dropFirst()
      if escaped {
        result.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        return result
      } else {
        result.append(character)
      }
    }
    throw .unterminatedString(line: line)
  }

  mutating func target(for step: String) throws(ScriptError) -> Target {
    skipSpaces()
    if text.first == "#" {
      let id = word().dropFirst()
      guard !id.isEmpty else {
        throw .missingArgument(usage: "\(step) #ID or \(step) \"TEXT\"", line: line)
      }
      return .id(String(id))
    }
    if let first = text.first, first != "\"" {
      // `tap Sign in`: the whole rest is the text; `type Name "Ana"`: the first word.
      let unquoted = step == "tap" ? rest() : word()
      let after = rest()
      throw .unquotedText(
        step: step, fix: "\(step) \"\(unquoted)\"" + (after.isEmpty ? "" : " " + after),
        line: line)
    }
    return .text(try quoted(for: "\(step) #ID or \(step) \"TEXT\""))
  }

  mutating func number(for usage: String) throws(ScriptError) -> Int {
    let word = word()
    guard !word.isEmpty else { throw .missingArgument(usage: usage, line: line) }
    guard let number = Int(word), number >= 0 else { throw .invalidNumber(word, line: line) }
    return number
  }

  mutating func expectEnd() throws(ScriptError) {
    skipSpaces()
    guard text.isEmpty else { throw .trailingText(String(text), line: line) }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " || result.last == "\t" { result.removeLast() }
    return result
  }
}
