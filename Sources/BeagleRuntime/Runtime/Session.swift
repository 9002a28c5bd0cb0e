import BeagleExpressions
import BeagleJSON

/// A running Beagle app: the navigator (stack of stacks), the global context, the
/// open dialog, and what happened during the current step.
///
/// The first screen is the only screen of the only stack (docs/spec.md §3.5); its contexts start
/// with their declared values and `global` with null or the value given (docs/spec.md §4.6).
/// Actions run through ``run(_:event:origin:implicit:)``; each step's actions, log
/// and navigation event are collected until ``state(step:event:)`` reports them.
public struct Session: Sendable {
  public let registry: Registry
  public let evaluator: Evaluator
  public internal(set) var navigator: Navigator { didSet { evaluatedTop = nil } }
  public private(set) var global: JSONValue { didSet { evaluatedTop = nil } }
  /// The top screen with its bindings evaluated, kept until the navigator or
  /// `global` changes (see ``evaluatedTopScreen()``).
  private var evaluatedTop: ComponentNode?
  /// Fetches remote screens; nil when no BFF is configured (remote routes then fail
  /// with a clear error).
  public var viewClient: (any ViewClient)?
  public var urlBuilder: URLBuilder
  /// Answers `sendRequest`s first: the first mock that matches a request answers it.
  public var mocks = MockSet()
  /// Sends the `sendRequest`s no mock answers (`--base-url`); nil leaves them
  /// pending until a `respond` step answers them.
  public var requestClient: (any RequestClient)?
  /// The open alert or confirm, until a `choose` step answers it.
  public private(set) var dialog: Dialog?
  /// Every input the session read (the first screen, fetched screens), by name, so
  /// diagnostics can show their source lines.
  public private(set) var sources: [String: [UInt8]] = [:]

  // What the current step did, reported by the next state.
  var executed: [ExecutedAction] = []
  var log: [Diagnostic] = []
  var lastNavigation: NavigationEvent?
  var actionCount = 0
  /// Requests sent (or answered from a cache) during the current step.
  var requestRecords: [RequestRecord] = []
  /// How many components `addChildren` added so far: each gets its own path.
  var addedComponents = 0
  /// `sendRequest`s whose callbacks have not run yet.
  var requestQueue = RequestQueue()
  /// Analytics records created during the current step.
  var analyticsRecords: [AnalyticsRecord] = []
  /// The analytics provider's configuration (the manifest's `analytics`).
  public var analyticsConfig = AnalyticsConfig()
  /// Resolves openNativeRoute (the manifest's `nativeRoutes`); nil when none are declared.
  public var deepLinkHandler: DeepLinkHandler?
  /// What navigation remembers between steps (screens already prefetched, notes given).
  var navigationMemory = NavigationMemory()
  /// The text input being edited, if any (`type` and `tap` give focus).
  var focusedInput: FocusedInput?
  /// What the session exercised (`test --coverage`); nil records nothing.
  public var coverage: CoverageLog?
  /// How the front end spells a setting a message names (the command line: as its
  /// option), for messages that become the app's data (`onError.message`), which no
  /// front end prints as a message. Messages in the log keep the references.
  public var settingSpelling: @Sendable (Setting) -> String = { $0.rawValue }

  public init(
    registry: Registry, firstScreen: Screen, global: JSONValue = .null,
    operations: OperationLibrary = .standard, viewClient: (any ViewClient)? = nil,
    urlBuilder: URLBuilder = URLBuilder(baseURL: nil), profile: NavigationProfile = .ios,
    animation: NavigationAnimation = NavigationAnimation(), limits: ValueLimits = ValueLimits()
  ) {
    self.registry = registry
    // Web evaluates expressions as web-core does (docs/spec.md §10.13, §10.14); Android as iOS.
    self.evaluator = Evaluator(
      library: operations.adopting(profile == .web ? .web : .ios), limits: limits)
    self.navigator = Navigator(root: firstScreen, profile: profile, animation: animation)
    self.global = global
    self.viewClient = viewClient
    self.urlBuilder = urlBuilder
  }

  /// The screen the user sees.
  public var topScreen: Screen? { navigator.topScreen }

  /// The stacks as lists of screens, bottom first.
  public var stacks: [[Screen]] { navigator.stacks.map(\.screens) }

  /// The state right after the first screen loaded (step 0).
  public mutating func initialState(log: [Diagnostic]) -> RunState {
    self.log = log + self.log
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
    let result = RunState(
      step: step, event: event, actions: executed, stacks: stacks,
      navigationEvent: lastNavigation, screen: rendered,
      contexts: contexts(in: rendered, of: top), dialog: dialog,
      requests: requestRecords, externalURLs: navigator.externalURLs,
      analytics: analyticsRecords, log: log)
    executed = []
    log = []
    requestRecords = []
    analyticsRecords = []
    lastNavigation = nil
    actionCount = 0
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
  public mutating func report(_ diagnostic: Diagnostic) { log.append(diagnostic) }

  /// Adds a request to the current step's `requests`.
  public mutating func record(_ request: RequestRecord) { requestRecords.append(request) }

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
      return Diagnostic(
        .warning,
        "setContext: no context '\(contextId)' is in scope; nothing happens (iOS does nothing)",
        pointer: origin.path)
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
    return Diagnostic(
      .error,
      "setContext: the new value of '\(contextId)' would be \(violation) "
        + "(\(setting: violation.setting)); nothing happens",
      pointer: origin.path)
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
    lastNavigation = event
    for line in event.log { log.append(Diagnostic(.note, line, pointer: origin)) }
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
