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
      outline(screen, depth: 1, into: &out, output: output)
    }
    if !state.contexts.isEmpty {
      out.line("contexts")
      for context in state.contexts {
        var line = "  \(context.id) = \(JSONPrinter().print(context.value))"
        if let at = context.declaredAt { line += "  (at \(at.isRoot ? "/" : at.description))" }
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
          line += " (at \(pointer.isRoot ? "/" : pointer.description))"
        }
        out.line(line)
      }
    }
    out.flush(to: output)
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

  private func outline(
    _ node: ComponentNode, depth: Int, into out: inout OutlineText, output: (String) -> Void
  ) {
    let indent = Self.spaces(2 * depth)
    out.line(indent + line(for: node))
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
      out.line(label)
      outline(template.view, depth: depth + 2, into: &out, output: output)
    }
    for child in node.children { outline(child, depth: depth + 1, into: &out, output: output) }
    if out.byteCount >= Self.chunkSize { out.flush(to: output) }
  }

  /// Runs of spaces the outline indents with, made once: `String(repeating:count:)`
  /// appends its string `count` times, for every line.
  private static let indents: [String] = (0..<64).map { String(repeating: " ", count: $0) }

  /// `count` spaces.
  private static func spaces(_ count: Int) -> String {
    count < indents.count ? indents[max(0, count)] : String(repeating: " ", count: count)
  }

  private func eventLines(_ handler: EventHandler, indent: String, into out: inout OutlineText) {
    guard !handler.actions.isEmpty else {
      out.line("\(indent)\(handler.name) → (nothing)")
      return
    }
    let lead = "\(indent)\(handler.name) → "
    let continuation = Self.spaces(indent.count + handler.name.count + 1) + "→ "
    for (index, action) in handler.actions.enumerated() {
      out.line((index == 0 ? lead : continuation) + ActionSummary.summary(of: action))
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
    if let id = node.id { parts.append("#\(id)") }
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
