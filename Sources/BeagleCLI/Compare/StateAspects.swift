import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// The parts of a state that `--compare-profiles` compares, each as the lines the
/// text outline prints for it, keyed in outline order: `actions`, `stacks`,
/// `navigation`, `navigation bar`, `screen`, `contexts.ID` (one per context),
/// `dialog`, `requests`, `external URLs`, `log`.
///
/// Log entries that name the platform rule they follow (`(web rule; …)`) are not
/// an aspect: they say why the others differ (``rules``). Analytics records always
/// differ (each names its platform) and are left out.
struct StateAspects: Equatable {
  /// Aspect name → lines; an aspect without lines is absent from the state.
  var lines: [(name: String, lines: [String])]
  /// The rule-naming log entries of the state.
  var rules: [Diagnostic]

  static func == (lhs: StateAspects, rhs: StateAspects) -> Bool {
    lhs.lines.elementsEqual(rhs.lines) { $0.name == $1.name && $0.lines == $1.lines }
      && lhs.rules == rhs.rules
  }

  init(_ state: RunState) {
    var lines: [(String, [String])] = []
    func add(_ name: String, _ values: [String]) {
      if !values.isEmpty { lines.append((name, values)) }
    }
    add("actions", state.actions.map(\.text))
    add(
      "stacks",
      state.stacks.enumerated().map { index, stack in
        let routes = stack.map { "\($0.route) \"\($0.title)\"" }.joined(separator: " › ")
        return "\(index + 1). \(routes)\(index > 0 ? " (modal)" : "")"
      })
    if let bar = state.navigationBar {
      var line = "\"\(bar.title)\""
      if let back = bar.backButton { line += "  ‹ \(back)" }
      if !bar.items.isEmpty { line += "  [" + bar.items.joined(separator: "] [") + "]" }
      add("navigation bar", [line])
    }
    add("screen", Self.outline(of: state))
    for context in state.contexts {
      add("contexts.\(context.id)", [JSONPrinter().print(context.value)])
    }
    if let dialog = state.dialog {
      add("dialog", [JSONPrinter().print(JSONStateRenderer.value(of: dialog))])
    }
    add("requests", state.requests.map { JSONPrinter().print(JSONStateRenderer.value(of: $0)) })
    add("external URLs", state.externalURLs)
    var rules: [Diagnostic] = []
    var log: [String] = []
    for entry in state.log {
      if ProfileRule.namesRule(entry.message) {
        rules.append(entry)
      } else {
        log.append(Self.text(of: entry))
      }
    }
    add("log", log)
    self.lines = lines
    self.rules = rules
  }

  func lines(of name: String) -> [String] { lines.first { $0.name == name }?.lines ?? [] }

  /// `warning: message (at /pointer)`.
  static func text(of entry: Diagnostic) -> String {
    var text = "\(entry.severity.rawValue): \(entry.message)"
    if let pointer = entry.pointer { text += " (at \(pointer.isRoot ? "/" : pointer.description))" }
    return text
  }

  /// The screen's outline as the text renderer prints it, without indentation
  /// of the section (its lines start at the screen component).
  private static func outline(of state: RunState) -> [String] {
    guard let screen = state.screen else { return [] }
    let only = RunState(step: state.step, event: "", stacks: [], screen: screen)
    let text = TextRenderer().render(only)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "screen" }.dropFirst()
      .filter { !$0.isEmpty }
      .map { String($0.dropFirst(2)) }
  }
}
