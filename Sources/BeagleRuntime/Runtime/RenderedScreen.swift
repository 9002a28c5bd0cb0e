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
}
