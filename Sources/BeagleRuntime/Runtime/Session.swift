import BeagleExpressions
import BeagleJSON

/// A running Beagle app: the navigation stacks, the global context, and the
/// operations expressions may call. The first screen is the only screen of the only
/// stack (§3.5); its contexts start with their declared values and `global` with
/// null or the value given (§4.6).
public struct Session: Sendable {
  public let registry: Registry
  public let evaluator: Evaluator
  public private(set) var stacks: [[Screen]]
  public private(set) var global: JSONValue

  public init(
    registry: Registry, firstScreen: Screen, global: JSONValue = .null,
    operations: OperationLibrary = .standard
  ) {
    self.registry = registry
    self.evaluator = Evaluator(library: operations)
    self.stacks = [[firstScreen]]
    self.global = global
  }

  /// The screen the user sees.
  public var topScreen: Screen? { stacks.last?.last }

  /// The state right after the first screen loaded (step 0).
  public func initialState(log: [Diagnostic]) -> RunState {
    state(step: 0, event: "load \(topScreen?.route ?? "")", log: log)
  }

  /// The current state, the top screen's bindings evaluated.
  public func state(
    step: Int, event: String, actions: [String] = [], log: [Diagnostic] = []
  ) -> RunState {
    let top = topScreen
    return RunState(
      step: step, event: event, actions: actions, stacks: stacks,
      screen: top.map { ScreenEvaluator(evaluator: evaluator).evaluate($0, global: global) },
      contexts: top.map(contexts(of:)) ?? [], log: log)
  }

  /// Every context declared on `screen` with its current value, outermost first
  /// (pre-order), then `global`.
  public func contexts(of screen: Screen) -> [ContextEntry] {
    var entries: [ContextEntry] = []
    // Recursion borrows each node instead of copying it onto a work list; depth is
    // bounded by the parser's nesting limit.
    func visit(_ node: ComponentNode) {
      if let context = node.context, context.id != ContextScope.globalId {
        let pointer = node.location.pointer
        entries.append(
          ContextEntry(
            id: context.id, value: screen.contextValues[pointer] ?? context.value,
            declaredAt: pointer))
      }
      for child in node.children { visit(child) }
    }
    visit(screen.node)
    entries.append(ContextEntry(id: ContextScope.globalId, value: global, declaredAt: nil))
    return entries
  }

  /// The scope of the component at `pointer` on the top screen: the contexts of the
  /// component and its ancestors, with their current values, and `global`.
  public func scope(at pointer: JSONPointer) -> ContextScope {
    var scope = ContextScope(global: global)
    guard let screen = topScreen else { return scope }
    var node = screen.node
    scope = ScreenEvaluator.scope(scope, entering: node, screen: screen)
    while let child = node.children.first(where: { $0.location.pointer.isPrefix(of: pointer) }) {
      node = child
      scope = ScreenEvaluator.scope(scope, entering: node, screen: screen)
    }
    return scope
  }

  // MARK: - setContext (§7.1)

  /// Writes `value` into the context `contextId` seen from the component at `origin`
  /// (the nearest declaration on the origin or its ancestors; `global` is the global
  /// context), at `path` when given, with iOS's path rules (§4.5).
  ///
  /// - Returns: what happened, for the state's log; iOS does nothing, silently, when
  ///   no context with that id is in scope — beagle-run says so as a warning.
  @discardableResult
  public mutating func setContext(
    _ contextId: String, path: ContextPath?, value: JSONValue, origin: JSONPointer
  ) -> Diagnostic? {
    if contextId == ContextScope.globalId {
      global = path.map { global.setting(value, at: $0) } ?? value
      return nil
    }
    guard var screen = stacks.last?.last else { return nil }
    guard let declaration = Self.nearestDeclaration(of: contextId, in: screen.node, above: origin)
    else {
      return Diagnostic(
        .warning,
        "setContext: no context '\(contextId)' is in scope; nothing happens (iOS does nothing)",
        pointer: origin)
    }
    let current = screen.contextValues[declaration.pointer] ?? declaration.value
    screen.contextValues[declaration.pointer] = path.map { current.setting(value, at: $0) } ?? value
    stacks[stacks.count - 1][stacks[stacks.count - 1].count - 1] = screen
    return nil
  }

  /// Replaces the global context (the CLI's `--global`).
  public mutating func setGlobal(_ value: JSONValue) { global = value }

  /// The declaration of `id` nearest to `origin` among it and its ancestors.
  static func nearestDeclaration(
    of id: String, in root: ComponentNode, above origin: JSONPointer
  )
    -> (pointer: JSONPointer, value: JSONValue)?
  {
    var found: (pointer: JSONPointer, value: JSONValue)?
    var node: ComponentNode? = root
    while let current = node {
      if let context = current.context, context.id == id {
        found = (current.location.pointer, context.value)
      }
      node = current.children.first { $0.location.pointer.isPrefix(of: origin) }
    }
    return found
  }
}

extension JSONPointer {
  /// Whether this pointer is `other` or one of its ancestors.
  public func isPrefix(of other: JSONPointer) -> Bool {
    tokens.count <= other.tokens.count && Array(other.tokens.prefix(tokens.count)) == tokens
  }
}
