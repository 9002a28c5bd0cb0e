import BeagleJSON

/// Everything beagle-run shows after one step: the navigation stacks, the top
/// screen, its contexts and what happened, as typed values. Renderers print it as
/// text (``TextRenderer``) or as one JSON object (``JSONStateRenderer``, the fields
/// of DESIGN.md's `--format json`).
public struct RunState: Sendable {
  /// 0 for the initial load, then one per script step.
  public var step: Int
  /// What caused the state (`load /`, a script step).
  public var event: String
  /// What the step acted on, on the previous state's top screen (nil for the load,
  /// `back`, `action`, `respond` and `expect` steps).
  public var target: StepTarget?
  /// The actions executed during the step, in order.
  public var actions: [ExecutedAction]
  /// The stacks, bottom first; each a list of screens, bottom first.
  public var stacks: [[Screen]]
  /// What the last navigation did, if the step navigated.
  public var navigationEvent: NavigationEvent?
  /// The evaluated tree of the top screen.
  public var screen: ComponentNode?
  /// The contexts of the top screen, outermost first, then `global`.
  public var contexts: [ContextEntry]
  /// The open alert or confirm, if any.
  public var dialog: Dialog?
  /// The requests of the step, in the order they were sent.
  public var requests: [RequestRecord]
  /// The URLs `openExternalURL` handed to the system so far (the session's, kept
  /// across `resetApplication`).
  public var externalURLs: [String]
  /// How many of ``externalURLs``, at their end, were opened during this step.
  public var externalURLsOpenedInStep = 0
  /// The records analytics providers received during the step.
  public var analytics: [AnalyticsRecord]
  public var log: [Diagnostic]

  public init(
    step: Int, event: String, actions: [ExecutedAction] = [], stacks: [[Screen]],
    navigationEvent: NavigationEvent? = nil, screen: ComponentNode?,
    contexts: [ContextEntry] = [], dialog: Dialog? = nil, requests: [RequestRecord] = [],
    externalURLs: [String] = [], analytics: [AnalyticsRecord] = [], log: [Diagnostic] = []
  ) {
    self.step = step
    self.event = event
    self.actions = actions
    self.stacks = stacks
    self.navigationEvent = navigationEvent
    self.screen = screen
    self.contexts = contexts
    self.dialog = dialog
    self.requests = requests
    self.externalURLs = externalURLs
    self.analytics = analytics
    self.log = log
  }

  /// The URLs `openExternalURL` opened during this step, in order.
  public var stepExternalURLs: ArraySlice<String> {
    externalURLs.suffix(min(externalURLsOpenedInStep, externalURLs.count))
  }

  /// The screen the user sees: the top of the top stack.
  public var topScreen: Screen? { stacks.last?.last }

  /// The navigation bar as UINavigationController would compose it for the top screen.
  public var navigationBar: NavigationBarState? {
    guard let stack = stacks.last, let top = stack.last, let bar = top.node.navigationBar else {
      return nil
    }
    var backButton: String?
    if stack.count > 1, bar.showsBackButton { backButton = stack[stack.count - 2].title }
    return NavigationBarState(
      title: bar.title, backButton: backButton, items: bar.items.map(\.text),
      isModal: stacks.count > 1)
  }
}

/// A context visible on the top screen, with its current value.
public struct ContextEntry: Sendable, Equatable {
  public var id: String
  public var value: JSONValue
  /// JSON Pointer of the declaring component; nil for `global`.
  public var declaredAt: JSONPointer?

  public init(id: String, value: JSONValue, declaredAt: JSONPointer?) {
    self.id = id
    self.value = value
    self.declaredAt = declaredAt
  }
}

/// The composed navigation bar of the top screen.
public struct NavigationBarState: Sendable, Equatable {
  public var title: String
  /// The back button's label (the previous screen's title), nil when hidden.
  public var backButton: String?
  public var items: [String]
  /// Whether the screen is in a presented (modal) stack.
  public var isModal: Bool
}
