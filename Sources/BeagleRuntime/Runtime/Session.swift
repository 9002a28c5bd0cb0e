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
  /// Everything the session holds: what actions may change, and the configuration
  /// and evaluator they read. Executors are given it, not the session.
  var context: ActionContext

  /// A session showing `firstScreen`, the only screen of the only stack, configured
  /// once and for all by `configuration`.
  public init(configuration: Configuration, firstScreen: Screen) {
    context = ActionContext(configuration: configuration, firstScreen: firstScreen)
  }

  /// What the app configured: registry, platform rules, clients, mocks, analytics.
  /// Its view client keeps what it fetched (its cache) as the session runs.
  public var configuration: Configuration {
    var configuration = context.configuration
    configuration.viewClient = context.viewClient
    return configuration
  }
  public var evaluator: Evaluator { context.evaluator }
  public var navigator: Navigator { context.navigator }
  public var global: JSONValue { context.global }
  /// The open alert or confirm, until a `choose` step answers it.
  public var dialog: Dialog? { context.dialog }
  /// Every input the session read (the first screen, fetched screens), by name, so
  /// diagnostics can show their source lines.
  public var sources: [String: [UInt8]] { context.sources }
  /// What the session exercised (`test --coverage`); nil unless the configuration
  /// ``Configuration/collectsCoverage``.
  public var coverage: CoverageLog? { context.coverage }

  /// The component and action types screens are decoded with.
  public var registry: Registry { context.registry }
  /// Fetches remote screens, with what it fetched so far.
  var viewClient: (any ViewClient)? { context.viewClient }

  /// The screen the user sees.
  public var topScreen: Screen? { context.navigator.topScreen }

  /// The stacks as lists of screens, bottom first.
  public var stacks: [[Screen]] { context.navigator.stacks.map(\.screens) }

  /// The state right after the first screen loaded (step 0). `log` is what loading
  /// and checking the screen found (``ScreenChecker``): a `setContext` target it
  /// already flags does not warn again when the action runs.
  public mutating func initialState(log: [Diagnostic]) -> RunState {
    context.stepRecord.log = log + context.stepRecord.log
    context.noteCheckedTargets(in: log)
    // The render's second thread starts now: its part is rendered while this thread
    // prefetches the screen's routes (which change neither the screen nor `global`).
    context.startTopScreenRender()
    context.topScreenAppeared()
    return state(step: 0, event: "load \(context.navigator.topScreen.route)")
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
    let isEnding = context.requestQueue.isEnding
    finishRequests()
    if isEnding { AlertActions.reportOpenDialog(in: &context) }
    let top = context.navigator.topScreen
    let record = context.stepRecord
    let externalURLs = context.navigator.externalURLs
    context.stepRecord = StepRecord(externalURLsBefore: externalURLs.count)
    var result = RunState(
      step: step, event: event, actions: record.actions, stacks: stacks,
      navigationEvent: record.navigationEvent, screen: rendered,
      contexts: contexts(in: rendered, of: top), dialog: context.dialog,
      requests: record.requests, externalURLs: externalURLs,
      analytics: record.analytics, log: record.log)
    result.externalURLsOpenedInStep = max(0, externalURLs.count - record.externalURLsBefore)
    result.target = record.target
    return result
  }

  /// The top screen with its bindings evaluated (see
  /// ``ActionContext/evaluatedTopScreen()``).
  mutating func evaluatedTopScreen() -> ComponentNode { context.evaluatedTopScreen() }

  /// Adds a diagnostic to the current step's log.
  public mutating func report(_ diagnostic: Diagnostic) { context.report(diagnostic) }

  /// Adds a request to the current step's `requests`.
  public mutating func record(_ request: RequestRecord) { context.record(request) }

  /// Records an input so diagnostics about it can quote it.
  public mutating func remember(source name: String, bytes: [UInt8]) {
    context.remember(source: name, bytes: bytes)
  }

  /// Every context declared on `screen`'s rendered tree with its current value,
  /// outermost first (pre-order), then `global`. Contexts declared inside list
  /// items are listed once per item, at the item's rendered path.
  public func contexts(of screen: Screen) -> [ContextEntry] {
    contexts(
      in: ScreenEvaluator(evaluator: evaluator, profile: navigator.profile).evaluate(
        screen, global: global), of: screen)
  }

  /// The contexts declared on a rendered tree (see ``contexts(of:)``), then `global`.
  func contexts(in rendered: ComponentNode, of screen: Screen) -> [ContextEntry] {
    var entries = screen.navigationContextEntries
    // The walk gets a pointer to the screen: captured as a value, it was copied at
    // every component.
    withUnsafePointer(to: screen) { screen in
      rendered.forEachInPlace { node in
        if let context = node.pointee.context, context.id != ContextScope.globalId {
          let pointer = node.pointee.location.pointer
          entries.append(
            ContextEntry(
              id: context.id, value: screen.pointee.value(of: context, at: pointer),
              declaredAt: pointer))
        }
      }
    }
    entries.append(ContextEntry(id: ContextScope.globalId, value: global, declaredAt: nil))
    return entries
  }

  /// The scope of the component at `origin`, or nil when its screen has left the
  /// navigator.
  public func scope(at origin: Origin) -> ContextScope? { context.scope(at: origin) }

  /// An origin on the top screen.
  public func originOnTop(_ path: JSONPointer) -> Origin {
    Origin(screen: context.navigator.topScreen.serial, path: path)
  }

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
    context.setContext(contextId, path: path, value: value, origin: origin)
  }

  /// Replaces the global context (the CLI's `--global`).
  public mutating func setGlobal(_ value: JSONValue) { context.global = value }
}

extension JSONPointer {
  /// Whether this pointer is `other` or one of its ancestors.
  public func isPrefix(of other: JSONPointer) -> Bool {
    count <= other.count && other.prefix(count) == self
  }
}
