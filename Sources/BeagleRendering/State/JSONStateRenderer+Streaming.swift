import BeagleJSON
import BeagleRuntime

extension JSONStateRenderer {
  /// Writes `state` as ``render(_:)`` prints it, followed by `terminator`, handing
  /// the text to `output` in pieces of about 64 KB.
  ///
  /// The screen tree is printed node by node straight from the components, so
  /// neither its ``JSONValue`` (``tree(_:)``) nor the whole line is ever held:
  /// on a 10 MB screen those were about 15 MB of the run's peak memory. Every
  /// piece ends after a whole JSON value, never inside a character.
  ///
  /// - Parameter extra: members appended after the contract's, as setting them on
  ///   ``value(of:)``'s object would (`--explain`'s `bindings` are written by
  ///   ``write(_:extra:thenArray:of:terminator:toBytes:)``, one at a time).
  public func write(
    _ state: RunState, extra: [(key: String, value: JSONValue)] = [], terminator: String = "\n",
    to output: (String) -> Void
  ) {
    write(state, extra: extra, terminator: terminator) { $0.flush(output) }
  }

  /// ``write(_:extra:terminator:to:)``, handing on the UTF-8 bytes of the text instead of
  /// strings.
  public func write(
    _ state: RunState, extra: [(key: String, value: JSONValue)] = [], terminator: String = "\n",
    toBytes output: ([UInt8]) -> Void
  ) {
    write(state, extra: extra, terminator: terminator) { $0.flush(toBytes: output) }
  }

  /// ``write(_:extra:terminator:toBytes:)`` with one more member after all the others:
  /// an array named `key` whose elements `elements` hands over one at a time, each
  /// printed as it comes (at most a piece of about 64 KB held), never the array whole.
  /// The bytes are those of setting the whole array as the last `extra` member.
  ///
  /// `--explain --format json`'s `bindings` (built whole, 103 MB of a 10 MB screen's
  /// peak; as text they are 7 MB).
  public func write(
    _ state: RunState, extra: [(key: String, value: JSONValue)] = [],
    thenArray key: String, of elements: ((JSONValue) -> Void) -> Void,
    terminator: String = "\n", toBytes output: ([UInt8]) -> Void
  ) {
    // `elements` is called only inside this call, on this thread.
    withoutActuallyEscaping(elements) { elements in
      write(state, extra: extra, lastArray: (key, elements), terminator: terminator) {
        $0.flush(toBytes: output)
      }
    }
  }

  /// Writes the state, calling `flush` whenever about 64 KB are written and at the end;
  /// `lastArray` after every other member. Its key is the caller's (`bindings`), none of
  /// the state's: one that were would be written twice, not refused.
  private func write(
    _ state: RunState, extra: [(key: String, value: JSONValue)],
    lastArray: (key: String, elements: ((JSONValue) -> Void) -> Void)? = nil,
    terminator: String, flushing flush: (inout OutputChunks) -> Void
  ) {
    // The log, often the largest member after the screen, is written entry by entry
    // (a 10 MB screen's was 1.5 MB as values, built whole before).
    let streamsLog = !extra.contains { $0.key == "log" }
    // The executed actions, contexts and requests are printed from their records,
    // without building their values (but where `extra` sets them).
    var object = members(of: state, screen: .null, withLog: !streamsLog, withRecords: false)
    let streamedRecords = ["actions", "contexts", "requests"].filter { key in
      !extra.contains { $0.key == key }
    }
    for member in extra { object[member.key] = member.value }
    // The members after the screen (contexts, requests, log…): the second thread prints
    // them once its segments are printed.
    let tailStart = object.position(of: "screen").map { $0 + 1 } ?? object.count
    let tail = tailStart..<object.count
    let members = object
    let renderer = self
    // Started first: the second thread prints its segments while this one prints the
    // members before the screen and the first segment.
    let cut = state.screen.flatMap { screen in
      secondThread(for: screen) { piece in
        var out = OutputChunks()
        renderer.writeMembers(
          tail, of: members, state: state, streamsLog: streamsLog,
          streamedRecords: streamedRecords, into: &out
        ) { out in
          piece(out.bytes)
          out.bytes = []
        }
        if !out.bytes.isEmpty { piece(out.bytes) }
      }
    }
    var out = OutputChunks()
    out.bytes.append(UInt8(ascii: "{"))
    writeMembers(
      0..<tailStart, of: object, state: state, streamsLog: streamsLog,
      streamedRecords: streamedRecords, into: &out, cut: cut, flush: flush)
    let tookTail =
      cut?.takeTail { piece in
        flush(&out)  // what this thread wrote before the tail (nothing after the first piece)
        out.bytes = piece
        flush(&out)
      } ?? false
    if !tookTail {
      writeMembers(
        tail, of: object, state: state, streamsLog: streamsLog, streamedRecords: streamedRecords,
        into: &out, flush: flush)
    }
    if let (key, elements) = lastArray {
      // After every member (the second thread's tail included): on this thread.
      if !object.isEmpty { out.bytes.append(UInt8(ascii: ",")) }
      JSONPrinter.writeString(key, into: &out.bytes)
      out.bytes.append(UInt8(ascii: ":"))
      out.bytes.append(UInt8(ascii: "["))
      var isFirst = true
      let printer = JSONPrinter()
      elements { element in
        if !isFirst { out.bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        printer.write(element, into: &out.bytes)
        if out.isFull { flush(&out) }
      }
      out.bytes.append(UInt8(ascii: "]"))
    }
    out.bytes.append(UInt8(ascii: "}"))
    out.bytes.append(contentsOf: terminator.utf8)
    flush(&out)
  }

  /// Writes the members at `positions` of the state's `object`, each after a comma
  /// unless it is the object's first: the screen's tree (with `cut`, the second
  /// thread's segments), the log and the `streamedRecords` streamed, the others from
  /// their values.
  private func writeMembers(
    _ positions: Range<Int>, of object: JSONObject, state: RunState, streamsLog: Bool,
    streamedRecords: [String], into out: inout OutputChunks,
    cut: PrintSplit.Cursor<[UInt8]>? = nil, flush: (inout OutputChunks) -> Void
  ) {
    for index in positions {
      let key = object.keys[index]
      if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
      JSONPrinter.writeString(key, into: &out.bytes)
      out.bytes.append(UInt8(ascii: ":"))
      if key == "screen", let screen = state.screen {
        var printedEvents = PrintedEventsTable<[UInt8]>()
        withUnsafePointer(to: screen) { screen in
          Self.writeTree(screen, into: &out, printedEvents: &printedEvents, cut: cut, flush: flush)
        }
      } else if key == "log", streamsLog {
        writeLog(state.log, into: &out, flush: flush)
      } else if streamedRecords.contains(key) {
        // Keys are distinct: each record list is printed once.
        writeRecords(of: state, key: key, into: &out, flush: flush)
      } else {
        Self.writeMember(object.values[index], into: &out, flush: flush)
      }
      if out.isFull { flush(&out) }
    }
  }

  /// Prints a member of the state other than the screen: an array or object element
  /// by element (member by member), flushing between them, so that a long `log` or
  /// `actions` (0.8 MB and 0.3 MB on a 10 MB screen) is never held whole, nor its
  /// copies on the way out (a piece that spells a setting becomes a `String`, then
  /// another). Compact printing writes an element the same at any depth, so the
  /// bytes are ``JSONPrinter/write(_:into:)``'s for the whole value.
  static func writeMember(
    _ value: JSONValue, into out: inout OutputChunks, flush: (inout OutputChunks) -> Void
  ) {
    let printer = JSONPrinter()
    switch value {
    case .array(let elements) where !elements.isEmpty:
      out.bytes.append(UInt8(ascii: "["))
      for index in elements.indices {
        if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
        printer.write(elements[index], into: &out.bytes)
        if out.isFull { flush(&out) }
      }
      out.bytes.append(UInt8(ascii: "]"))
    case .object(let object) where !object.isEmpty:
      out.bytes.append(UInt8(ascii: "{"))
      for (index, (key, member)) in object.members.enumerated() {
        if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
        JSONPrinter.writeString(key, into: &out.bytes)
        out.bytes.append(UInt8(ascii: ":"))
        printer.write(member, into: &out.bytes)
        if out.isFull { flush(&out) }
      }
      out.bytes.append(UInt8(ascii: "}"))
    default:
      printer.write(value, into: &out.bytes)
    }
  }

  /// Prints the state's `actions`, `contexts` or `requests` (`key`) as
  /// ``members(of:screen:withLog:withRecords:)`` makes them, element by element.
  private func writeRecords(
    of state: RunState, key: String, into out: inout OutputChunks,
    flush: (inout OutputChunks) -> Void
  ) {
    let count =
      switch key {
      case "actions": state.actions.count
      case "contexts": state.contexts.count
      default: state.requests.count
      }
    out.bytes.append(UInt8(ascii: "["))
    for index in 0..<count {
      if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
      switch key {
      case "actions": Self.write(state.actions[index], into: &out.bytes)
      case "contexts": Self.write(state.contexts[index], into: &out.bytes)
      default: Self.write(state.requests[index], into: &out.bytes)
      }
      if out.isFull { flush(&out) }
    }
    out.bytes.append(UInt8(ascii: "]"))
  }

  /// Prints the log's entries as ``members(of:screen:withLog:withRecords:)`` makes them, one at a
  /// time, flushing between them.
  private func writeLog(
    _ log: [Diagnostic], into out: inout OutputChunks, flush: (inout OutputChunks) -> Void
  ) {
    out.bytes.append(UInt8(ascii: "["))
    for index in log.indices {
      if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
      writeLogEntry(log[index], into: &out.bytes)
      if out.isFull { flush(&out) }
    }
    out.bytes.append(UInt8(ascii: "]"))
  }

  /// Appends what `JSONPrinter().write(logEntry(diagnostic), into:)` appends, without
  /// building the entry's object (nor a string of its pointer).
  func writeLogEntry(_ diagnostic: Diagnostic, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"severity":"#.utf8)
    JSONPrinter.writeString(diagnostic.severity.rawValue, into: &bytes)
    bytes.append(contentsOf: #","message":"#.utf8)
    JSONPrinter.writeString(diagnostic.message, into: &bytes)
    bytes.append(contentsOf: #","pointer":"#.utf8)
    if let pointer = diagnostic.pointer {
      Self.writePointer(pointer, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    bytes.append(contentsOf: #","rule":"#.utf8)
    if let rule = diagnostic.rule {
      JSONPrinter.writeString(rule, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    if let located = position(diagnostic) {
      if let file = located.file {
        bytes.append(contentsOf: #","file":"#.utf8)
        JSONPrinter.writeString(file, into: &bytes)
      }
      let printer = JSONPrinter()
      bytes.append(contentsOf: #","line":"#.utf8)
      printer.write(.int(located.position.line), into: &bytes)
      bytes.append(contentsOf: #","column":"#.utf8)
      printer.write(.int(located.position.column), into: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Prints ``tree(_:)``'s value for `node` without building it.
  ///
  /// `printedEvents` keeps the printed `events` of each event list by its storage: the
  /// components of a list's items share their template's lists (rendering leaves
  /// actions as written), and each is printed once. Valid while the tree is alive,
  /// which keeps every list's storage where it is. Only lists inside items
  /// (`isInItem`: below a child in slot `items`) are kept, and only until the
  /// outermost list is printed: elsewhere a list is printed once, and keeping every
  /// one held about 2 MB at the peak of a 10 MB screen's run.
  ///
  /// Components are read in place through pointers into their arrays: passed as
  /// values, each was copied, with its dozen reference-counted fields, to be read.
  private static func writeTree(
    _ node: UnsafePointer<ComponentNode>, into out: inout OutputChunks,
    printedEvents: inout PrintedEventsTable<[UInt8]>, isInItem: Bool = false,
    cut: PrintSplit.Cursor<[UInt8]>? = nil, flush: (inout OutputChunks) -> Void
  ) {
    let printer = JSONPrinter()
    out.append(#"{"type":"#)
    // ``ComponentNode/typeName`` from the stored members: the getter, called on the
    // node in place, copied the whole node first. A definition's name is escaped once.
    if !ComponentNode.writeJSONTypeName(of: node, into: &out.bytes) {
      JSONPrinter.writeString(node.pointee.type, into: &out.bytes)
    }
    if let id = node.pointee.id {
      out.append(#","id":"#)
      JSONPrinter.writeString(id, into: &out.bytes)
    }
    out.append(#","properties":"#)
    node.pointee.properties.write(with: printer, into: &out.bytes)
    if !node.pointee.events.isEmpty {
      out.append(#","events":"#)
      let storage = node.pointee.events.withUnsafeBufferPointer {
        $0.baseAddress.map(UnsafeRawPointer.init)
      }
      if isInItem, let storage, let printed = printedEvents[storage, 0] {
        out.bytes.append(contentsOf: printed)
      } else {
        let start = out.bytes.count
        writeEvents(node.pointee.events, into: &out.bytes, summary: &out.summary)
        if isInItem, let storage {
          printedEvents.set(Array(out.bytes[start...]), storage: storage, indent: 0)
        }
      }
    }
    if let context = node.pointee.context {
      // `{"id": …, "value": …}`'s bytes, the object not built.
      out.append(#","context":{"id":"#)
      JSONPrinter.writeString(context.id, into: &out.bytes)
      out.append(#","value":"#)
      printer.write(context.value, into: &out.bytes)
      out.bytes.append(UInt8(ascii: "}"))
    }
    if !node.pointee.templates.isEmpty {
      out.append(#","templates":["#)
      for (index, template) in node.pointee.templates.enumerated() {
        if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
        out.append(#"{"case":"#)
        printer.write(template.condition ?? .null, into: &out.bytes)
        out.append(#","view":"#)
        withUnsafePointer(to: template.view) { view in
          writeTree(
            view, into: &out, printedEvents: &printedEvents, isInItem: isInItem, flush: flush)
        }
        out.bytes.append(UInt8(ascii: "}"))
      }
      out.bytes.append(UInt8(ascii: "]"))
    }
    out.append(#","children":["#)
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      guard let cut else {
        for index in children.indices {
          if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
          writeTree(
            first + index, into: &out, printedEvents: &printedEvents,
            isInItem: isInItem || children[index].slot == "items", flush: flush)
        }
        return
      }
      // On the way to the split (a handful of components).
      func write(_ range: Range<Int>) {
        for index in range {
          if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
          writeTree(
            first + index, into: &out, printedEvents: &printedEvents,
            isInItem: isInItem || children[index].slot == "items",
            cut: cut.entering(index), flush: flush)
        }
      }
      guard cut.isAtCut else { return write(children.indices) }
      // The second thread printed the odd segments (with their commas).
      cut.forEachSegment(write: write) { pieces in
        flush(&out)
        for piece in pieces {
          out.bytes = piece
          flush(&out)
        }
      }
    }
    // The outermost list's items are printed: no other node shares their lists.
    if !isInItem, !printedEvents.isEmpty { printedEvents.removeAll(keepingCapacity: true) }
    out.append("]}")
    if out.isFull { flush(&out) }
  }
}

extension JSONStateRenderer {
  /// Starts printing the odd segments of `screen`'s tree on another thread when it is
  /// at least ``parallelThreshold`` components (``PrintSplit``): each child after its
  /// comma, in pieces ending after a whole component.
  private func secondThread(
    for screen: ComponentNode, tail: @escaping @Sendable (_ piece: ([UInt8]) -> Void) -> Void
  ) -> PrintSplit.Cursor<[UInt8]>? {
    guard let threshold = parallelThreshold,
      let split = PrintSplit(of: screen, minimumNodes: threshold)
    else { return nil }
    return split.startSecondThread(on: screen, tail: tail) { parent, range, piece in
      var out = OutputChunks()
      out.bytes.reserveCapacity(OutputChunks.pieceCapacity)
      var printedEvents = PrintedEventsTable<[UInt8]>()
      parent.pointee.children.withUnsafeBufferPointer { children in
        guard let first = children.baseAddress else { return }
        for index in range {
          if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
          Self.writeTree(
            first + index, into: &out, printedEvents: &printedEvents,
            isInItem: split.isInItem || children[index].slot == "items"
          ) { out in
            piece(out.bytes)
            out.bytes = []
            out.bytes.reserveCapacity(OutputChunks.pieceCapacity)
          }
        }
      }
      if !out.bytes.isEmpty { piece(out.bytes) }
    }
  }

  /// Prints ``events(_:)``'s value for `handlers` without building it.
  static func writeEvents(_ handlers: [EventHandler], into bytes: inout [UInt8]) {
    var summary: [UInt8] = []
    writeEvents(handlers, into: &bytes, summary: &summary)
  }

  /// ``writeEvents(_:into:)``, each action's summary written first into `summary` (a
  /// buffer reused by every action) and then escaped into `bytes` as
  /// ``JSONPrinter/writeString(_:escapingNonASCII:escapingControlCharacters:into:)-(_,_,_,[UInt8])``
  /// escapes the summary's string. Written in place and escaped there, every summary was
  /// read once more, and each that needed an escape (a quoted value's `"`, nearly half)
  /// was copied out and back.
  private static func writeEvents(
    _ handlers: [EventHandler], into bytes: inout [UInt8], summary: inout [UInt8]
  ) {
    // ``events(_:)`` builds an object: a name given twice keeps its first place and
    // its last list. Decoded handlers have distinct names (they are distinct fields).
    for index in handlers.indices.dropFirst()
    where handlers[..<index].contains(where: { $0.name == handlers[index].name }) {
      JSONPrinter().write(events(handlers), into: &bytes)
      return
    }
    bytes.append(UInt8(ascii: "{"))
    for (index, handler) in handlers.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      JSONPrinter.writeString(handler.name, into: &bytes)
      bytes.append(contentsOf: #":["#.utf8)
      // Actions read in place: enumerated, each was copied whole.
      handler.actions.withUnsafeBufferPointer { actions in
        guard let first = actions.baseAddress else { return }
        for position in actions.indices {
          let action = first + position
          if position > 0 { bytes.append(UInt8(ascii: ",")) }
          bytes.append(contentsOf: #"{"action":"#.utf8)
          if let definition = action.pointee.definition {
            definition.writeJSONName(into: &bytes)
          } else {
            JSONPrinter.writeString(action.pointee.type, into: &bytes)
          }
          bytes.append(contentsOf: #","summary":""#.utf8)
          // The bytes of `writeString(summary(of:))`.
          summary.removeAll(keepingCapacity: true)
          ActionSummary.write(summaryOf: action.pointee, into: &summary)
          summary.withUnsafeBufferPointer {
            JSONPrinter.writeEscaping($0, escapingControlCharacters: true, into: &bytes)
          }
          bytes.append(UInt8(ascii: "\""))
          if !action.pointee.events.isEmpty {
            bytes.append(contentsOf: #","events":"#.utf8)
            writeEvents(action.pointee.events, into: &bytes, summary: &summary)
          }
          bytes.append(UInt8(ascii: "}"))
        }
      }
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(UInt8(ascii: "}"))
  }
}

/// Output bytes collected until about ``size`` of them, then handed on as text.
struct OutputChunks {
  /// Large enough that writing costs few calls, small enough not to matter in
  /// peak memory.
  static let size = 65_536
  /// What a piece kept for later is given: a piece ends after the component that
  /// filled it, most of them within this, and it stays under glibc's mmap threshold
  /// (128 KiB here), so kept pieces come from the heap rather than fresh pages.
  static let pieceCapacity = size + size / 4

  var bytes: [UInt8] = []
  /// Where an action's summary is written before it is escaped into ``bytes``; kept
  /// between the event lists (a buffer made for each list grew two or three times).
  var summary: [UInt8] = []

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Whether there are ``size`` bytes to hand on; flush only between values.
  var isFull: Bool { bytes.count >= Self.size }

  mutating func flush(_ output: (String) -> Void) {
    guard !bytes.isEmpty else { return }
    output(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func flush(toBytes output: ([UInt8]) -> Void) {
    guard !bytes.isEmpty else { return }
    output(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
