import BeagleJSON
import BeagleRuntime

/// Prints a ``RunState`` as an outline a person reads at a glance.
///
/// ```
/// step 0 · load /
/// stacks
///   1. / "Home"
/// navigation bar: "Home"
/// screen
///   screenComponent
///     container #main
///       text "Welcome"
///       button "Buy"
///         onPress → pushView /cart
/// contexts
///   global = null
/// ```
public struct TextRenderer: Sendable {
  /// Turns a diagnostic's source and offset into `file:line:column`.
  public var locate: @Sendable (Diagnostic) -> String?
  /// Screen trees of at least this many components are printed by two threads, split
  /// where ``PrintSplit`` splits them (the same bytes); nil: by the calling thread alone.
  public var parallelThreshold: Int?

  public init(locate: @escaping @Sendable (Diagnostic) -> String? = { _ in nil }) {
    self.locate = locate
  }

  public func render(_ state: RunState) -> String {
    var text = ""
    write(state) { text += $0 }
    return text
  }

  /// Writes ``render(_:)``'s text, handing it to `output` in pieces of about 64 KB
  /// (whole lines), so that a large screen's outline is never held whole.
  ///
  /// Every line goes through ``OutlineText/line(_:)``, which escapes its control
  /// characters, line breaks included: no payload string (a type name, a context id,
  /// a URL) can end a line and print one of its own.
  public func write(_ state: RunState, to output: (String) -> Void) {
    write(state) { $0.flush(to: output) }
  }

  /// ``write(_:to:)``, handing on the UTF-8 bytes of the text instead of strings.
  public func write(_ state: RunState, toBytes output: ([UInt8]) -> Void) {
    write(state) { $0.flush(toBytes: output) }
  }

  /// Writes the state's lines, calling `flush` whenever about 64 KB are written and at
  /// the end.
  private func write(_ state: RunState, flushing flush: (inout OutlineText) -> Void) {
    // Started first: the second thread prints its segments while this one prints the
    // lines before the screen and the first segment; then the lines after the screen.
    let renderer = self
    let cut = state.screen.flatMap { screen in
      secondThread(for: screen) { piece in
        var out = OutlineText()
        out.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
        renderer.writeTail(of: state, into: &out) { out in
          piece(out)
          out = OutlineText()
          out.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
        }
        if out.byteCount > 0 { piece(out) }
      }
    }
    var out = OutlineText()
    out.line("step \(state.step) · \(state.event)")
    if !state.actions.isEmpty {
      out.line("actions")
      for action in state.actions { out.line("  \(action.text)") }
    }
    out.line("stacks")
    for (index, stack) in state.stacks.enumerated() {
      let routes = stack.map { "\($0.route) \"\($0.title)\"" }.joined(separator: " › ")
      let modal = index > 0 ? " (modal)" : ""
      out.line("  \(index + 1). \(routes)\(modal)")
    }
    if let event = state.navigationEvent {
      out.line("navigation: \(navigationLine(event))")
    }
    if let bar = state.navigationBar {
      var line = "navigation bar: \"\(bar.title)\""
      if let back = bar.backButton { line += "  ‹ \(back)" }
      if !bar.items.isEmpty { line += "  [" + bar.items.joined(separator: "] [") + "]" }
      out.line(line)
    }
    if let screen = state.screen {
      out.line("screen")
      var printedEvents = PrintedEvents()
      withUnsafePointer(to: screen) { screen in
        outline(
          screen, depth: 1, into: &out, printedEvents: &printedEvents, cut: cut, flush: flush)
      }
    }
    let tookTail =
      cut?.takeTail { piece in
        flush(&out)  // what this thread wrote before the tail (nothing after the first piece)
        out = piece
        flush(&out)
      } ?? false
    if !tookTail { writeTail(of: state, into: &out, flush: flush) }
    flush(&out)
  }

  /// Writes the lines after the screen: contexts, dialog, requests, external URLs,
  /// analytics records and the log, calling `flush` between lines whenever about 64 KB
  /// are written. A large screen's tail is long (a 10 MB screen's, 1.2 MB of contexts,
  /// requests and log): written whole, it was held whole, in a buffer grown by doubling
  /// (3.5 MB at the peak of `run` while it grew).
  private func writeTail(
    of state: RunState, into out: inout OutlineText, flush: (inout OutlineText) -> Void
  ) {
    func lineEnded() { if out.byteCount >= Self.chunkSize { flush(&out) } }
    // Values and pointers are printed into `scratch` and copied into the line from
    // there (escaped): no string is made for them.
    var scratch: [UInt8] = []
    if !state.contexts.isEmpty {
      out.line("contexts")
      for context in state.contexts {
        out.append("  " as StaticString)
        out.append(context.id)
        out.append(" = " as StaticString)
        scratch.removeAll(keepingCapacity: true)
        JSONPrinter().write(context.value, into: &scratch)
        scratch.withUnsafeBufferPointer { out.append(utf8: $0) }
        if let at = context.declaredAt {
          out.append("  (at " as StaticString)
          Self.appendPointer(at, to: &out, scratch: &scratch)
          out.append(")" as StaticString)
        }
        out.endLine()
        lineEnded()
      }
    }
    // Dialogs, requests and analytics records show as their JSON, on one line each.
    if let dialog = state.dialog { out.line("dialog: \(Self.json(dialog))") }
    lineEnded()
    for request in state.requests {
      // Printed from the record (``JSONStateRenderer/write(_:into:)-(RequestRecord,_)``),
      // the bytes of its value's JSON: a state lists every request made so far.
      out.append("request: " as StaticString)
      scratch.removeAll(keepingCapacity: true)
      JSONStateRenderer.write(request, into: &scratch)
      scratch.withUnsafeBufferPointer { out.append(utf8: $0) }
      out.endLine()
      lineEnded()
    }
    // The state keeps every URL opened so far; the text, like requests and analytics,
    // shows what the step did.
    for url in state.stepExternalURLs {
      out.line("external URL: \(url)")
      lineEnded()
    }
    for record in state.analytics {
      out.line("analytics: \(Self.json(record))")
      lineEnded()
    }
    if !state.log.isEmpty {
      out.line("log")
      for entry in state.log {
        let place = locate(entry).map { "\($0): " } ?? ""
        // The rule id ends the message, as in `check`'s diagnostics: `… [dead-route]`.
        out.append("  " as StaticString)
        out.append(place)
        out.append(entry.severity.rawValue)
        out.append(": " as StaticString)
        out.append(entry.message)
        if let rule = entry.rule {
          out.append(" [" as StaticString)
          out.append(rule)
          out.append("]" as StaticString)
        }
        if let pointer = entry.pointer {
          out.append(" (at " as StaticString)
          Self.appendPointer(pointer, to: &out, scratch: &scratch)
          out.append(")" as StaticString)
        }
        out.endLine()
        lineEnded()
      }
    }
  }

  /// Appends `pointer` as the outline shows it (`/` for the root), printed into
  /// `scratch` (``JSONPointer/appendDescription(to:)``, no string per token or pointer).
  private static func appendPointer(
    _ pointer: JSONPointer, to out: inout OutlineText, scratch: inout [UInt8]
  ) {
    guard !pointer.isRoot else {
      out.append("/" as StaticString)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    pointer.appendDescription(to: &scratch)
    scratch.withUnsafeBufferPointer { out.append(utf8: $0) }
  }

  /// Below this many bytes of text, the outline keeps collecting lines.
  private static let chunkSize = 65_536

  /// `kind push, from /, to /cart, direction deeper, transition push system`.
  private func navigationLine(_ event: NavigationEvent) -> String {
    var parts = ["kind \(event.kind.rawValue)", "from \(event.from)"]
    if let to = event.to { parts.append("to \(to)") }
    if let direction = event.direction { parts.append("direction \(direction.rawValue)") }
    if let transition = event.transition {
      // `push system`, `push moveIn fromRight 0.5s`, `present pageSheet coverVertical`.
      var details = [transition.style.rawValue]
      switch transition.style {
      case .push, .pop:
        details.append(transition.animation?.type ?? "system")
        if let subtype = transition.animation?.subtype { details.append(subtype) }
        if let duration = transition.animation?.duration {
          details.append(JSONPrinter().print(.double(duration)) + "s")
        }
      case .present, .dismiss:
        details += [transition.modalPresentationStyle, transition.modalTransitionStyle]
          .compactMap { $0 }
      case .replace:
        break
      }
      parts.append("transition " + details.joined(separator: " "))
    }
    if let controller = event.controller { parts.append("controller \(controller)") }
    return parts.joined(separator: ", ")
  }

  /// The dialog, request or analytics record as the JSON state shows it.
  private static func json(_ dialog: Dialog) -> String {
    JSONPrinter().print(JSONStateRenderer.value(of: dialog))
  }

  private static func json(_ record: AnalyticsRecord) -> String {
    JSONPrinter().print(JSONStateRenderer.value(of: record))
  }

  // MARK: - Outline

  // The outline is written piece by piece into the output's bytes (each piece escaped
  // by ``OutlineText/append(_:)``): a 1 MB screen has about 10 000 lines, and building a
  // string per line, and per part of a line, cost more than the rest of printing it.

  /// The lines of the event lists already written, by the list's storage and
  /// indentation. The components of a list's items share their template's event lists
  /// (rendering leaves actions as written): each is summarised once. Valid while the
  /// tree being written is alive, which keeps every list's storage where it is. Only
  /// lists inside items (`isInItem`: below a child in slot `items`) are kept, and only
  /// until the outermost list is written: elsewhere a list is written once, and keeping
  /// every one held its lines twice at the peak (as the JSON state's writer found).
  private typealias PrintedEvents = PrintedEventsTable<OutlineText.Snippet>

  /// Components are read in place through pointers into their arrays: passed as
  /// values, each was copied, with its dozen reference-counted fields, to be read.
  private func outline(
    _ node: UnsafePointer<ComponentNode>, depth: Int, into out: inout OutlineText,
    printedEvents: inout PrintedEvents, isInItem: Bool = false,
    cut: PrintSplit.Cursor<OutlineText>? = nil, flush: (inout OutlineText) -> Void
  ) {
    let indent = 2 * depth
    out.appendSpaces(indent)
    writeSummary(of: node, into: &out)
    out.endLine()
    // Most components have no events: nothing to look up (every empty list would
    // share one storage, and one dictionary entry).
    if !node.pointee.events.isEmpty {
      let storage = node.pointee.events.withUnsafeBufferPointer {
        $0.baseAddress.map(UnsafeRawPointer.init)
      }
      if isInItem, let storage, let printed = printedEvents[storage, indent] {
        out.append(printed)
      } else {
        let start = out.byteCount
        for handler in node.pointee.events {
          eventLines(handler.name, handler.actions, indent: indent + 2, into: &out)
        }
        if isInItem, let storage {
          printedEvents.set(out.snippet(from: start), storage: storage, indent: indent)
        }
      }
    }
    if let bar = node.pointee.navigationBar {
      for item in bar.items where !item.actions.isEmpty {
        eventLines("[\(item.text)]", item.actions, indent: indent + 2, into: &out)
      }
    }
    for template in node.pointee.templates {
      out.appendSpaces(indent + 2)
      out.append("template" as StaticString)
      if let condition = template.condition {
        out.append(" case " as StaticString)
        out.append(ActionSummary.text(condition))
      }
      out.endLine()
      withUnsafePointer(to: template.view) { view in
        outline(
          view, depth: depth + 2, into: &out, printedEvents: &printedEvents, isInItem: isInItem,
          flush: flush)
      }
    }
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      guard let cut else {
        for index in children.indices {
          outline(
            first + index, depth: depth + 1, into: &out, printedEvents: &printedEvents,
            isInItem: isInItem || children[index].slot == "items", flush: flush)
        }
        return
      }
      // On the way to the split (a handful of components).
      func write(_ range: Range<Int>) {
        for index in range {
          outline(
            first + index, depth: depth + 1, into: &out, printedEvents: &printedEvents,
            isInItem: isInItem || children[index].slot == "items", cut: cut.entering(index),
            flush: flush)
        }
      }
      guard cut.isAtCut else { return write(children.indices) }
      // The second thread wrote the odd segments.
      cut.forEachSegment(write: write) { pieces in
        flush(&out)
        for piece in pieces {
          out = piece
          flush(&out)
        }
      }
    }
    // The outermost list's items are written: no other node shares their lists.
    if !isInItem, !printedEvents.isEmpty { printedEvents.removeAll(keepingCapacity: true) }
    if out.byteCount >= Self.chunkSize { flush(&out) }
  }

  /// Starts writing the odd segments of `screen`'s outline on another thread when the
  /// tree is at least ``parallelThreshold`` components (``PrintSplit``): in pieces
  /// ending after a whole line.
  private func secondThread(
    for screen: ComponentNode, tail: @escaping @Sendable (_ piece: (OutlineText) -> Void) -> Void
  ) -> PrintSplit.Cursor<OutlineText>? {
    guard let threshold = parallelThreshold,
      let split = PrintSplit(of: screen, minimumNodes: threshold)
    else { return nil }
    let renderer = self
    // The cut component is at depth 1 + its path's length; its children one more.
    let depth = split.path.count + 2
    return split.startSecondThread(on: screen, tail: tail) { parent, range, piece in
      var out = OutlineText()
      out.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
      var printedEvents = PrintedEvents()
      parent.pointee.children.withUnsafeBufferPointer { children in
        guard let first = children.baseAddress else { return }
        for index in range {
          renderer.outline(
            first + index, depth: depth, into: &out, printedEvents: &printedEvents,
            isInItem: split.isInItem || children[index].slot == "items"
          ) { out in
            piece(out)
            out = OutlineText()
            out.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
          }
        }
      }
      if out.byteCount > 0 { piece(out) }
    }
  }

  /// `name → summary` for each action (the later ones under the first arrow), each
  /// action's own callbacks below it, four spaces further in.
  private func eventLines(
    _ name: String, _ actions: [ActionNode], indent: Int, into out: inout OutlineText
  ) {
    out.appendSpaces(indent)
    out.append(name)
    guard !actions.isEmpty else {
      out.append(" → (nothing)" as StaticString)
      out.endLine()
      return
    }
    out.append(" → " as StaticString)
    // Under the first arrow: the name's width in characters, as it shows (counted once:
    // counting characters walks the name).
    let continuation = actions.count > 1 ? indent + name.count + 1 : 0
    // Actions read in place: copying one copied its reference-counted fields.
    actions.withUnsafeBufferPointer { actions in
      for index in actions.indices {
        if index > 0 {
          out.appendSpaces(continuation)
          out.append("→ " as StaticString)
        }
        out.append { ActionSummary.write(summaryOf: actions[index], into: &$0) }
        out.endLine()
        for nested in actions[index].events {
          eventLines(nested.name, nested.actions, indent: indent + 4, into: &out)
        }
      }
    }
  }

  /// A component's type as the outline shows it: a placeholder says what it lacks,
  /// as its decode error does, rather than print an empty type name.
  static func typeLabel(of node: ComponentNode) -> String {
    if let definition = node.definition { return definition.shortName }
    if node.type.isEmpty { return "(no \(DecodingSession.componentKey))" }
    return "\(node.type) (unknown component)"
  }

  /// Appends `type #id summary` for one component to the current line of `out`.
  ///
  /// Fields are read as the properties hold them (``LazyJSONObject/member(_:)``): a
  /// field still in its document is neither materialised nor cached, and a string is
  /// copied from the document's bytes through `out`'s escaping, which escapes it as
  /// ``ActionSummary/text(_:)-(JSONValue?)`` does, byte for byte.
  private func writeSummary(of node: UnsafePointer<ComponentNode>, into out: inout OutlineText) {
    if let definition = node.pointee.definition {
      out.append(definition.shortName)
    } else {
      out.append(Self.typeLabel(of: node.pointee))
    }
    if let id = node.pointee.id {
      out.append(" #" as StaticString)
      out.append(id)
    }
    let properties = node.pointee.properties
    // ` label"text"`.
    func quotedPart(_ label: StaticString, _ key: StaticString) {
      guard let value = properties.member(named: key) else { return }
      out.append(label)
      out.append("\"" as StaticString)
      Self.appendText(value, to: &out)
      out.append("\"" as StaticString)
    }
    // ` label text`, the field as ``ActionSummary/text(_:)-(JSONValue?)`` shows it.
    func textPart(_ label: StaticString, _ key: StaticString) {
      guard let value = properties.member(named: key) else { return }
      out.append(label)
      Self.appendText(value, to: &out)
    }
    // Read with a text's fields (the commonest lines), or alone: `(hidden)` ends a line.
    var style: LazyJSONObject.StoredValue??
    switch node.pointee.builtIn {
    case .text, .button:
      let (text, enabled, styleField) = properties.members(named: "text", "enabled", "style")
      style = .some(styleField)
      if let text {
        out.append(" \"" as StaticString)
        Self.appendText(text, to: &out)
        out.append("\"" as StaticString)
      }
      if Self.isFalse(enabled) {
        out.append(" (disabled)" as StaticString)
      }
    case .image:
      out.append(" " as StaticString)
      Self.appendImageSummary(properties.member(named: "path"), to: &out)
    case .textInput:
      quotedPart(" placeholder ", "placeholder")
      quotedPart(" value ", "value")
      textPart(" type ", "type")
    case .listView, .gridView:
      if let source = properties.member(named: "dataSource") {
        // An array still in the document is counted on the tape, not materialised.
        let count: Int? =
          switch source {
          case .document(let node): node.kind == .array ? node.count : nil
          case .value(let value): value.arrayValue?.count
          }
        out.append(" dataSource " as StaticString)
        if let count {
          out.append("[" as StaticString)
          out.append(String(count))
          out.append(count == 1 ? " item]" as StaticString : " items]")
        } else {
          Self.appendText(source, to: &out)
        }
      }
    case .lazyComponent:
      textPart(" path ", "path")
    case .webView:
      textPart(" ", "url")
    case .screenComponent:
      if let identifier = properties.member(named: "identifier") {
        out.append(" '" as StaticString)
        Self.appendText(identifier, to: &out)
        out.append("'" as StaticString)
      }
    case .tabBar:
      let titles = properties["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
      if !titles.isEmpty {
        out.append(" tabs " as StaticString)
        out.append(titles.joined(separator: " | "))
      }
    case .tabItem:
      quotedPart(" ", "title")
    case .container, .touchable, .scrollView, .pageView, .pageIndicator, .tabView,
      .pullToRefresh, .simpleForm, .form, .formInput, .formSubmit:
      break
    case nil:
      // Custom types show their scalar fields; a type registered under the `beagle:`
      // namespace reads as a built-in.
      if !node.pointee.isKnown || !node.pointee.lowercasedTypeName.hasPrefix("beagle:") {
        properties.forEachStoredMember { key, value in
          guard Self.isScalar(value) else { return }
          out.append(" " as StaticString)
          out.append(key)
          out.append("=" as StaticString)
          out.append { ActionSummary.appendShort(value, to: &$0) }
        }
      }
    }
    if Self.isDisplayNone(style ?? properties.member(named: "style")) {
      out.append(" (hidden)" as StaticString)
    }
  }

  /// Appends what ``ActionSummary/text(_:)-(JSONValue?)`` shows for `field` (escaped by
  /// `out` as it escapes): a string without escapes in its document is copied from its
  /// bytes, no string made.
  private static func appendText(_ field: LazyJSONObject.StoredValue?, to out: inout OutlineText) {
    switch field {
    case .document(let node):
      if let range = node.unescapedStringRange {
        node.document.bytes.withUnsafeBufferPointer {
          out.append(utf8: UnsafeBufferPointer(rebasing: $0[range]))
        }
      } else if let string = node.stringValue {
        out.append(string)
      } else {
        out.append { ActionSummary.appendShort(field, to: &$0) }
      }
    case .value(.string(let string)):
      out.append(string)
    case .value, nil:
      out.append(ActionSummary.text(field))
    }
  }

  /// Whether `field` is `false`.
  private static func isFalse(_ field: LazyJSONObject.StoredValue?) -> Bool {
    switch field {
    case .document(let node): node.boolValue == false
    case .value(let value): value == .bool(false)
    case nil: false
    }
  }

  /// Whether `style` is an object whose `display` is `"NONE"`.
  private static func isDisplayNone(_ style: LazyJSONObject.StoredValue?) -> Bool {
    switch style {
    case .document(let node):
      guard node.kind == .object, let display = node["display"] else { return false }
      if let range = display.unescapedStringRange {
        return node.document.bytes[range].elementsEqual("NONE".utf8)
      }
      return display.stringValue == "NONE"
    case .value(let value): return value["display"] == .string("NONE")
    case nil: return false
    }
  }

  private static func isScalar(_ value: LazyJSONObject.StoredValue) -> Bool {
    switch value {
    case .document(let node): node.kind != .array && node.kind != .object
    case .value(let value): isScalar(value)
    }
  }

  private static func isScalar(_ value: JSONValue) -> Bool {
    switch value {
    case .array, .object: false
    default: true
    }
  }

  /// Appends an image's `path` as the outline shows it: `local ID`, `remote URL`, or
  /// the field itself; read where the path is held (in the document or as a value).
  private static func appendImageSummary(
    _ path: LazyJSONObject.StoredValue?, to out: inout OutlineText
  ) {
    guard let path else {
      out.append("(no path)" as StaticString)
      return
    }
    guard path.isObject else {
      appendText(path, to: &out)
      return
    }
    switch path.objectMember("_beagleImagePath_")?.stringValue {
    case "local":
      out.append("local " as StaticString)
      appendText(path.objectMember("mobileId"), to: &out)
    case "remote":
      out.append("remote " as StaticString)
      appendText(path.objectMember("url"), to: &out)
    default:
      out.append { ActionSummary.appendShort(path, to: &$0) }
    }
  }

}

extension LazyJSONObject.StoredValue {
  /// Whether the value is an object, wherever it is held.
  fileprivate var isObject: Bool {
    switch self {
    case .document(let node): node.kind == .object
    case .value(let value): value.objectValue != nil
    }
  }

  /// The member `key` of an object, held as the object is; nil for a non-object or
  /// a missing key.
  fileprivate func objectMember(_ key: String) -> LazyJSONObject.StoredValue? {
    switch self {
    case .document(let node): node[key].map(Self.document)
    case .value(let value): value.objectValue?[key].map(Self.value)
    }
  }
}
