import BeagleExpressions
import BeagleJSON

/// Everything `check` looks at in a decoded screen beyond decoding: its bindings
/// (``BindingChecker``) and its style names (``ThemeChecker``, when the app's theme is
/// known), located in the document the screen was decoded from.
///
/// One path for every screen: the first one (`run`, `check`) and each screen a
/// navigation fetches, so a screen gets the same warnings however it is reached.
public struct ScreenChecker: Sendable {
  /// The operations bindings may call, as the session evaluates them (the profile's).
  public var operations: OperationLibrary
  /// Whose rules apply where platforms differ.
  public var profile: NavigationProfile
  /// The style names the app's theme registers; nil when unknown (not checked).
  public var styles: [String]?

  public init(operations: OperationLibrary, profile: NavigationProfile, styles: [String]?) {
    self.operations = operations
    self.profile = profile
    self.styles = styles
  }

  /// The diagnostics of `root`, decoded from `document`, located in `source` (nil:
  /// the run's main input).
  public func check(
    _ root: ComponentNode, in document: JSONDocument, source: String? = nil
  ) -> [Diagnostic] {
    let offset: @Sendable (SourceLocation, [String]) -> Int? = { base, tokens in
      document.node(atOffset: base.offset)?.descendant(tokens)?.offset
    }
    var diagnostics = BindingChecker(operations: operations, profile: profile, offset: offset)
      .check(root)
    if let styles {
      diagnostics += ThemeChecker(styles: styles, offset: offset).check(root)
    }
    if let source {
      for index in diagnostics.indices { diagnostics[index].source = source }
    }
    return diagnostics
  }
}
