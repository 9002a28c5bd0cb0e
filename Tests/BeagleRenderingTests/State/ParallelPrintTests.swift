import BeagleJSON
import BeagleRuntime
import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleRendering

/// A large screen's tree is printed by two threads, in the segments ``PrintSplit``
/// makes: the text and JSON states must be, byte for byte, those one thread prints.
/// The threshold is forced down (`parallelThreshold: 0`) so that small screens take
/// the two-thread path.
@Suite struct ParallelPrintTests {
  func state(_ text: String) throws -> RunState {
    let root = try #require(try decode(text).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    return session.initialState(log: [])
  }

  /// The JSON and text states of `state`, printed by one thread, then by two.
  func printed(_ state: RunState) -> (one: [String], two: [String]) {
    var json = JSONStateRenderer()
    var text = TextRenderer()
    func both() -> [String] {
      var jsonBytes: [UInt8] = []
      json.write(state, to: { jsonBytes += $0.utf8 })
      var textBytes: [UInt8] = []
      text.write(state, toBytes: { textBytes += $0 })
      return [
        String(decoding: jsonBytes, as: UTF8.self), String(decoding: textBytes, as: UTF8.self),
      ]
    }
    let one = both()
    json.parallelThreshold = 0
    text.parallelThreshold = 0
    return (one, both())
  }

  /// A container of `count` sections, each a container holding a text bound to the
  /// root's context (with a non-ASCII and an escaped character) and a button.
  static func sections(_ count: Int) -> String {
    let sections = (0..<count).map { index in
      #"""
      {"_beagleComponent_": "beagle:container", "id": "s\#(index)", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{page.title} é\n \#(index)"},
        {"_beagleComponent_": "beagle:button", "text": "b\#(index)", "onPress": [
          {"_beagleAction_": "beagle:setContext", "contextId": "page", "path": "title",
           "value": "v\#(index)"}]}]}
      """#
    }
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "Olá 中文"}},
        "children": [\#(sections.joined(separator: ","))]}}
      """#
  }

  @Test("the split is at the children holding most of the tree, in segments of about equal size")
  func cutPlace() throws {
    let root = try #require(try decode(Self.sections(40)).root)
    // screenComponent, its container, 40 sections of three components: 122. The root
    // holds one child; the container's 40 children (120 components) make segments of
    // at least 120 / 32 = 3 components: a section each.
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    #expect(split.path == [0])
    #expect(split.segments.count == 40)
    #expect(split.segments.first == 0..<1)
    #expect(split.segments.last == 39..<40)
    #expect(split.segments.map(\.count).reduce(0, +) == 40)
    #expect(!split.isInItem)
    #expect(PrintSplit(of: root, minimumNodes: 123) == nil)
    #expect(PrintSplit(of: root, minimumNodes: 122) == split)
    // One child holding everything, under it nothing to split: no split.
    let single = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "a"}]}"#
      ).root)
    #expect(PrintSplit(of: single, minimumNodes: 0) == nil)
  }

  /// The second thread holds at most two printed segments and prints a third: each
  /// segment is about a 32nd of the cut component's children (a 10 MB screen's JSON
  /// state is 13 MB: at 16 segments the two held were 1.6 MB of it).
  @Test("segments are about a 32nd of the tree each", arguments: [64, 320, 1_000])
  func segmentSize(count: Int) throws {
    let texts = (0..<count).map { #"{"_beagleComponent_": "beagle:text", "text": "t\#($0)"}"# }
    let root = try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "children": [\#(texts.joined(separator: ","))]}"#
      ).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    #expect(split.path == [])
    #expect(split.segments.allSatisfy { $0.count == count / 32 || $0 == split.segments.last })
    #expect(split.segments.count == 32 + (count % 32 == 0 ? 0 : 1))
    #expect(split.segments.joined().elementsEqual(0..<count))
  }

  /// The second thread waits for the first to take its segments, so it must not run
  /// on the calling thread when no thread can be started (under `ulimit -v`): that
  /// would wait forever for room the caller never makes.
  @Test(
    "with no second thread, no segment is printed ahead and nothing waits", .timeLimit(.minutes(1)))
  func noSecondThread() throws {
    let root = try #require(try decode(Self.sections(40)).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    #expect(split.segments.count >= 6)
    let printedAhead = LockedCount()
    let cursor = split.startSecondThread(on: root, stackSize: 1 << 50) {
      (_, _, piece: ([UInt8]) -> Void) in
      printedAhead.add()
      piece([])
    }
    #expect(cursor == nil)
    #expect(printedAhead.count == 0)
  }

  @Test("the state's tail is printed by the second thread after its last segment")
  func tailAfterSegments() throws {
    let root = try #require(try decode(Self.sections(40)).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    let tailsPrinted = LockedCount()
    let cursor = try #require(
      split.startSecondThread(
        on: root,
        tail: { piece in
          tailsPrinted.add()
          piece(Array("tail".utf8))
        }
      ) { (_, range: Range<Int>, piece: ([UInt8]) -> Void) in piece(Array("\(range)".utf8)) })
    var order: [String] = []
    cursor.forEachSegment(write: { order.append("first \($0)") }) { pieces in
      order += pieces.map { String(decoding: $0, as: UTF8.self) }
    }
    // Even segments by this thread, odd ones by the second, in order; then the tail.
    #expect(
      order
        == split.segments.enumerated().map { number, range in
          number % 2 == 0 ? "first \(range)" : "\(range)"
        })
    var tail: [[UInt8]] = []
    #expect(cursor.takeTail { tail.append($0) })
    #expect(tail == [Array("tail".utf8)])
    #expect(tailsPrinted.count == 1)
  }

  /// The tail comes in pieces (a long log flushed every 64 KB), and the second thread
  /// runs at most two pieces ahead of the first, as with segments: a long log is never
  /// held whole, and the pieces arrive in order.
  @Test("the tail's pieces are handed over two at most ahead", .timeLimit(.minutes(1)))
  func tailStreamed() throws {
    let root = try #require(try decode(Self.sections(40)).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    let taken = LockedCount()
    let mostAhead = LockedCount()
    let cursor = try #require(
      split.startSecondThread(
        on: root,
        tail: { piece in
          for number in 0..<12 {
            mostAhead.raise(to: number - taken.count)
            piece(Array("piece \(number)".utf8))
          }
        }
      ) { (_, range: Range<Int>, piece: ([UInt8]) -> Void) in piece(Array("\(range)".utf8)) })
    cursor.forEachSegment(write: { _ in }, printed: { _ in })
    var tail: [String] = []
    #expect(
      cursor.takeTail { piece in
        Thread.sleep(forTimeInterval: 0.002)  // a slow reader: the second thread would run ahead
        tail.append(String(decoding: piece, as: UTF8.self))
        taken.add()
      })
    #expect(tail == (0..<12).map { "piece \($0)" })
    // Two pieces waiting, and the one this thread is writing (counted once written).
    #expect(mostAhead.count <= 3)
  }

  /// The first thread prints the tail itself (it did not take the second thread's
  /// segments), while the second thread, with its few segments printed without
  /// waiting, has begun the tail: that one's pieces are dropped, and it has ended
  /// when `takeTail` returns, so the two threads never print the tail at the same time
  /// (locating log entries reads caches filled by one thread at a time).
  @Test("an abandoned tail is not printed beside this thread's", .timeLimit(.minutes(1)))
  func abandonedTailEnds() throws {
    let root = try #require(try decode(Self.sections(3)).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    #expect(split.segments.count <= 4)
    let running = LockedCount()
    let ended = LockedCount()
    let cursor = try #require(
      split.startSecondThread(
        on: root,
        tail: { piece in
          running.add()
          for number in 0..<5 {
            Thread.sleep(forTimeInterval: 0.02)
            piece(Array("piece \(number)".utf8))
          }
          ended.add()
        }
      ) { (_, range: Range<Int>, piece: ([UInt8]) -> Void) in piece(Array("\(range)".utf8)) })
    // Let the second thread reach its tail, then ask for it without taking segments.
    let deadline = Date().addingTimeInterval(10)
    while running.count == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    #expect(running.count == 1)
    #expect(!cursor.takeTail { _ in Issue.record("a piece of an abandoned tail") })
    #expect(ended.count == 1)
  }

  /// The first thread asks for the tail before it took the second thread's segments
  /// (not the tree the split was found in): it prints the tail itself, and the second
  /// thread, waiting for room, stops instead of waiting forever.
  @Test("a tail asked for before the segments are taken is this thread's", .timeLimit(.minutes(1)))
  func tailBeforeSegments() throws {
    let root = try #require(try decode(Self.sections(40)).root)
    let split = try #require(PrintSplit(of: root, minimumNodes: 0))
    #expect(split.segments.count >= 6)
    let cursor = try #require(
      split.startSecondThread(on: root, tail: { piece in piece(Array("tail".utf8)) }) {
        (_, range: Range<Int>, piece: ([UInt8]) -> Void) in piece(Array("\(range)".utf8))
      })
    #expect(!cursor.takeTail { _ in Issue.record("a piece of an abandoned tail") })
    // Without a tail, the cursor has none to give.
    let plain = try #require(
      split.startSecondThread(on: root) { (_, _, piece: ([UInt8]) -> Void) in piece([]) })
    plain.forEachSegment(write: { _ in }, printed: { _ in })
    #expect(!plain.takeTail { _ in Issue.record("a piece of no tail") })
  }

  /// A large tree and every member after it: contexts, a dialog, requests sent by the
  /// root's `onInit` and a log long enough to come in several pieces.
  func stateWithTail() throws -> RunState {
    let requests = (0..<40).map {
      #"{"_beagleAction_": "beagle:sendRequest", "url": "/r/\#($0)?q=é"}"#
    }
    let text = Self.sections(120).replacingOccurrences(
      of: #""context": {"id": "page""#,
      with: #"""
        "onInit": [\#(requests.joined(separator: ",")),
          {"_beagleAction_": "beagle:alert", "message": "olá @{page.title}"}],
        "context": {"id": "page"
        """#)
    let root = try #require(try decode(text).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    let log = (0..<1_500).map { Diagnostic(.warning, "aviso \($0): 'x' é 中文 🚀") }
    return session.initialState(log: log)
  }

  @Test("a state's tail printed by the second thread: the bytes of one thread, of its value")
  func tailSameAsOneThread() throws {
    let state = try stateWithTail()
    #expect(state.requests.count >= 40)
    #expect(state.dialog != nil)
    #expect(state.contexts.count >= 2)
    #expect(state.log.count >= 1_500)
    var renderer = JSONStateRenderer()
    renderer.parallelThreshold = 0
    var written = ""
    renderer.write(state) { written += $0 }
    #expect(written == JSONPrinter().print(renderer.value(of: state), terminator: "\n"))
    let result = printed(state)
    #expect(result.two == result.one)
  }

  @Test("a list's rendered items are split inside the list, as list items")
  func cutInsideItems() throws {
    let state = try state(Self.list(items: 40))
    let screen = try #require(state.screen)
    let split = try #require(PrintSplit(of: screen, minimumNodes: 0))
    // screenComponent → container → listView: the items (of three components, a
    // segment each).
    #expect(split.path == [0, 0])
    #expect(split.segments.count == 40)
    #expect(!split.isInItem)
    let result = printed(state)
    #expect(result.two == result.one)
  }

  /// A list view over `items` elements whose template holds a text and a button
  /// (event lists shared by every item), nested in a container.
  static func list(items: Int) -> String {
    let elements = (0..<items).map { #"{"n": \#($0), "name": "nome \#($0) ✓"}"# }
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:listView", "dataSource": [\#(elements.joined(separator: ","))],
           "templates": [{"view": {"_beagleComponent_": "beagle:container", "children": [
             {"_beagleComponent_": "beagle:text", "text": "@{item.name} @{item.n}"},
             {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
               {"_beagleAction_": "beagle:pushView", "route": {"url": "/p/@{item.n}"}}]}]}}]}]}}
      """#
  }

  @Test("two threads print the same states as one", arguments: [1, 2, 3, 7, 40, 301])
  func sameAsOneThread(count: Int) throws {
    for screen in [Self.sections(count), Self.list(items: count)] {
      let result = printed(try state(screen))
      #expect(result.two == result.one)
    }
  }

  @Test("two threads print the same states as one, twenty times over")
  func repeated() throws {
    let state = try state(Self.sections(200))
    let one = printed(state).one
    for _ in 0..<20 {
      #expect(printed(state).two == one)
    }
  }

  @Test("on every screen of Examples/, two threads print what one prints")
  func examples() throws {
    let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count >= 20)
    var printedScreens = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      guard let root = try? decode(text).root else { continue }
      var session = Session(
        configuration: Session.Configuration(registry: .builtIn),
        firstScreen: Screen(route: "/", root: root))
      let result = printed(session.initialState(log: []))
      #expect(result.two == result.one, "\(file)")
      printedScreens += 1
    }
    #expect(printedScreens >= 15)
  }

  @Test("on seeded random screens, two threads print what one prints", arguments: 0..<12)
  func seeded(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let text = Self.randomScreen(&random)
    let result = printed(try state(text))
    #expect(result.two == result.one, "seed \(seed)")
  }

  /// A screen of nested containers, texts (bound, escaped, multi-byte), buttons with
  /// nested actions and lists with templates, drawn from `random`.
  static func randomScreen(_ random: inout SplitMix) -> String {
    func component(_ depth: Int) -> String {
      switch depth > 3 ? random.below(3) : random.below(6) {
      case 0:
        let texts = [
          "plain", "@{page.title}", "tab\\t and \\u00e9", "中文 🚀 @{page.n}", "@{sum(page.n, 1)}",
        ]
        return
          #"{"_beagleComponent_": "beagle:text", "text": "\#(texts[random.below(texts.count)])"}"#
      case 1:
        return #"""
          {"_beagleComponent_": "beagle:button", "id": "b\#(random.below(1000))", "text": "go",
           "onPress": [{"_beagleAction_": "beagle:sendRequest", "url": "/x", "onSuccess": [
             {"_beagleAction_": "beagle:alert", "message": "ok @{page.n}"}]}]}
          """#
      case 2:
        return
          #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "i"}}"#
      case 3:
        let elements = (0..<random.below(12)).map { #"{"n": \#($0)}"# }
        return #"""
          {"_beagleComponent_": "beagle:listView", "dataSource": [\#(elements.joined(separator: ","))],
           "templates": [{"case": "@{eq(item.n, 1)}", "view": \#(component(depth + 1))},
                         {"view": \#(component(depth + 1))}]}
          """#
      default:
        let children = (0..<random.below(24)).map { _ in component(depth + 1) }
        let context =
          random.below(3) == 0
          ? #""context": {"id": "page", "value": {"title": "in", "n": 2}},"# : ""
        return #"""
          {"_beagleComponent_": "beagle:container", \#(context)
           "children": [\#(children.joined(separator: ","))]}
          """#
      }
    }
    let children = (0..<(8 + random.below(40))).map { _ in component(1) }
    return #"""
      {"_beagleComponent_": "beagle:screenComponent", "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "page", "value": {"title": "t", "n": 1}},
        "children": [\#(children.joined(separator: ","))]}}
      """#
  }
}
