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

    /// Equal when a render of one shows exactly what a render of the other shows: the
    /// values actions write (contexts, `global`, list items' contexts, typed texts) are
    /// compared byte for byte (``JSONValue/isIdentical(to:)``), since a context changed
    /// from a composed to a decomposed `á`, or an object's members reordered, shows
    /// differently though `==` calls them equal.
    static func == (lhs: Inputs, rhs: Inputs) -> Bool {
      lhs.profile == rhs.profile && lhs.global.isIdentical(to: rhs.global)
        && Self.rendersAlike(lhs.screen, rhs.screen, comparingContextValues: true)
    }

    /// Whether `left` and `right` render alike, but for their context values unless
    /// `comparingContextValues`.
    static func rendersAlike(
      _ left: Screen, _ right: Screen, comparingContextValues: Bool
    ) -> Bool {
      guard left.navigationContext.isIdentical(to: right.navigationContext),
        sameEntries(
          left.itemOverrides, right.itemOverrides,
          by: {
            $0.source.isIdentical(to: $1.source) && $0.value.isIdentical(to: $1.value)
          }),
        sameEntries(
          left.typedTexts, right.typedTexts,
          by: {
            JSONValue.sameBytes($0.text, $1.text) && $0.boundValue.isIdentical(to: $1.boundValue)
          }),
        !comparingContextValues
          || sameEntries(left.contextValues, right.contextValues, by: { $0.isIdentical(to: $1) })
      else { return false }
      // The rest (the tree, …) as `==` compares it.
      var alike = left
      alike.contextValues = right.contextValues
      return alike == right
    }

    /// Whether two tables hold the same keys with values `same` holds for.
    private static func sameEntries<Value>(
      _ left: [JSONPointer: Value], _ right: [JSONPointer: Value],
      by same: (Value, Value) -> Bool
    ) -> Bool {
      guard left.count == right.count else { return false }
      for (key, value) in left {
        guard let other = right[key], same(value, other) else { return false }
      }
      return true
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
    guard let reads, reads.isWhole, stoppedAt == nil, refusals.isEmpty, nonFinite.isEmpty,
      inputs.profile == self.inputs.profile
    else { return nil }
    guard
      Inputs.rendersAlike(self.inputs.screen, inputs.screen, comparingContextValues: false)
    else { return nil }
    let before = self.inputs.screen.contextValues
    let after = inputs.screen.contextValues
    // Changed as shown, byte for byte (``Inputs/==``).
    var changedPaths = Set(
      after.lazy.filter { !before[$0.key].isIdentical(to: $0.value) }.map(\.key))
    changedPaths.formUnion(before.keys.lazy.filter { after[$0] == nil })
    // A context no component entered was read by none.
    var changed = reads.keys(declaredAt: changedPaths)
    if !inputs.global.isIdentical(to: self.inputs.global) {
      changed.insert(ContextReads.globalKey)
    }
    let reached = reads.reached(by: changed)
    // When the change reached most of it, a whole render costs hardly more (on two
    // threads when large), and the earlier tree is let go first.
    guard reached.reachedCount * 2 <= reads.spans.count else { return nil }
    return ScreenEvaluator.EarlierRender(screen: node, reached: reached)
  }
}
