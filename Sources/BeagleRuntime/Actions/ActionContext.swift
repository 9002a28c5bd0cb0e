import BeagleExpressions
import BeagleJSON

/// What actions may change as a session runs — the navigator, the global context,
/// the open dialog, the current step's record, the requests in flight, the focused
/// input, what navigation remembers, the view client's cache — beside what they
/// only read: the configuration and the evaluator, constants here.
///
/// A ``Session`` keeps all of its state in one context. An action's executor (one
/// per family, `AlertActions.execute(_:in:)`, …) is given the context `inout`, not
/// the session: it can change what an action changes, but it cannot reconfigure
/// the session, and it does not run actions itself. An executor whose action has
/// callbacks to run next (a condition's branch, a form's `onSubmit`) returns them
/// as a ``NestedRun`` for the session to run.
struct ActionContext: Sendable {
  /// What the app configured, except its view client (see ``viewClient``).
  let configuration: Session.Configuration
  /// Evaluates expressions with the profile's operations and the value limits.
  let evaluator: Evaluator
  /// The stacks of screens; a change makes the evaluated top screen checked again.
  var navigator: Navigator {
    didSet {
      isRenderChecked = false
      stateVersion &+= 1
    }
  }
  /// The global context; a change makes the evaluated top screen checked again.
  var global: JSONValue {
    didSet {
      isRenderChecked = false
      stateVersion &+= 1
    }
  }
  /// Counts the changes of ``navigator`` and ``global``, what scopes are found from:
  /// a scope found at one version holds while the version is the same.
  private(set) var stateVersion = 0
  /// The top screen with its bindings evaluated, and what it was rendered from (see
  /// ``evaluatedTopScreen()``).
  private(set) var evaluatedTop: RenderedScreen?
  /// Whether ``evaluatedTop`` is known to be the render of the current inputs:
  /// neither the navigator nor `global` changed since it was checked.
  private var isRenderChecked = false
  /// A render of the top screen whose second thread started at ``stateVersion``
  /// `version` (``startTopScreenRender()``), finished by the next
  /// ``evaluatedTopScreen()`` when nothing changed since.
  private var startedRender: (version: Int, render: ScreenEvaluator.StartedRender)?
  /// The open alert or confirm, until a `choose` step answers it.
  var dialog: Dialog?
  /// Fetches remote screens, keeping what it fetched (its cache); nil without a BFF.
  var viewClient: (any ViewClient)?
  /// Every input the session read (the first screen, fetched screens), by name, so
  /// diagnostics can show their source lines.
  var sources: [String: [UInt8]] = [:]
  /// Fetched screens and components as first decoded, shared by later fetches.
  var decodedFetches = DecodedFetches()
  /// What the current step did, reported by the next state.
  var stepRecord = StepRecord()
  /// How many components `addChildren` added so far: each gets its own path.
  var addedComponents = 0
  /// How many components `addChildren` added so far, every component of every subtree
  /// counted (the limit is ``Session/maximumAddedComponents``).
  var addedNodes = 0
  /// The `setContext` targets a load-time check already flagged (see
  /// ``noteCheckedTargets(in:)``): the action does not warn again when it runs.
  var flaggedTargets: Set<FlaggedTarget> = []
  /// `sendRequest`s whose callbacks have not run yet.
  var requestQueue = RequestQueue()
  /// What navigation remembers between steps (screens already prefetched, notes given).
  var navigationMemory = NavigationMemory()
  /// The text input being edited, if any (`type` and `tap` give focus).
  var focusedInput: FocusedInput?
  /// What the session exercised; nil unless the configuration
  /// ``Session/Configuration/collectsCoverage``.
  var coverage: CoverageLog?
  /// Where what is reported now comes from, to place it in its file (see
  /// ``located(_:)``); nil places nothing.
  var reportingSite: ReportingSite?

  /// The context of a session configured by `configuration` showing `firstScreen`.
  init(configuration: Session.Configuration, firstScreen: Screen) {
    var configuration = configuration
    viewClient = configuration.viewClient
    // The client changes as it caches; only ``viewClient`` holds it from here on.
    configuration.viewClient = nil
    self.configuration = configuration
    // Web evaluates expressions as web-core does (docs/spec.md §10.13, §10.14); Android as iOS.
    evaluator = Evaluator(
      library: configuration.operations.adopting(configuration.profile.dialect),
      limits: configuration.limits)
    navigator = Navigator(
      root: firstScreen, profile: configuration.profile, animation: configuration.animation)
    navigator.controllers = configuration.navigationControllers
    global = configuration.global
    coverage = configuration.collectsCoverage ? CoverageLog() : nil
  }

  /// The component and action types screens are decoded with.
  var registry: Registry { configuration.registry }
  var urlBuilder: URLBuilder { configuration.urlBuilder }
  var mocks: MockSet { configuration.mocks }
  var requestClient: (any RequestClient)? { configuration.requestClient }
  var analyticsConfig: AnalyticsConfig { configuration.analytics }
  var deepLinkHandler: DeepLinkHandler? { configuration.deepLinkHandler }

  /// The top screen with its bindings evaluated. Evaluation depends only on the
  /// navigator's top screen and `global` (``RenderedScreen/Inputs``), so the result is
  /// kept while they stay the same: a step that only reads the screen, and the state
  /// after it, evaluate it once, and so does a change that rendering does not read
  /// (marking the components whose `onInit` ran).
  ///
  /// Each time the navigator or `global` changed, what rendering reported (values
  /// refused, the node limit) is logged again, once a step, as a new render would.
  mutating func evaluatedTopScreen() -> ComponentNode {
    // A started render is of the inputs of its version; once asked for, it is used or
    // waited for.
    let started = startedRender.flatMap { $0.version == stateVersion ? $0.render : nil }
    if started == nil { startedRender?.render.discard() }
    startedRender = nil
    if isRenderChecked, let evaluatedTop {
      started?.discard()
      return evaluatedTop.node
    }
    let inputs = RenderedScreen.Inputs(
      screen: navigator.topScreen, global: global, profile: navigator.profile)
    let rendered: RenderedScreen
    if let evaluatedTop, evaluatedTop.inputs == inputs {
      started?.discard()
      rendered = evaluatedTop
    } else {
      // Of the same screen with other context values: what no changed context reached
      // is taken from the earlier render (``RenderedScreen/earlier(for:)``). Else the
      // render of other inputs is let go before this one is built: held, the two trees
      // were both alive at the end (a script's step after a change of `global` held
      // two renders of the whole screen).
      let earlier = started == nil ? evaluatedTop?.earlier(for: inputs) : nil
      evaluatedTop = nil
      let finished = (started ?? startRender(inputs, earlier: earlier)).finish()
      rendered = RenderedScreen(
        inputs: inputs, node: finished.screen, stoppedAt: finished.stoppedAt,
        refusals: finished.refusals, nonFinite: finished.nonFinite,
        initScopes: finished.initScopes, reads: finished.reads, reused: finished.reused)
    }
    for shown in rendered.nonFinite {
      let location = shown.location
      let text =
        NonFiniteNumber.text(of: shown.number, dialect: evaluator.library.dialect) ?? "nan"
      let diagnostic = RenderMessage.nonFiniteShown(
        property: shown.key, text: text, profile: navigator.profile
      ).diagnostic(
        at: location.pointer.appending(shown.key),
        offset: location.hasPosition ? location.offset : nil, source: location.source)
      if !stepRecord.log.contains(diagnostic) { stepRecord.log.append(diagnostic) }
    }
    for refusal in rendered.refusals {
      let location = refusal.location
      let diagnostic = RenderMessage.valueRefused(property: refusal.key, refusal.error)
        .diagnostic(
          at: location.pointer.appending(refusal.key),
          offset: location.hasPosition ? location.offset : nil, source: location.source)
      if !stepRecord.log.contains(diagnostic) { stepRecord.log.append(diagnostic) }
    }
    if let stoppedAt = rendered.stoppedAt {
      // Said once a step, however often the step renders the screen.
      let diagnostic = RenderMessage.tooManyComponents(limit: evaluator.limits.maximumNodes)
        .diagnostic(
          at: stoppedAt.pointer, offset: stoppedAt.hasPosition ? stoppedAt.offset : nil,
          source: stoppedAt.source)
      if !stepRecord.log.contains(diagnostic) { stepRecord.log.append(diagnostic) }
    }
    evaluatedTop = rendered
    isRenderChecked = true
    return rendered.node
  }

  /// Starts rendering the top screen on a second thread, when it is rendered by two:
  /// the calling thread may do other work (what does not change the navigator or
  /// `global`: a screen's prefetches) before ``evaluatedTopScreen()`` renders its own
  /// part. Nothing when the current render is known. A render on one thread is kept
  /// too (its size, measured for the split, is not measured again).
  mutating func startTopScreenRender() {
    guard startedRender == nil, !isRenderChecked || evaluatedTop == nil else { return }
    let inputs = RenderedScreen.Inputs(
      screen: navigator.topScreen, global: global, profile: navigator.profile)
    if let evaluatedTop, evaluatedTop.inputs == inputs { return }
    // Of other inputs: let go before the new render starts (see ``evaluatedTopScreen()``).
    evaluatedTop = nil
    startedRender = (stateVersion, startRender(inputs))
  }

  /// The top screen's render of `inputs`, started.
  private func startRender(
    _ inputs: RenderedScreen.Inputs, earlier: ScreenEvaluator.EarlierRender? = nil
  ) -> ScreenEvaluator.StartedRender {
    ScreenEvaluator(
      evaluator: evaluator, profile: inputs.profile,
      parallelThreshold: configuration.parallelThreshold
    ).startRender(
      inputs.screen, global: inputs.global, recordingInitScopes: true, recordingReads: true,
      earlier: earlier)
  }

  // MARK: - The step's record

  /// Adds a diagnostic to the current step's log, placed in its file when it is
  /// about a value of the ``reportingSite``.
  mutating func report(_ diagnostic: Diagnostic) { stepRecord.log.append(located(diagnostic)) }

  /// Logs what an action reports about the value at `pointer`.
  mutating func report(_ message: some ActionMessage, at pointer: JSONPointer? = nil) {
    report(message.diagnostic(at: pointer))
  }

  /// Logs what an action reports about the node at `location` (an action that ran
  /// in an earlier step: a request's sender), placed there.
  mutating func report(_ message: some ActionMessage, at location: SourceLocation) {
    var diagnostic = message.diagnostic(at: location.pointer)
    if location.hasPosition, !location.pointer.isRoot {
      diagnostic.offset = location.offset
      diagnostic.source = location.source
    }
    stepRecord.log.append(diagnostic)
  }

  /// Adds a request to the current step's `requests`.
  mutating func record(_ request: RequestRecord) { stepRecord.requests.append(request) }

  /// Records an input so diagnostics about it can quote it.
  mutating func remember(source name: String, bytes: [UInt8]) { sources[name] = bytes }

  // MARK: - Scopes

  /// Resolves rendered paths on the session's screens.
  var resolver: ScopeResolver {
    ScopeResolver(properties: PropertyEvaluator(evaluator: evaluator), profile: navigator.profile)
  }

  /// The scope of the component at `origin`, or nil when its screen has left the
  /// navigator.
  func scope(at origin: Origin) -> ContextScope? {
    navigator.screen(serial: origin.screen).map { scope(at: origin.path, in: $0) }
  }

  /// The scopes the current render kept for the components with an `onInit`, in
  /// post-order (``ScreenEvaluator/render(_:global:recordingInitScopes:)``), with the
  /// ``stateVersion`` they hold for; empty when the top screen was not rendered since
  /// the navigator or `global` last changed.
  var renderedInitScopes: (scopes: [(path: JSONPointer, scope: ContextScope)], version: Int) {
    guard isRenderChecked, let evaluatedTop else { return ([], stateVersion) }
    return (evaluatedTop.initScopes, stateVersion)
  }

  /// Marks the components of the screen `serial` whose `onInit` is about to run, and
  /// the lists whose `onScrollEnd` is, so that they do not run again
  /// (``Session/settle()``). Rendering does not read these marks
  /// (``RenderedScreen/Inputs``): a render that was current stays current.
  mutating func markLifecycleRan(
    serial: Int, inits: [JSONPointer], scrollEnds: [(path: JSONPointer, dataSource: JSONValue)]
  ) {
    let wasChecked = isRenderChecked
    let version = stateVersion
    navigator.updateScreen(serial: serial) { screen in
      // Room made once: grown insert by insert, the set hashed its paths again at
      // each growth (a path hashes all its tokens).
      // Kept as long as the screen, so held by links of their own: a list item's path is
      // in an arena of the render that made it, and would keep all of it.
      screen.initialized.reserveCapacity(screen.initialized.count + inits.count)
      for path in inits { screen.initialized.insert(path.ownLinks) }
      for item in scrollEnds { screen.scrollEndFired[item.path.ownLinks] = item.dataSource }
    }
    isRenderChecked = wasChecked
    stateVersion = version
  }

  func scope(at pointer: JSONPointer, in screen: Screen) -> ContextScope {
    resolver.scope(at: pointer, in: screen, global: global)
  }

  /// Field `name` of `action` evaluated in `scope` as its definition types it; nil when
  /// the action does not have it.
  func evaluatedField(_ name: String, of action: ActionNode, in scope: ContextScope) -> JSONValue? {
    guard let raw = action.fields[name] else { return nil }
    return PropertyEvaluator(evaluator: evaluator).evaluate(
      raw, as: action.definition?.field(name), in: scope)
  }

  // MARK: - setContext (docs/spec.md §7.1)

  /// Writes into the context `contextId` seen from `origin`, on the origin's screen
  /// (see ``Session/setContext(_:path:value:origin:)``).
  mutating func setContext(
    _ contextId: String, path: ContextPath?, value: JSONValue, origin: Origin
  ) -> Diagnostic? {
    if contextId == ContextScope.globalId {
      let newValue = path.map { global.setting(value, at: $0) } ?? value
      if let error = overLimit(contextId, newValue, origin: origin) { return error }
      global = newValue
      return nil
    }
    let profile = navigator.profile
    guard let screen = navigator.screen(serial: origin.screen) else {
      return ContextMessage.notInScope(contextId: contextId, profile: profile)
        .diagnostic(at: origin.path)
    }
    let resolution = resolver.resolve(origin.path, in: screen, global: global)
    let declarations = resolution.declarations
    guard let declaration = declarations.last(where: { $0.id == contextId }) else {
      if resolution.indexNames.contains(contextId) {
        return ContextMessage.readOnlyIndex(contextId: contextId).diagnostic(at: origin.path)
      }
      let suggestion = Suggestion.closest(
        to: contextId, among: declarations.map(\.id) + [ContextScope.globalId])
      if profile == .web, let element = Session.node(at: origin.path, in: screen.node) {
        return ContextMessage.notFoundOnWeb(
          contextId: contextId, type: element.type, id: element.id, suggestion: suggestion
        ).diagnostic(at: origin.path)
      }
      return ContextMessage.notInScope(
        contextId: contextId, suggestion: suggestion, profile: profile
      )
      .diagnostic(at: origin.path)
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

  // MARK: - Navigation

  /// Runs a navigator operation and reports it; when the stacks changed, writes
  /// `navigationContext` into the new top screen and lets it appear.
  mutating func navigate(
    _ body: (inout Navigator) -> NavigationEvent, origin: JSONPointer,
    navigationContext: NavigationContext? = nil
  ) {
    let event = body(&navigator)
    stepRecord.navigationEvent = event
    for line in event.log {
      report(Diagnostic(.note, line, pointer: origin, rule: RuleCatalog.navigationNote))
    }
    didNavigate(event, navigationContext: navigationContext)
  }
}
