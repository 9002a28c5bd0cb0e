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
  /// Documents of at least this many bytes have their bindings checked on two
  /// threads, cut where ``Decoder/parallelThreshold`` cuts them, with the same
  /// diagnostics in the same order as on one; nil: always on the calling thread.
  public var parallelThreshold: Int?

  public init(
    operations: OperationLibrary, profile: NavigationProfile, styles: [String]?,
    parallelThreshold: Int? = nil
  ) {
    self.operations = operations
    self.profile = profile
    self.styles = styles
    self.parallelThreshold = parallelThreshold
  }

  /// The diagnostics of `root`, decoded from `document`, located in `source` (nil:
  /// the run's main input).
  public func check(
    _ root: ComponentNode, in document: JSONDocument, source: String? = nil
  ) -> [Diagnostic] {
    let offset: @Sendable (SourceLocation, [String]) -> Int? = { base, tokens in
      document.node(atOffset: base.offset)?.descendant(tokens)?.offset
    }
    var bindings = BindingChecker(operations: operations, profile: profile, offset: offset)
    if let parallelThreshold, document.bytes.count >= parallelThreshold {
      bindings.split = BindingChecker.Split(
        document: document, split: ParallelSplit(tokens: document.tokenCount))
    }
    var diagnostics = bindings.check(root)
    if let styles {
      diagnostics += ThemeChecker(styles: styles, offset: offset).check(root)
    }
    if let source {
      for index in diagnostics.indices { diagnostics[index].source = source }
    }
    return diagnostics
  }
}
