import BeagleJSON

/// What performing a step produced.
public enum StepOutcome: Sendable, Equatable {
  case done
  /// An `expect` that did not hold; the message shows what was there instead.
  case expectationFailed(String)
  /// The step could not be performed (no such target, no dialog, …).
  case failed(String)
}

extension Session {
  /// Performs one script step on the current state, as a user would.
  public mutating func perform(_ step: ScriptStep) -> StepOutcome {
    defer { deliverAnswers() }  // the step's actions are done: requests' answers arrive
    // What the step reports is about the screen it looks at.
    let outerSite = context.reportingSite
    context.reportingSite = ReportingSite(screen: navigator.topScreen.serial)
    defer { context.reportingSite = outerSite }
    // Only the steps that look at the screen evaluate it (once per state: see
    // ``evaluatedTopScreen()``).
    switch step {
    case .tap(let target):
      let screen = evaluatedTopScreen()
      let items = (navigator.topScreen.node.navigationBar?.items ?? []).filter { item in
        switch target {
        case .id(let id): item.id == id
        case .text(let text): item.text == text
        }
      }
      let barItems = navigator.topScreen.node.navigationBar?.items ?? []
      if let item = items.first {
        if items.count > 1 || (try? Self.tappable(target, in: screen).get()) != nil {
          return .failed(
            "\(target) matches more than one component or navigation bar item; use #id")
        }
        if let index = barItems.firstIndex(of: item) {
          context.stepRecord.target = .navigationBarItem(index)
        }
        blurOnWebTap()
        run(item.actions, event: "onPress", origin: JSONPointer())
        return .done
      }
      switch Self.tappable(target, in: screen, navigationBarItems: barItems) {
      case .success(let node):
        context.stepRecord.target = .component(node.location.pointer)
        if node.builtIn == .textInput { return tapInput(node, target) }
        blurOnWebTap()
        guard let handler = node.event("onPress") else { return .done }
        if node.properties["enabled"] == .bool(false) {
          report(ScriptMessage.tapOnDisabled(target).diagnostic(at: node.location.pointer))
          return .done
        }
        run(handler.actions, event: "onPress", origin: node.location.pointer)
        return .done
      case .failure(let message):
        return .failed(message.message)
      }
    case .type(let target, let text):
      return type(text, into: target, on: evaluatedTopScreen())
    case .event(let target, let name, let value):
      return fire(name, value: value, on: target, in: evaluatedTopScreen())
    case .back:
      context.navigate({ $0.pop() }, origin: JSONPointer())
      return .done
    case .action(let value):
      let (decoded, diagnostics) = Decoder(registry: registry, profile: navigator.profile)
        .decodeAction(value)
      context.stepRecord.log += diagnostics
      guard let decoded else { return .failed("the step's JSON is not an action") }
      // Its expressions are checked as the same action's inside a screen would be, in
      // the scope it runs in: the top screen's root.
      let contexts = context.scope(at: JSONPointer(), in: navigator.topScreen).contexts.map(\.id)
      let checked = BindingChecker(
        operations: evaluator.library, profile: navigator.profile
      ).check(
        decoded, contexts: contexts)
      context.noteCheckedTargets(in: checked)
      context.stepRecord.log += checked
      run([decoded], event: "action", origin: JSONPointer())
      return .done
    case .choose(let label):
      guard let dialog else { return .failed("no dialog is open to choose \"\(label)\" in") }
      guard let button = dialog.buttons.first(where: { $0.label == label }) else {
        let labels = dialog.buttons.map { "\"\($0.label)\"" }.joined(separator: ", ")
        return .failed(
          "the \(dialog.kind.rawValue) has no button \"\(label)\"; its buttons are \(labels)")
      }
      context.dialog = nil
      context.stepRecord.target = .dialogButton(label)
      run(
        button.actions, event: button.event, origin: dialog.origin, implicits: dialog.implicits,
        depth: 0)
      return .done
    case .respond(let status, let body, let selector):
      return respond(status: status, body: body, to: selector)
    case .expectText(let text):
      let texts = Self.visibleTexts(in: evaluatedTopScreen())
      return texts.contains(text)
        ? .done : .expectationFailed("expected text \"\(text)\"; \(Self.describe(texts))")
    case .expectNoText(let text):
      let texts = Self.visibleTexts(in: evaluatedTopScreen())
      return texts.contains(text)
        ? .expectationFailed("expected no text \"\(text)\", but the screen shows it") : .done
    case .expectTitle(let title):
      let actual = navigator.topScreen.node.navigationBar?.title
      return actual == title
        ? .done
        : .expectationFailed(
          "expected title \"\(title)\"; the title is "
            + (actual.map { "\"\($0)\"" } ?? "absent (no navigation bar)"))
    case .expectStacks(let count):
      let actual = navigator.stacks.count
      return actual == count
        ? .done : .expectationFailed("expected \(count) stacks; there are \(actual)")
    case .expectDepth(let count):
      let actual = navigator.currentStack.count
      return actual == count
        ? .done
        : .expectationFailed("expected depth \(count); the top stack holds \(actual) screens")
    }
  }

  // MARK: - Targets

  /// The texts a user sees: texts, button labels, text inputs' values or placeholders.
  static func visibleTexts(in root: ComponentNode) -> [String] {
    var texts: [String] = []
    func visit(_ node: ComponentNode) {
      if node.properties["style"]?["display"] == .string("NONE") { return }
      texts.append(contentsOf: labels(of: node))
      for child in node.children { visit(child) }
    }
    visit(root)
    return texts
  }

  static func labels(of node: ComponentNode) -> [String] {
    switch node.builtIn {
    case .text, .button:
      return node.properties["text"]?.stringValue.map { [$0] } ?? []
    case .textInput:
      return ["value", "placeholder"].compactMap { node.properties[$0]?.stringValue }
        .filter { !$0.isEmpty }
    default:
      return []
    }
  }

  /// The component a `tap` presses: by id, or the button, or the touchable around
  /// the text, whose visible text is `target`.
  ///
  /// When nothing matches, the error lists the screen's texts and ids, then the
  /// `navigationBarItems` (which `tap` fires too), and suggests the closest of all.
  static func tappable(
    _ target: Target, in root: ComponentNode, navigationBarItems: [NavigationBarItem] = []
  ) -> Result<
    ComponentNode, TargetError
  > {
    var matches: [ComponentNode] = []
    func visit(_ node: ComponentNode, pressable: ComponentNode?) {
      let pressable = node.event("onPress") != nil ? node : pressable
      switch target {
      case .id(let id):
        if node.id == id { matches.append(node) }
      case .text(let text):
        if labels(of: node).contains(text) { matches.append(pressable ?? node) }
      }
      for child in node.children { visit(child, pressable: pressable) }
    }
    visit(root, pressable: nil)
    guard !matches.isEmpty else {
      let ids = allIds(in: root)
      let texts = visibleTexts(in: root)
      let names: [String]
      switch target {
      case .id: names = ids + navigationBarItems.compactMap(\.id)
      case .text: names = texts + navigationBarItems.map(\.text)
      }
      let items = navigationBarItems.map { item in
        "\"\(item.text)\"" + (item.id.map { " #\($0)" } ?? "")
      }
      return .failure(
        TargetError(
          message: "nothing on the screen matches \(target)"
            + suggestion(for: target, among: names) + "; " + describe(texts)
            + (ids.isEmpty ? "" : "; ids: " + capped(ids.map { "#\($0)" }))
            + (items.isEmpty ? "" : "; navigation bar items: " + capped(items))))
    }
    guard matches.count == 1 else {
      return .failure(ambiguity(target, matches))
    }
    return .success(matches[0])
  }

  /// The error for a target that several components match, listing them.
  static func ambiguity(_ target: Target, _ matches: [ComponentNode]) -> TargetError {
    let list = matches.map {
      "\($0.shortName)\($0.id.map { " #\($0)" } ?? "") at \($0.location.pointer)"
    }
    return TargetError(
      message: "\(target) matches \(matches.count) components: " + list.joined(separator: "; ")
        + "; use #id to pick one")
  }

  struct TargetError: Error {
    var message: String
  }

  private static func allIds(in root: ComponentNode) -> [String] {
    var ids: [String] = []
    func visit(_ node: ComponentNode) {
      if let id = node.id { ids.append(id) }
      for child in node.children { visit(child) }
    }
    visit(root)
    return ids
  }

  static func describe(_ texts: [String]) -> String {
    texts.isEmpty
      ? "the screen shows no text"
      : "the screen shows " + capped(texts.map { "\"\($0)\"" })
  }
}
