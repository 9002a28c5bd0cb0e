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
        outline(screen, depth: 1, into: &out, printedEvents: &printedEvents, flush: flush)
      }
    }
    if !state.contexts.isEmpty {
      out.line("contexts")
      for context in state.contexts {
        var line = "  \(context.id) = \(JSONPrinter().print(context.value))"
        if let at = context.declaredAt { line += "  (at \(at.isRoot ? "/" : at.printed))" }
        out.line(line)
      }
    }
    // Dialogs, requests and analytics records show as their JSON, on one line each.
    if let dialog = state.dialog { out.line("dialog: \(Self.json(dialog))") }
    for request in state.requests { out.line("request: \(Self.json(request))") }
    // The state keeps every URL opened so far; the text, like requests and analytics,
    // shows what the step did.
    for url in state.stepExternalURLs { out.line("external URL: \(url)") }
    for record in state.analytics { out.line("analytics: \(Self.json(record))") }
    if !state.log.isEmpty {
      out.line("log")
      for entry in state.log {
        let place = locate(entry).map { "\($0): " } ?? ""
        // The rule id ends the message, as in `check`'s diagnostics: `… [dead-route]`.
        var line = "  \(place)\(entry.severity.rawValue): \(entry.message)"
        if let rule = entry.rule { line += " [\(rule)]" }
        if let pointer = entry.pointer {
          line += " (at \(pointer.isRoot ? "/" : pointer.printed))"
        }
        out.line(line)
      }
    }
    flush(&out)
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

  private static func json(_ request: RequestRecord) -> String {
    JSONPrinter().print(JSONStateRenderer.value(of: request))
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
  /// tree being written is alive, which keeps every list's storage where it is.
  private typealias PrintedEvents = [EventsKey: OutlineText.Snippet]

  private struct EventsKey: Hashable {
    var storage: UnsafeRawPointer
    var indent: Int
  }

  /// Components are read in place through pointers into their arrays: passed as
  /// values, each was copied, with its dozen reference-counted fields, to be read.
  private func outline(
    _ node: UnsafePointer<ComponentNode>, depth: Int, into out: inout OutlineText,
    printedEvents: inout PrintedEvents, flush: (inout OutlineText) -> Void
  ) {
    let indent = 2 * depth
    out.appendSpaces(indent)
    writeSummary(of: node, into: &out)
    out.endLine()
    let storage = node.pointee.events.withUnsafeBufferPointer {
      $0.baseAddress.map(UnsafeRawPointer.init)
    }
    if let storage, let printed = printedEvents[EventsKey(storage: storage, indent: indent)] {
      out.append(printed)
    } else {
      let start = out.byteCount
      for handler in node.pointee.events {
        eventLines(handler.name, handler.actions, indent: indent + 2, into: &out)
      }
      if let storage {
        printedEvents[EventsKey(storage: storage, indent: indent)] = out.snippet(from: start)
      }
    }
    if let bar = node.pointee.navigationBar {
      for item in bar.items where !item.actions.isEmpty {
        eventLines("[\(item.text)]", item.actions, indent: indent + 2, into: &out)
      }
    }
    for template in node.pointee.templates {
      out.appendSpaces(indent + 2)
      out.append("template")
      if let condition = template.condition {
        out.append(" case ")
        out.append(ActionSummary.text(condition))
      }
      out.endLine()
      withUnsafePointer(to: template.view) { view in
        outline(view, depth: depth + 2, into: &out, printedEvents: &printedEvents, flush: flush)
      }
    }
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      for index in children.indices {
        outline(
          first + index, depth: depth + 1, into: &out, printedEvents: &printedEvents,
          flush: flush)
      }
    }
    if out.byteCount >= Self.chunkSize { flush(&out) }
  }

  /// `name → summary` for each action (the later ones under the first arrow), each
  /// action's own callbacks below it, four spaces further in.
  private func eventLines(
    _ name: String, _ actions: [ActionNode], indent: Int, into out: inout OutlineText
  ) {
    out.appendSpaces(indent)
    out.append(name)
    guard !actions.isEmpty else {
      out.append(" → (nothing)")
      out.endLine()
      return
    }
    out.append(" → ")
    for (index, action) in actions.enumerated() {
      if index > 0 {
        // Under the first arrow: the name's width in characters, as it shows.
        out.appendSpaces(indent + name.count + 1)
        out.append("→ ")
      }
      out.append(ActionSummary.summary(of: action))
      out.endLine()
      for nested in action.events {
        eventLines(nested.name, nested.actions, indent: indent + 4, into: &out)
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
  private func writeSummary(of node: UnsafePointer<ComponentNode>, into out: inout OutlineText) {
    func part(_ text: String) {
      out.append(" " as StaticString)
      out.append(text)
    }
    if let definition = node.pointee.definition {
      out.append(definition.shortName)
    } else {
      out.append(Self.typeLabel(of: node.pointee))
    }
    if let id = node.pointee.id {
      out.append(" #" as StaticString)
      out.append(id)
    }
    // Members read one by one: properties still in their document are not materialised.
    let properties = node.pointee.properties
    // ` label"text"`, written piece by piece: a string's own control characters are
    // escaped by `out` as ``ActionSummary/text(_:)`` escapes them, byte for byte.
    func quotedPart(_ label: StaticString, _ key: String) {
      guard let value = properties[key] else { return }
      out.append(label)
      out.append("\"" as StaticString)
      if case .string(let string) = value {
        out.append(string)
      } else {
        out.append(ActionSummary.text(value))
      }
      out.append("\"" as StaticString)
    }
    switch node.pointee.builtIn {
    case .text, .button:
      quotedPart(" ", "text")
      if properties["enabled"] == .bool(false) { part("(disabled)") }
    case .image:
      part(imageSummary(properties["path"]))
    case .textInput:
      quotedPart(" placeholder ", "placeholder")
      quotedPart(" value ", "value")
      if let type = properties["type"] { part("type \(ActionSummary.text(type))") }
    case .listView, .gridView:
      if let source = properties.member("dataSource") {
        // An array still in the document is counted on the tape, not materialised.
        let count: Int? =
          switch source {
          case .document(let node): node.kind == .array ? node.count : nil
          case .value(let value): value.arrayValue?.count
          }
        let shown =
          count.map { "[\($0) item\($0 == 1 ? "" : "s")]" } ?? ActionSummary.text(source.value)
        part("dataSource \(shown)")
      }
    case .lazyComponent:
      if let path = properties["path"] { part("path \(ActionSummary.text(path))") }
    case .webView:
      if let url = properties["url"] { part(ActionSummary.text(url)) }
    case .screenComponent:
      if let identifier = properties["identifier"] {
        part("'\(ActionSummary.text(identifier))'")
      }
    case .tabBar:
      let titles = properties["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
      if !titles.isEmpty { part("tabs " + titles.joined(separator: " | ")) }
    case .tabItem:
      quotedPart(" ", "title")
    case .container, .touchable, .scrollView, .pageView, .pageIndicator, .tabView,
      .pullToRefresh, .simpleForm, .form, .formInput, .formSubmit:
      break
    case nil:
      // Custom types show their scalar fields; a type registered under the `beagle:`
      // namespace reads as a built-in.
      if !node.pointee.isKnown || !node.pointee.lowercasedTypeName.hasPrefix("beagle:") {
        for (key, value) in properties.object.members where isScalar(value) {
          part("\(key)=\(ActionSummary.short(value))")
        }
      }
    }
    if let display = properties.value(forKey: "style", member: "display"),
      display == .string("NONE")
    {
      part("(hidden)")
    }
  }

  private func isScalar(_ value: JSONValue) -> Bool {
    switch value {
    case .array, .object: false
    default: true
    }
  }

  private func imageSummary(_ path: JSONValue?) -> String {
    guard let path else { return "(no path)" }
    guard let object = path.objectValue else { return ActionSummary.text(path) }
    switch object["_beagleImagePath_"]?.stringValue {
    case "local": return "local \(ActionSummary.text(object["mobileId"]))"
    case "remote": return "remote \(ActionSummary.text(object["url"]))"
    default: return ActionSummary.short(path)
    }
  }
}
