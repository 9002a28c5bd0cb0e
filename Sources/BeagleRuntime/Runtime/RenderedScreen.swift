import BeagleExpressions
import BeagleJSON

/// The top screen as ``ScreenEvaluator/render(_:global:)`` gave it, with what it was
/// rendered from, so that a render of the same inputs can be reused.
///
/// Rendering is a pure function of the screen (its tree and the values its contexts,
/// list items, text inputs and lazy components hold), `global` and the platform's
/// rules. What only decides which lifecycle events still have to run — the components
/// whose `onInit` ran, the lists whose `onScrollEnd` fired, the lazy components that
/// failed — is not read by rendering: marking them must not render the screen again
/// (a 1 MB screen whose `onInit`s only send requests rendered twice on load).
struct RenderedScreen: Sendable {
  /// What the screen was rendered from.
  struct Inputs: Sendable, Equatable {
    /// The screen, without the fields rendering does not read (``init(screen:global:profile:)``).
    var screen: Screen
    var global: JSONValue
    var profile: NavigationProfile

    init(screen: Screen, global: JSONValue, profile: NavigationProfile) {
      var screen = screen
      // Read by ``Session/settle()`` to find what is left to run, never by rendering.
      screen.initialized = []
      screen.scrollEndFired = [:]
      screen.lazyFailed = []
      self.screen = screen
      self.global = global
      self.profile = profile
    }
  }

  var inputs: Inputs
  var node: ComponentNode
  /// Where rendering stopped (the node limit), nil when everything fitted.
  var stoppedAt: SourceLocation?
  /// The properties whose value exceeded the value limits.
  var refusals: [ScreenEvaluator.Refusal]
  /// The properties whose text shows a number that is not finite.
  var nonFinite: [ScreenEvaluator.NonFiniteText]
  /// The scope of the rendered components with an `onInit`, with their rendered path,
  /// in post-order (see ``ScreenEvaluator/render(_:global:recordingInitScopes:)``).
  var initScopes: [(path: JSONPointer, scope: ContextScope)] = []
  /// What each rendered component read (``ContextReads``), when the render noted it.
  var reads: ContextReads?
  /// How many components were taken as they were from the render before.
  var reused = 0

  /// This render, for rendering `inputs` again from it (``ScreenEvaluator/EarlierRender``):
  /// when they differ from this render's in context values only (the screen's,
  /// `global`), this render is whole (it noted its reads, did not stop at the node
  /// limit and refused nothing: those are noted once per property, and a component
  /// taken as it was would not note them again) and the change reached at most half
  /// of its components. Nil otherwise: rendered anew.
  func earlier(for inputs: Inputs) -> ScreenEvaluator.EarlierRender? {
    guard let reads, stoppedAt == nil, refusals.isEmpty, nonFinite.isEmpty,
      inputs.profile == self.inputs.profile
    else { return nil }
    var alike = self.inputs.screen
    alike.contextValues = inputs.screen.contextValues
    guard alike == inputs.screen else { return nil }
    let before = self.inputs.screen.contextValues
    let after = inputs.screen.contextValues
    var changedPaths = Set(after.lazy.filter { before[$0.key] != $0.value }.map(\.key))
    changedPaths.formUnion(before.keys.lazy.filter { after[$0] == nil })
    // A context no component entered was read by none.
    var changed = reads.keys(declaredAt: changedPaths)
    if inputs.global != self.inputs.global { changed.insert(ContextReads.globalKey) }
    let reached = reads.reached(by: changed)
    // When the change reached most of it, a whole render costs hardly more (on two
    // threads when large), and the earlier tree is let go first.
    guard reached.reachedCount * 2 <= reads.spans.count else { return nil }
    return ScreenEvaluator.EarlierRender(screen: node, reads: reads, reached: reached)
  }
}
