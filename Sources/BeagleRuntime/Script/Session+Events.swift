import BeagleJSON

extension Session {
  /// `type TARGET "text"` on a text input (docs/spec.md §2.7): the field gets focus unless it has
  /// it (the field that had focus runs `onBlur`, this one `onFocus` with its current
  /// text), then the text replaces the content and `onChange` runs with it; each with
  /// its implicit context `{value}` (iOS `TextInput`). The field keeps focus: its
  /// `onBlur` runs when another field gets focus or its screen leaves the top. The
  /// field shows the typed text until its `value` binding changes.
  mutating func type(_ text: String, into target: Target, on screen: ComponentNode) -> StepOutcome {
    let input: ComponentNode
    switch Self.find(
      target, in: screen, what: "text input", where: { $0.builtIn == .textInput })
    {
    case .success(let node): input = node
    case .failure(let error): return .failed(error.message)
    }
    let path = input.location.pointer
    context.stepRecord.target = .component(path)
    if Self.isReadOnly(input) {
      report(ScriptMessage.typeIntoReadOnlyInput(target).diagnostic(at: path))
      return .done
    }
    let top = navigator.topScreen
    let origin = Origin(screen: top.serial, path: path)
    focus(input)
    noteTyped(text, at: origin)
    context.navigator.updateScreen(serial: top.serial) { screen in
      screen.typedTexts[path] = TypedText(text: text, boundValue: nil)
    }
    let value: JSONValue = ["value": .string(text)]
    if let onChange = input.event("onChange") {
      run(onChange.actions, event: "onChange", origin: origin, implicit: ("onChange", value))
    }
    // The field shows the typed text until its `value` binding changes from what it
    // gives now (onChange usually wrote the typed text into it).
    if var screen = navigator.screen(serial: top.serial) {
      screen.typedTexts[path] = nil
      let rendered = ScreenEvaluator(evaluator: evaluator, profile: navigator.profile).evaluate(
        screen, global: global)
      let bound = Self.node(at: path, in: rendered)?.properties["value"]
      context.navigator.updateScreen(serial: top.serial) { screen in
        screen.typedTexts[path] = TypedText(text: text, boundValue: bound)
      }
    }
    return .done
  }

  /// The rendered component at `path`.
  static func node(at path: JSONPointer, in root: ComponentNode) -> ComponentNode? {
    var work = [root]
    while let node = work.popLast() {
      if node.location.pointer == path { return node }
      work.append(contentsOf: node.children.filter { $0.location.pointer.isPrefix(of: path) })
    }
    return nil
  }

  /// `event TARGET NAME [JSON]`: runs the component's `NAME` actions with the
  /// implicit context `NAME` holding the value when one is given (`onPageChange`
  /// 2, `onTabSelection` 0, `onScrollEnd`, `onPull`, …).
  mutating func fire(
    _ name: String, value: JSONValue?, on target: Target, in screen: ComponentNode
  ) -> StepOutcome {
    let node: ComponentNode
    switch Self.find(target, in: screen, what: "component", where: { _ in true }) {
    case .success(let found): node = found
    case .failure(let error): return .failed(error.message)
    }
    context.stepRecord.target = .component(node.location.pointer)
    guard let handler = node.event(name) else {
      let names = node.events.map(\.name)
      let suggestion = Suggestion.closestName(to: name, among: names)
      return .failed(
        "\(target) (\(node.shortName)) has no '\(name)' event"
          + (names.isEmpty
            ? "; it has none"
            : (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (its events: "
              + names.joined(separator: ", ") + ")"))
    }
    run(
      handler.actions, event: name, origin: originOnTop(node.location.pointer),
      implicit: value.map { (name, $0) })
    return .done
  }

  /// The one component that `target` designates among those `accepts` lets
  /// through: by id, or by visible text (a text input's placeholder or value, a
  /// text's text, a button's label).
  static func find(
    _ target: Target, in root: ComponentNode, what: String,
    where accepts: (ComponentNode) -> Bool
  ) -> Result<ComponentNode, TargetError> {
    var matches: [ComponentNode] = []
    func visit(_ node: ComponentNode) {
      if accepts(node) {
        switch target {
        case .id(let id): if node.id == id { matches.append(node) }
        case .text(let text): if labels(of: node).contains(text) { matches.append(node) }
        }
      }
      for child in node.children { visit(child) }
    }
    visit(root)
    guard matches.count == 1 else {
      if matches.isEmpty {
        var candidates: [String] = []
        var names: [String] = []
        func list(_ node: ComponentNode) {
          if accepts(node) {
            switch target {
            case .id:
              if let id = node.id {
                names.append(id)
                candidates.append("#\(id) (\(node.shortName))")
              }
            case .text:
              for label in labels(of: node) {
                names.append(label)
                candidates.append("\"\(label)\" (\(node.shortName))")
              }
            }
          }
          for child in node.children { list(child) }
        }
        list(root)
        return .failure(
          TargetError(
            message: "no \(what) on the screen matches \(target)"
              + suggestion(for: target, among: names)
              + (candidates.isEmpty
                ? "; the screen has none with \(target.isID ? "an id" : "a visible text")"
                : "; candidates: " + capped(candidates))))
      }
      return .failure(ambiguity(target, matches))
    }
    return .success(matches[0])
  }

  /// `; did you mean #name?` for a target close to one on the screen.
  static func suggestion(for target: Target, among names: [String]) -> String {
    switch target {
    case .id(let id):
      Suggestion.closest(to: id, among: names).map { "; did you mean #\($0)?" } ?? ""
    case .text(let text):
      Suggestion.closest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
    }
  }

  /// The first ten items, then `and N more`: a long screen's list stays readable.
  static func capped(_ items: [String], separator: String = ", ", limit: Int = 10) -> String {
    guard items.count > limit else { return items.joined(separator: separator) }
    return items.prefix(limit).joined(separator: separator) + separator
      + "and \(items.count - limit) more"
  }
}
