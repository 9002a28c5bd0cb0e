import BeagleJSON

/// Checks the style names a screen uses (`styleId` of components and of the
/// navigation bar) against the manifest's `theme` list, the names an app
/// registers in its Beagle theme: an unknown name is a warning with "did you mean"
/// (iOS would silently not style the component).
public struct ThemeChecker: Sendable {
  /// The style names the app registers.
  public var styles: [String]
  /// The byte offset of a value, given the location of the component holding it
  /// and the pointer tokens from there; locates diagnostics.
  public var offset: @Sendable (SourceLocation, [String]) -> Int?

  public init(
    styles: [String],
    offset: @escaping @Sendable (SourceLocation, [String]) -> Int? = { _, _ in nil }
  ) {
    self.styles = styles
    self.offset = offset
  }

  public func check(_ root: ComponentNode) -> [Diagnostic] {
    let known = Set(styles)
    var diagnostics: [Diagnostic] = []
    func report(_ name: String, at location: SourceLocation, _ tokens: [String]) {
      guard !known.contains(name) else { return }
      let suggestion = Suggestion.closest(to: name, among: styles)
      var pointer = location.pointer
      for token in tokens { pointer = pointer.appending(token) }
      diagnostics.append(
        CheckerMessage.unknownStyle(name, suggestion: suggestion).diagnostic(
          at: pointer, offset: offset(location, tokens) ?? location.offset,
          source: location.source))
    }
    var work = [root]
    while let node = work.popLast() {
      if let name = node.properties["styleId"]?.stringValue {
        report(name, at: node.location, ["styleId"])
      }
      if let bar = node.navigationBar, let name = bar.properties["styleId"]?.stringValue {
        report(name, at: bar.location, ["styleId"])
      }
      var actions = node.events.flatMap(\.actions)
      while let action = actions.popLast() {
        work.append(
          contentsOf: action.screens.values.sorted { $0.location.pointer > $1.location.pointer })
        work.append(contentsOf: action.components.reversed())
        actions.append(contentsOf: action.events.flatMap(\.actions))
      }
      work.append(contentsOf: node.templates.map(\.view).reversed())
      work.append(contentsOf: node.children.reversed())
    }
    // Source order.
    return diagnostics.sorted { ($0.offset ?? 0) < ($1.offset ?? 0) }
  }
}
