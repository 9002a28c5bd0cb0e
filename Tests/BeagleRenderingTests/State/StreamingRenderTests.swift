import BeagleHTTP
import BeagleJSON
import BeagleRuntime
import BeagleTestSupport
import Testing

@testable import BeagleRendering

/// States written in pieces (`write(_:to:)`) are the text `render(_:)` and the
/// printed JSON value give, byte for byte, whatever the screen holds.
@Suite struct StreamingRenderTests {
  func state(_ text: String) throws -> RunState {
    let root = try #require(try decode(text).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    return session.initialState(log: [])
  }

  /// A screen with every part of a node the JSON tree shows: a navigation bar, an
  /// id, events with nested callbacks, a context, list templates with and without a
  /// case, deep children, non-ASCII and escaped text.
  static let richScreen = """
    {"_beagleComponent_": "beagle:screenComponent",
     "navigationBar": {"title": "Loja \\"1\\"", "items": [
       {"text": "Cart", "action": {"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}}}]},
     "child": {"_beagleComponent_": "beagle:container", "id": "main",
      "context": {"id": "cart", "value": {"items": [1, 2.5, null, true], "name": "Café 中文 🚀"}},
      "children": [
       {"_beagleComponent_": "beagle:text", "text": "Olá @{cart.name}\\n\\t"},
       {"_beagleComponent_": "beagle:button", "id": "buy", "text": "Buy", "onPress": [
         {"_beagleAction_": "beagle:sendRequest", "url": "/buy", "onSuccess": [
           {"_beagleAction_": "beagle:alert", "message": "ok"}]}]},
       {"_beagleComponent_": "beagle:listView", "dataSource": [{"n": 1}, {"n": 2}],
        "templates": [
          {"case": "@{eq(item.n, 1)}", "view": {"_beagleComponent_": "beagle:text", "text": "one"}},
          {"view": {"_beagleComponent_": "beagle:text", "text": "@{item.n}"}}]},
       {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:container", "children": [
           {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "a.png"}}]}]}
      ]}}
    """

  /// A screen of `count` texts, each with multi-byte characters.
  static func longScreen(_ count: Int) -> String {
    let texts = (0..<count).map {
      #"{"_beagleComponent_": "beagle:text", "id": "t\#($0)", "text": "é 中文 🚀 \#($0)"}"#
    }
    return #"{"_beagleComponent_": "beagle:container", "children": ["#
      + texts.joined(separator: ",") + "]}"
  }

  private func pieces(_ write: ((String) -> Void) -> Void) -> [String] {
    var pieces: [String] = []
    write { pieces.append($0) }
    return pieces
  }

  @Test("the streamed JSON state is the printed value of the state, byte for byte")
  func jsonMatchesValue() throws {
    let state = try state(Self.richScreen)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written == renderer.render(state) + "\n")
  }

  @Test("extra members are written after the contract's, as setting them on the value would")
  func jsonExtraMembers() throws {
    let state = try state(Self.richScreen)
    let renderer = JSONStateRenderer()
    let bindings: JSONValue = ["cart.name": ["value": "Café"]]
    let written = pieces { renderer.write(state, extra: [("bindings", bindings)], to: $0) }
    guard case .object(var object) = renderer.value(of: state) else {
      Issue.record("the state is not an object")
      return
    }
    object["bindings"] = bindings
    #expect(written.joined() == JSONPrinter().print(.object(object), terminator: "\n"))
    #expect(object.keys.last == "bindings")
  }

  @Test(
    "an array written last is printed element by element, on one thread and on two",
    arguments: [nil, 0] as [Int?])
  func jsonLastArrayStreamed(threshold: Int?) throws {
    let state = try state(Self.longScreen(300))
    var renderer = JSONStateRenderer()
    renderer.parallelThreshold = threshold
    // About 200 KB of elements: more than three pieces' worth.
    let elements: [JSONValue] = (0..<2_000).map { index in
      [
        "at": .string("/child/children/\(index)/text"), "source": "@{user.name} – é 茶",
        "result": .string(String(repeating: "x", count: 80)),
      ]
    }
    let extra: [(key: String, value: JSONValue)] = [("note", "n")]
    var bytes: [[UInt8]] = []
    var handedBeforeFirstPiece: Int?
    var handed = 0
    renderer.write(
      state, extra: extra, thenArray: "bindings",
      of: { body in
        for element in elements {
          body(element)
          handed += 1
        }
      },
      toBytes: { piece in
        if handedBeforeFirstPiece == nil, handed > 0 { handedBeforeFirstPiece = handed }
        bytes.append(piece)
      })
    guard case .object(var object) = renderer.value(of: state) else {
      Issue.record("the state is not an object")
      return
    }
    object["note"] = "n"
    object["bindings"] = .array(elements)
    let expected = JSONPrinter().print(.object(object), terminator: "\n")
    #expect(String(decoding: bytes.joined(), as: UTF8.self) == expected)
    // Printed as they came: a piece went out long before the last element was handed
    // over, and no piece holds much more than 64 KB.
    #expect((handedBeforeFirstPiece ?? elements.count) < elements.count / 2)
    #expect(bytes.allSatisfy { $0.count < 70 * 1_024 })
  }

  @Test("an empty array written last is printed as []")
  func jsonLastArrayEmpty() throws {
    let state = try state(Self.richScreen)
    let renderer = JSONStateRenderer()
    var bytes: [UInt8] = []
    renderer.write(
      state, thenArray: "bindings", of: { _ in }, toBytes: { bytes.append(contentsOf: $0) })
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(written.hasSuffix(#","bindings":[]}"# + "\n"))
  }

  @Test("a large JSON state comes in pieces of about 64 KB that never split a character")
  func jsonPieces() throws {
    let state = try state(Self.longScreen(3_000))
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }
    #expect(written.count > 2)
    #expect(written.joined() == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    for piece in written.dropLast() {
      #expect(piece.utf8.count >= 65_536)
      #expect(piece.utf8.count < 65_536 + 1_024)
      #expect(!piece.contains("\u{FFFD}"))
    }
  }

  /// The first state of `root` with a log of 2 000 warnings: about 200 KB, as a large
  /// screen's warnings make.
  static func stateWithLongLog(_ root: ComponentNode) -> RunState {
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    let log = (0..<2_000).map {
      Diagnostic(.warning, "binding 'usr.name' is not declared (é 中文 🚀) #\($0)")
    }
    return session.initialState(log: log)
  }

  @Test("a long log comes in pieces too: a member is flushed between its elements, same bytes")
  func jsonLongLogPieces() throws {
    // Before, the log was one piece.
    let state = Self.stateWithLongLog(try #require(try decode(Self.richScreen).root))
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }
    #expect(written.joined() == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written.count > 2)
    for piece in written {
      #expect(piece.utf8.count < 65_536 + 1_024)
      #expect(!piece.contains("\u{FFFD}"))
    }
  }

  /// The text state's lines after the screen (contexts, requests, log) are flushed
  /// every 64 KB too, whichever thread writes them: a 10 MB screen's are 1.2 MB, and
  /// written whole they were held whole.
  @Test(
    "a long text tail comes in pieces too, on one thread and on two, same bytes",
    arguments: [nil, 0] as [Int?])
  func textLongTailPieces(threshold: Int?) throws {
    let state = Self.stateWithLongLog(try #require(try decode(Self.longScreen(300)).root))
    var renderer = TextRenderer()
    renderer.parallelThreshold = threshold
    let written = pieces { renderer.write(state, to: $0) }
    let whole = written.joined()
    // Every log line, in order, after the screen's lines.
    let logLines = whole.split(separator: "\n").filter { $0.contains("is not declared") }
    #expect(logLines.count == 2_000)
    #expect(logLines.first?.hasSuffix("#0") == true)
    #expect(logLines.last?.hasSuffix("#1999") == true)
    #expect(whole.hasPrefix("step 0"))
    #expect(written.count > 2)
    for piece in written {
      #expect(piece.utf8.count < 65_536 + 1_024)
      #expect(piece.hasSuffix("\n"))
    }
    // One thread's bytes, written whole.
    #expect(whole == TextRenderer().render(state))
  }

  /// Event lists outside lists, in a list's items and in a list inside a list's items:
  /// each component's `onPress` is printed with it, seven alerts in all.
  static var itemEventsScreen: String {
    let item = #"{"_beagleAction_": "beagle:alert", "message": "@{item.n}"}"#
    return """
      {"_beagleComponent_": "beagle:container", "children": [
       {"_beagleComponent_": "beagle:button", "text": "a", "onPress": [\(item)]},
       {"_beagleComponent_": "beagle:listView", "dataSource": [{"n": 1}, {"n": 2}, {"n": 3}],
        "template": {"_beagleComponent_": "beagle:button", "text": "@{item.n}",
         "onPress": [\(item), {"_beagleAction_": "beagle:openExternalURL", "url": "x"}]}},
       {"_beagleComponent_": "beagle:listView", "dataSource": [[1], [2]],
        "template": {"_beagleComponent_": "beagle:listView", "dataSource": "@{item}",
         "template": {"_beagleComponent_": "beagle:touchable", "onPress": [\(item)],
          "child": {"_beagleComponent_": "beagle:text", "text": "t"}}}},
       {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [\(item)]}]}
      """
  }

  @Test("events of list items (shared with their template) and outside them print as the value")
  func jsonItemEvents() throws {
    let screen = Self.itemEventsScreen
    let state = try state(screen)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(written.components(separatedBy: #""action":"beagle:alert""#).count == 1 + 2 + 3 + 2)
  }

  @Test("event lists in list items are printed once per item in the outline too")
  func textItemEvents() throws {
    let state = try state(Self.itemEventsScreen)
    let renderer = TextRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == renderer.render(state))
    // Button a, the first list's three items, the inner item of each of the second
    // list's two items, button b: the cache kept only inside items must not lose any.
    #expect(written.components(separatedBy: "alert").count == 1 + (1 + 3 + 2 + 1))
  }

  @Test("the streamed outline is render's text, in pieces of whole lines")
  func textPieces() throws {
    for (screen, minimumPieces) in [(Self.richScreen, 1), (Self.longScreen(3_000), 2)] {
      let state = try state(screen)
      let renderer = TextRenderer()
      let written = pieces { renderer.write(state, to: $0) }
      #expect(written.joined() == renderer.render(state))
      #expect(written.count >= minimumPieces)
      for piece in written { #expect(piece.hasSuffix("\n")) }
    }
  }

  @Test("control characters are escaped in every piece of the outline, as in the whole")
  func textEscapes() throws {
    let texts = (0..<4_000).map {
      #"{"_beagleComponent_": "beagle:text", "text": "bell\u0007 \#($0)"}"#
    }
    let state = try state(
      #"{"_beagleComponent_": "beagle:container", "children": ["# + texts.joined(separator: ",")
        + "]}")
    let written = pieces { TextRenderer().write(state, to: $0) }
    #expect(written.count > 1)
    #expect(written.joined().contains(#"text "bell\u{7} 3999""#))
    #expect(!written.joined().contains("\u{07}"))
  }
}

extension StreamingRenderTests {
  /// A button whose actions' summaries hold `texts` (an alert's message, a
  /// setContext's quoted value, a request's URL), with callbacks nested `depth` deep.
  static func actionsScreen(_ texts: [String], depth: Int) -> String {
    func literal(_ text: String) -> String {
      var bytes: [UInt8] = []
      JSONPrinter.writeString(text, into: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    var actions = texts.enumerated().map { index, text in
      switch index % 3 {
      case 0: return #"{"_beagleAction_": "beagle:alert", "message": \#(literal(text))}"#
      case 1:
        return
          #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": \#(literal(text))}"#
      default: return #"{"_beagleAction_": "beagle:sendRequest", "url": \#(literal(text))}"#
      }
    }
    for _ in 0..<depth where !actions.isEmpty {
      let inner = actions.removeLast()
      actions.append(
        #"{"_beagleAction_": "beagle:sendRequest", "url": "/n", "onSuccess": [\#(inner)]}"#)
    }
    return #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": [\#(texts.map(literal).joined(separator: ","))]}, "children": [
       {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [\#(actions.joined(separator: ","))]}]}
      """#
  }

  /// Summaries are written into a buffer and escaped from it into the state: the same
  /// bytes as printing each summary's string, whatever it holds (quotes, backslashes,
  /// control characters, DEL and C1, non-ASCII, long texts cut with `…`), however deep.
  @Test("action summaries print as their strings do, whatever they hold")
  func jsonSummariesSeeded() throws {
    let fragments = [
      "a", "Z", " ", "\"", "\\", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}",
      "é", "中文", "🚀", "@{c}", "/", String(repeating: "long ", count: 12),
    ]
    var random = SplitMix(seed: 0x5EED_5A11)
    for _ in 0..<40 {
      let texts = (0..<(1 + random.below(6))).map { _ in
        (0..<random.below(10)).map { _ in fragments[random.below(fragments.count)] }.joined()
      }
      let screen = Self.actionsScreen(texts, depth: random.below(4))
      let state = try state(screen)
      let renderer = JSONStateRenderer()
      let written = pieces { renderer.write(state, to: $0) }.joined()
      #expect(
        written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"), "\(texts)")
      #expect(written.contains(#""summary":""#))
    }
  }
}

extension StreamingRenderTests {
  /// Requests are printed from their records: the bytes of their values, with every
  /// field absent and present (negative and large numbers, escapes, non-ASCII and
  /// control characters in URLs and errors).
  @Test("a request prints as its value does")
  func requestRecordsSeeded() {
    let origins: [RequestRecord.Origin] = [
      .network, .prefetch, .cache, .http, .mock, .respond, .pending, .unsent,
    ]
    let urls = ["", "/cart", "https://x/a?b=\"c\"&d=\\", "/é/中文/🚀", "/\u{1B}\u{7F}\u{85}\n"]
    let errors: [NavigationError?] = [
      nil, .emptyURL, .missingURL, .malformedURL("a \"b\"\n\u{0}"), .unknownField("f", owner: "ö"),
    ]
    let numbers: [Int?] = [nil, 0, 7, -3, 200, Int.max, Int.min]
    var random = SplitMix(seed: 0x5EED_4E05)
    for _ in 0..<300 {
      let request = RequestRecord(
        kind: random.below(2) == 0 ? .screen : .request,
        id: numbers[random.below(numbers.count)],
        method: HTTPMethod.allCases[random.below(HTTPMethod.allCases.count)],
        url: urls[random.below(urls.count)],
        status: numbers[random.below(numbers.count)],
        origin: origins[random.below(origins.count)],
        error: errors[random.below(errors.count)])
      var written: [UInt8] = []
      JSONStateRenderer.write(request, into: &written)
      var expected: [UInt8] = []
      JSONPrinter().write(JSONStateRenderer.value(of: request), into: &expected)
      #expect(written == expected, "\(request)")
    }
  }

  /// A state's requests (here sent on `onInit`) are streamed from their records: the
  /// same line as the state's value.
  @Test("the streamed requests are the value's")
  func jsonRequests() throws {
    let state = try state(
      #"""
      {"_beagleComponent_": "beagle:container", "onInit": [
        {"_beagleAction_": "beagle:sendRequest", "url": "/a\"b", "method": "POST"},
        {"_beagleAction_": "beagle:sendRequest", "url": "/é"}], "children": []}
      """#)
    #expect(state.requests.count == 2)
    let renderer = JSONStateRenderer()
    let written = pieces { renderer.write(state, to: $0) }.joined()
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    #expect(
      written.contains(#""requests":[{"kind":"request","id":1,"method":"POST","url":"/a%22b""#))
  }
}

extension StreamingRenderTests {
  /// Log entries are printed from their diagnostics: the bytes of their objects, with
  /// and without pointer, rule, file and position, the pointer's tokens holding what
  /// RFC 6901 and JSON escape (`~`, `/`, `"`, `\\`, control characters) and non-ASCII.
  @Test("a log entry prints as its object does")
  func logEntriesSeeded() {
    let tokens = ["children", "0", "a/b", "m~n", "q\"r", "b\\s", "\n\u{1B}\u{7F}\u{85}", "é中🚀", ""]
    let files: [String?] = [nil, "screen.json", "dir/\"x\".json", "é.json"]
    var random = SplitMix(seed: 0x5EED_1066)
    for _ in 0..<300 {
      let pointer: JSONPointer? =
        random.below(4) == 0
        ? nil : JSONPointer((0..<random.below(6)).map { _ in tokens[random.below(tokens.count)] })
      let diagnostic = Diagnostic(
        [.note, .warning, .error][random.below(3)], "message \"\(random.below(100))\"\n é",
        pointer: pointer, rule: random.below(2) == 0 ? nil : "rule-\(random.below(9))")
      let file = files[random.below(files.count)]
      let placed = random.below(3) != 0
      let line = random.below(100_000)
      let renderer = JSONStateRenderer { _ in
        placed ? (file: file, position: SourcePosition(line: line, column: 7, offset: 0)) : nil
      }
      var written: [UInt8] = []
      renderer.writeLogEntry(diagnostic, into: &written)
      var expected: [UInt8] = []
      JSONPrinter().write(renderer.logEntry(diagnostic), into: &expected)
      #expect(written == expected, "\(diagnostic)")
    }
  }
}

extension StreamingRenderTests {
  /// Executed actions and contexts are printed from their records: the bytes of the
  /// state value's objects, pointers escaped as JSON strings, values and fields of
  /// every kind.
  @Test("executed actions and contexts print as their values do")
  func actionAndContextRecordsSeeded() throws {
    let tokens = ["children", "0", "a/b", "m~n", "q\"r", "\n\u{1B}\u{7F}\u{85}", "é中🚀", ""]
    let texts = ["", "plain", "q\"b\\s", "\u{0}\u{9F}", "é 中文 🚀"]
    let values: [JSONValue] = [
      .null, .bool(true), .int(-4), .double(2.5), .string("a\"é\n"), [1, "x", [:]],
      ["k": ["n": .null], "é": [.bool(false)]], .object([:]), .array([]),
    ]
    var random = SplitMix(seed: 0x5EED_AC75)
    func pointer() -> JSONPointer {
      JSONPointer((0..<random.below(5)).map { _ in tokens[random.below(tokens.count)] })
    }
    for _ in 0..<300 {
      var fields = JSONObject()
      for _ in 0..<random.below(4) {
        fields[texts[random.below(texts.count)]] = values[random.below(values.count)]
      }
      let action = ExecutedAction(
        event: texts[random.below(texts.count)], type: texts[random.below(texts.count)],
        isKnown: random.below(2) == 0, summary: texts[random.below(texts.count)],
        pointer: pointer(), fields: fields)
      var written: [UInt8] = []
      JSONStateRenderer.write(action, into: &written)
      var expected: [UInt8] = []
      JSONPrinter().write(JSONStateRenderer.value(of: action), into: &expected)
      #expect(written == expected, "\(action)")

      let context = ContextEntry(
        id: texts[random.below(texts.count)], value: values[random.below(values.count)],
        declaredAt: random.below(3) == 0 ? nil : pointer())
      // In a state, with the records streamed; or set by `extra`, as on the value.
      let state = RunState(
        step: 0, event: "e", actions: [action, action], stacks: [], screen: nil,
        contexts: [context],
        requests: [RequestRecord(method: .get, url: "/u", status: 200, origin: .network)])
      let renderer = JSONStateRenderer()
      let streamed = pieces { renderer.write(state, to: $0) }.joined()
      #expect(streamed == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
      let extra: [(key: String, value: JSONValue)] = [("contexts", [1]), ("bindings", "b")]
      var value = renderer.value(of: state)
      if case .object(var object) = value {
        for member in extra { object[member.key] = member.value }
        value = .object(object)
      }
      let withExtra = pieces { renderer.write(state, extra: extra, to: $0) }.joined()
      #expect(withExtra == JSONPrinter().print(value, terminator: "\n"))
      #expect(withExtra.contains(#""contexts":[1]"#))
    }
  }
}
