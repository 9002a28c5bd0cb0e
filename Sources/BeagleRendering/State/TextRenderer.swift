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
  public func write(_ state: RunState, to output: (String) -> Void) {
    var out = "step \(state.step) · \(state.event)\n"
    if !state.actions.isEmpty {
      out += "actions\n"
      for action in state.actions { out += "  \(action.text)\n" }
    }
    out += "stacks\n"
    for (index, stack) in state.stacks.enumerated() {
      let routes = stack.map { "\($0.route) \"\($0.title.escapingControlCharacters())\"" }.joined(
        separator: " › ")
      let modal = index > 0 ? " (modal)" : ""
      out += "  \(index + 1). \(routes)\(modal)\n"
    }
    if let event = state.navigationEvent {
      out += "navigation: \(navigationLine(event))\n"
    }
    if let bar = state.navigationBar {
      out += "navigation bar: \"\(bar.title.escapingControlCharacters())\""
      if let back = bar.backButton { out += "  ‹ \(back)" }
      if !bar.items.isEmpty { out += "  [" + bar.items.joined(separator: "] [") + "]" }
      out += "\n"
    }
    if let screen = state.screen {
      out += "screen\n"
      outline(screen, depth: 1, into: &out, output: output)
    }
    if !state.contexts.isEmpty {
      out += "contexts\n"
      for context in state.contexts {
        out += "  \(context.id) = \(JSONPrinter().print(context.value))"
        if let at = context.declaredAt { out += "  (at \(at.isRoot ? "/" : at.description))" }
        out += "\n"
      }
    }
    // Dialogs, requests and analytics records show as their JSON, on one line each.
    if let dialog = state.dialog { out += "dialog: \(Self.json(dialog))\n" }
    for request in state.requests { out += "request: \(Self.json(request))\n" }
    // The state keeps every URL opened so far; the text, like requests and analytics,
    // shows what the step did.
    for url in state.stepExternalURLs { out += "external URL: \(url)\n" }
    for record in state.analytics { out += "analytics: \(Self.json(record))\n" }
    if !state.log.isEmpty {
      out += "log\n"
      for entry in state.log {
        let place = locate(entry).map { "\($0): " } ?? ""
        out += "  \(place)\(entry.severity.rawValue): \(entry.message.escapingControlCharacters())"
        if let pointer = entry.pointer {
          out += " (at \(pointer.isRoot ? "/" : pointer.description))"
        }
        out += "\n"
      }
    }
    Self.flush(&out, to: output)
  }

  /// Below this many bytes of text, the outline keeps collecting lines.
  private static let chunkSize = 65_536

  /// Hands `out` on and empties it.
  private static func flush(_ out: inout String, to output: (String) -> Void) {
    guard !out.isEmpty else { return }
    // Whatever a payload string brought along: no control character reaches the terminal.
    output(out.escapingControlCharacters(keepingNewlines: true))
    out.removeAll(keepingCapacity: true)
  }

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

  private func outline(
    _ node: ComponentNode, depth: Int, into out: inout String, output: (String) -> Void
  ) {
    let indent = String(repeating: "  ", count: depth)
    out += indent + line(for: node) + "\n"
    for handler in node.events { eventLines(handler, indent: indent + "  ", into: &out) }
    if let bar = node.navigationBar {
      for item in bar.items where !item.actions.isEmpty {
        eventLines(
          EventHandler(name: "[\(item.text)]", actions: item.actions, location: item.location),
          indent: indent + "  ", into: &out)
      }
    }
    for template in node.templates {
      var label = indent + "  template"
      if let condition = template.condition { label += " case \(ActionSummary.text(condition))" }
      out += label + "\n"
      outline(template.view, depth: depth + 2, into: &out, output: output)
    }
    for child in node.children { outline(child, depth: depth + 1, into: &out, output: output) }
    if out.utf8.count >= Self.chunkSize { Self.flush(&out, to: output) }
  }

  private func eventLines(_ handler: EventHandler, indent: String, into out: inout String) {
    guard !handler.actions.isEmpty else {
      out += "\(indent)\(handler.name) → (nothing)\n"
      return
    }
    let lead = "\(indent)\(handler.name) → "
    let continuation = String(repeating: " ", count: indent.count + handler.name.count + 1) + "→ "
    for (index, action) in handler.actions.enumerated() {
      out += (index == 0 ? lead : continuation) + ActionSummary.summary(of: action) + "\n"
      for nested in action.events {
        eventLines(nested, indent: indent + "    ", into: &out)
      }
    }
  }

  /// A component's type as the outline shows it: a placeholder says what it lacks,
  /// as its decode error does, rather than print an empty type name.
  static func typeLabel(of node: ComponentNode) -> String {
    if node.isKnown { return node.shortName }
    if node.type.isEmpty { return "(no \(DecodingSession.componentKey))" }
    return "\(node.type) (unknown component)"
  }

  /// `type #id summary` for one component.
  func line(for node: ComponentNode) -> String {
    var parts = [Self.typeLabel(of: node)]
    if let id = node.id { parts.append("#\(id.escapingControlCharacters())") }
    let properties = node.properties
    func quoted(_ key: String) -> String? {
      properties[key].map { "\"\(ActionSummary.text($0))\"" }
    }
    switch node.builtIn {
    case .text, .button:
      if let text = quoted("text") { parts.append(text) }
      if properties["enabled"] == .bool(false) { parts.append("(disabled)") }
    case .image:
      parts.append(imageSummary(properties["path"]))
    case .textInput:
      if let placeholder = quoted("placeholder") { parts.append("placeholder \(placeholder)") }
      if let value = quoted("value") { parts.append("value \(value)") }
      if let type = properties["type"] { parts.append("type \(ActionSummary.text(type))") }
    case .listView, .gridView:
      if let source = properties["dataSource"] {
        let shown =
          source.arrayValue.map { "[\($0.count) item\($0.count == 1 ? "" : "s")]" }
          ?? ActionSummary.text(source)
        parts.append("dataSource \(shown)")
      }
    case .lazyComponent:
      if let path = properties["path"] { parts.append("path \(ActionSummary.text(path))") }
    case .webView:
      if let url = properties["url"] { parts.append(ActionSummary.text(url)) }
    case .screenComponent:
      if let identifier = properties["identifier"] {
        parts.append("'\(ActionSummary.text(identifier))'")
      }
    case .tabBar:
      let titles = properties["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
      if !titles.isEmpty { parts.append("tabs " + titles.joined(separator: " | ")) }
    case .tabItem:
      if let title = quoted("title") { parts.append(title) }
    case .container, .touchable, .scrollView, .pageView, .pageIndicator, .tabView,
      .pullToRefresh, .simpleForm, .form, .formInput, .formSubmit:
      break
    case nil:
      // Custom types show their scalar fields; a type registered under the `beagle:`
      // namespace reads as a built-in.
      if !node.isKnown || !node.lowercasedTypeName.hasPrefix("beagle:") {
        for (key, value) in properties.members where isScalar(value) {
          parts.append("\(key)=\(ActionSummary.short(value))")
        }
      }
    }
    if let display = properties["style"]?["display"], display == .string("NONE") {
      parts.append("(hidden)")
    }
    return parts.joined(separator: " ")
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
