import BeagleExpressions
import BeagleJSON

/// A running Beagle app: the navigator (stack of stacks), the global context, the
/// open dialog, and what happened during the current step.
///
/// The first screen is the only screen of the only stack (docs/spec.md §3.5); its contexts start
/// with their declared values and `global` with null or the value given (docs/spec.md §4.6).
/// Everything the app configures is given once, as a ``Configuration``. Actions run
/// through ``run(_:event:origin:implicit:)``; what a step did (its actions, log,
/// navigation event, requests, analytics) is collected in one ``StepRecord`` until
/// ``state(step:event:)`` reports it and starts an empty one.
public struct Session: Sendable {
  /// What the app configured: registry, platform rules, clients, mocks, analytics.
  /// The view client in it keeps what it fetched (its cache) as the session runs.
  public private(set) var configuration: Configuration
  public let evaluator: Evaluator
  public internal(set) var navigator: Navigator { didSet { evaluatedTop = nil } }
  public private(set) var global: JSONValue { didSet { evaluatedTop = nil } }
  /// The top screen with its bindings evaluated, kept until the navigator or
  /// `global` changes (see ``evaluatedTopScreen()``).
  private var evaluatedTop: ComponentNode?
  /// The open alert or confirm, until a `choose` step answers it.
  public private(set) var dialog: Dialog?
  /// Every input the session read (the first screen, fetched screens), by name, so
  /// diagnostics can show their source lines.
  public private(set) var sources: [String: [UInt8]] = [:]
  /// What the current step did, reported by the next state.
  var stepRecord = StepRecord()
  /// How many components `addChildren` added so far: each gets its own path.
  var addedComponents = 0
  /// `sendRequest`s whose callbacks have not run yet.
  var requestQueue = RequestQueue()
  /// What navigation remembers between steps (screens already prefetched, notes given).
  var navigationMemory = NavigationMemory()
  /// The text input being edited, if any (`type` and `tap` give focus).
  var focusedInput: FocusedInput?
  /// What the session exercised (`test --coverage`); nil unless the configuration
  /// ``Configuration/collectsCoverage``.
  public internal(set) var coverage: CoverageLog?

  /// A session showing `firstScreen`, the only screen of the only stack, configured
  /// once and for all by `configuration`.
  public init(configuration: Configuration, firstScreen: Screen) {
    self.configuration = configuration
    // Web evaluates expressions as web-core does (docs/spec.md §10.13, §10.14); Android as iOS.
    self.evaluator = Evaluator(
      library: configuration.operations.adopting(configuration.profile == .web ? .web : .ios),
      limits: configuration.limits)
    self.navigator = Navigator(
      root: firstScreen, profile: configuration.profile, animation: configuration.animation)
    self.global = configuration.global
    self.coverage = configuration.collectsCoverage ? CoverageLog() : nil
  }

  /// The component and action types screens are decoded with.
  public var registry: Registry { configuration.registry }
  /// Fetches remote screens (see ``Configuration/viewClient``).
  var viewClient: (any ViewClient)? {
    get { configuration.viewClient }
    set { configuration.viewClient = newValue }
  }
  var urlBuilder: URLBuilder { configuration.urlBuilder }
  var mocks: MockSet { configuration.mocks }
  var requestClient: (any RequestClient)? { configuration.requestClient }
  var analyticsConfig: AnalyticsConfig { configuration.analytics }
  var deepLinkHandler: DeepLinkHandler? { configuration.deepLinkHandler }
  var settingSpelling: @Sendable (Setting) -> String { configuration.settingSpelling }

  /// The screen the user sees.
  public var topScreen: Screen? { navigator.topScreen }

  /// The stacks as lists of screens, bottom first.
  public var stacks: [[Screen]] { navigator.stacks.map(\.screens) }

  /// The state right after the first screen loaded (step 0).
  public mutating func initialState(log: [Diagnostic]) -> RunState {
    stepRecord.log = log + stepRecord.log
    topScreenAppeared()
    return state(step: 0, event: "load \(navigator.topScreen.route)")
  }

  /// The current state, the top screen's bindings evaluated, with what happened
  /// since the previous state; then starts collecting for the next step. Answers
  /// that arrived during the step run their callbacks, then new components settle
  /// (``settle()``: `onInit`, lazy components, and the answers those requests get).
  public mutating func state(step: Int, event: String) -> RunState {
    deliverAnswers()
    blurInputOfLeftScreen()
    deliverAnswers()
    let rendered = settle()
    finishRequests()
    let top = navigator.topScreen
    let record = stepRecord
    stepRecord = StepRecord()
    let result = RunState(
      step: step, event: event, actions: record.actions, stacks: stacks,
      navigationEvent: record.navigationEvent, screen: rendered,
      contexts: contexts(in: rendered, of: top), dialog: dialog,
      requests: record.requests, externalURLs: navigator.externalURLs,
      analytics: record.analytics, log: record.log)
    return result
  }

  /// The top screen with its bindings evaluated. Evaluation depends only on the
  /// navigator (screens, their contexts) and `global`, so the result is kept until
  /// one of them changes: a step that only reads the screen, and the state after
  /// it, evaluate it once.
  mutating func evaluatedTopScreen() -> ComponentNode {
    if let evaluatedTop { return evaluatedTop }
    let evaluated = ScreenEvaluator(evaluator: evaluator).evaluate(
      navigator.topScreen, global: global)
    evaluatedTop = evaluated
    return evaluated
  }

  /// Adds a diagnostic to the current step's log.
  public mutating func report(_ diagnostic: Diagnostic) { stepRecord.log.append(diagnostic) }

  /// Adds a request to the current step's `requests`.
  public mutating func record(_ request: RequestRecord) {
    stepRecord.requests.append(request)
  }

  /// Records an input so diagnostics about it can quote it.
  public mutating func remember(source name: String, bytes: [UInt8]) { sources[name] = bytes }

  /// Every context declared on `screen`'s rendered tree with its current value,
  /// outermost first (pre-order), then `global`. Contexts declared inside list
  /// items are listed once per item, at the item's rendered path.
  public func contexts(of screen: Screen) -> [ContextEntry] {
    contexts(in: ScreenEvaluator(evaluator: evaluator).evaluate(screen, global: global), of: screen)
  }

  /// The contexts declared on a rendered tree (see ``contexts(of:)``), then `global`.
  func contexts(in rendered: ComponentNode, of screen: Screen) -> [ContextEntry] {
    var entries = screen.navigationContextEntries
    var work = [rendered]
    while let node = work.popLast() {
      if let context = node.context, context.id != ContextScope.globalId {
        let pointer = node.location.pointer
        entries.append(
          ContextEntry(
            id: context.id, value: screen.value(of: context, at: pointer),
            declaredAt: pointer))
      }
      work.append(contentsOf: node.children.reversed())
    }
    entries.append(ContextEntry(id: ContextScope.globalId, value: global, declaredAt: nil))
    return entries
  }

  /// The scope of the component at `origin`, or nil when its screen has left the
  /// navigator.
  public func scope(at origin: Origin) -> ContextScope? {
    navigator.screen(serial: origin.screen).map { scope(at: origin.path, in: $0) }
  }

  /// An origin on the top screen.
  public func originOnTop(_ path: JSONPointer) -> Origin {
    Origin(screen: navigator.topScreen.serial, path: path)
  }

  func scope(at pointer: JSONPointer, in screen: Screen) -> ContextScope {
    resolver.resolve(pointer, in: screen, global: global).scope
  }

  /// Resolves rendered paths on this session's screens.
  var resolver: ScopeResolver { ScopeResolver(properties: PropertyEvaluator(evaluator: evaluator)) }

  // MARK: - setContext (docs/spec.md §7.1)

  /// Writes `value` into the context `contextId` seen from the component at `origin`
  /// (the nearest declaration on the origin or its ancestors; `global` is the global
  /// context), at `path` when given, with iOS's path rules (docs/spec.md §4.5).
  ///
  /// - Returns: a warning when no context with that id is in scope (iOS then does
  ///   nothing, silently); an error when the context's new value would exceed the
  ///   evaluator's ``ValueLimits`` (the context keeps its value).
  @discardableResult
  public mutating func setContext(
    _ contextId: String, path: ContextPath?, value: JSONValue, origin: JSONPointer
  ) -> Diagnostic? {
    setContext(contextId, path: path, value: value, origin: originOnTop(origin))
  }

  /// Writes into the context `contextId` seen from `origin`, on the origin's screen.
  @discardableResult
  public mutating func setContext(
    _ contextId: String, path: ContextPath?, value: JSONValue, origin: Origin
  ) -> Diagnostic? {
    if contextId == ContextScope.globalId {
      let newValue = path.map { global.setting(value, at: $0) } ?? value
      if let error = overLimit(contextId, newValue, origin: origin) { return error }
      global = newValue
      return nil
    }
    guard let screen = navigator.screen(serial: origin.screen),
      let declaration = resolver.resolve(origin.path, in: screen, global: global).declarations
        .last(where: { $0.id == contextId })
    else {
      return ContextMessage.notInScope(contextId: contextId).diagnostic(at: origin.path)
    }
    let newValue = path.map { declaration.value.setting(value, at: $0) } ?? value
    if let error = overLimit(contextId, newValue, origin: origin) { return error }
    navigator.updateScreen(serial: origin.screen) { screen in
      if let source = declaration.itemSource {
        screen.itemOverrides[declaration.key] = ItemOverride(source: source, value: newValue)
      } else {
        screen.contextValues[declaration.key] = newValue
      }
    }
    return nil
  }

  /// The error refusing `newValue` as the value of `contextId` when it exceeds the
  /// limits: a value that doubles on every write, or nests a context in itself, would
  /// otherwise exhaust memory or the stack.
  func overLimit(_ contextId: String, _ newValue: JSONValue, origin: Origin) -> Diagnostic? {
    guard let violation = evaluator.limits.violation(of: newValue) else { return nil }
    return ContextMessage.overLimit(contextId: contextId, violation: violation)
      .diagnostic(at: origin.path)
  }

  /// Replaces the global context (the CLI's `--global`).
  public mutating func setGlobal(_ value: JSONValue) { global = value }

  // MARK: - Navigation

  /// Runs a navigator operation and reports it; when the stacks changed, writes
  /// `navigationContext` into the new top screen and lets it appear.
  mutating func navigate(
    _ body: (inout Navigator) -> NavigationEvent, origin: JSONPointer,
    navigationContext: NavigationContext? = nil
  ) {
    let event = body(&navigator)
    stepRecord.navigationEvent = event
    for line in event.log { stepRecord.log.append(Diagnostic(.note, line, pointer: origin)) }
    didNavigate(event, navigationContext: navigationContext)
  }

  mutating func openDialog(_ dialog: Dialog) { self.dialog = dialog }
  mutating func closeDialog() { dialog = nil }
}

extension JSONPointer {
  /// Whether this pointer is `other` or one of its ancestors.
  public func isPrefix(of other: JSONPointer) -> Bool {
    count <= other.count && other.prefix(count) == self
  }
}
