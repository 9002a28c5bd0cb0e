/// The CSS that draws a ``YogaStyle`` with the browser's flexbox.
///
/// The stylesheet's `.b-view` rule holds Beagle's defaults (a column that does not
/// wrap, `flex: 0 1 auto`, `align-content: flex-start`, border-box sizing, no
/// automatic minimum size, as Yoga has none), so a view's `style` attribute holds
/// only what differs. Every value is a number or a keyword from a fixed table:
/// no payload text reaches the stylesheet.
extension YogaStyle {
  /// The declarations (`width:100px;flex-grow:1`) for a view whose parent lays its
  /// children out along `parentDirection` (a CSS `flex-direction`; `column` for the
  /// screen's root).
  package func css(parentDirection: String) -> String {
    var out: [String] = []
    func add(_ property: String, _ value: String) { out.append(property + ":" + value) }
    if isHidden { add("display", "none") }
    if flexDirection != "column" { add("flex-direction", flexDirection) }
    if flexWrap != "nowrap" { add("flex-wrap", flexWrap) }
    if justifyContent != "flex-start" { add("justify-content", justifyContent) }
    if alignItems != "stretch" { add("align-items", alignItems) }
    if let alignSelf { add("align-self", alignSelf) }
    if alignContent != "flex-start" { add("align-content", alignContent) }
    if grow != 0 { add("flex-grow", CSSNumber.text(grow)) }
    if shrink != 1 { add("flex-shrink", CSSNumber.text(shrink)) }
    if basis != .auto { add("flex-basis", basis.css) }
    if isAbsolute { add("position", "absolute") }
    let size = resolvedSize(parentDirection: parentDirection)
    for (property, value) in [
      ("width", size.width), ("height", size.height), ("min-width", minWidth),
      ("min-height", minHeight), ("max-width", maxWidth), ("max-height", maxHeight),
    ] {
      if let value { add(property, value.css) }
    }
    if let ratio = size.cssAspectRatio { add("aspect-ratio", CSSNumber.text(ratio)) }
    for (prefix, edges) in [("margin-", margin), ("padding-", padding), ("", position)] {
      if let left = edges.left { add(prefix + "left", left.css) }
      if let top = edges.top { add(prefix + "top", top.css) }
      if let right = edges.right { add(prefix + "right", right.css) }
      if let bottom = edges.bottom { add(prefix + "bottom", bottom.css) }
    }
    if let backgroundColor { add("background-color", backgroundColor.css) }
    if let cornerRadii {
      add("border-radius", cornerRadii.map { CSSNumber.text($0) + "px" }.joined(separator: " "))
      // iOS clips a view with rounded corners to them.
      add("overflow", "hidden")
    }
    if let borderWidth {
      // iOS draws `borderWidth` on the view's layer: inside its bounds, taking no
      // room from the layout (Yoga's own border stays 0), as an inset shadow does.
      let color = (borderColor ?? CSSColor(red: 0, green: 0, blue: 0)).css
      add("box-shadow", "inset 0 0 0 \(CSSNumber.text(borderWidth))px \(color)")
    }
    return out.joined(separator: ";")
  }

  /// Width and height after `aspectRatio`, as Yoga resolves it.
  ///
  /// In a flex line Yoga sizes the main axis first (its dimension, else the cross
  /// dimension through the ratio) and then always derives the cross size from the
  /// main size through the ratio, even over a given cross size or a stretch
  /// (`YGDistributeFreeSpaceSecondPass`); each bounded by its min/max. An absolute
  /// child uses the ratio only when exactly one dimension is given
  /// (`YGNodeAbsoluteLayoutChild`). Where the given sizes are points this computes
  /// them; otherwise (percent sizes, neither given) CSS's `aspect-ratio` draws an
  /// approximation.
  struct ResolvedSize {
    var width: YogaValue?
    var height: YogaValue?
    var cssAspectRatio: Double?
  }

  func resolvedSize(parentDirection: String) -> ResolvedSize {
    guard let ratio = aspectRatio else { return ResolvedSize(width: width, height: height) }
    let givenWidth = width?.points
    let givenHeight = height?.points
    if isAbsolute {
      switch (givenWidth, givenHeight) {
      case (let width?, nil):
        let height = bound(width / ratio, min: minHeight, max: maxHeight)
        return ResolvedSize(width: self.width, height: .points(height))
      case (nil, let height?):
        let width = bound(height * ratio, min: minWidth, max: maxWidth)
        return ResolvedSize(width: .points(width), height: self.height)
      case (nil, nil) where width == nil && height == nil:
        return ResolvedSize(width: nil, height: nil, cssAspectRatio: ratio)
      default:
        return ResolvedSize(width: width, height: height)
      }
    }
    let isRow = parentDirection.hasPrefix("row")
    let (mainGiven, crossGiven) = isRow ? (givenWidth, givenHeight) : (givenHeight, givenWidth)
    let (mainMin, mainMax) = isRow ? (minWidth, maxWidth) : (minHeight, maxHeight)
    let (crossMin, crossMax) = isRow ? (minHeight, maxHeight) : (minWidth, maxWidth)
    // Main size over cross size: width / height in a row, height / width in a column.
    let mainPerCross = isRow ? ratio : 1 / ratio
    let main: Double
    if let mainGiven {
      main = bound(mainGiven, min: mainMin, max: mainMax)
    } else if let crossGiven {
      main = bound(crossGiven * mainPerCross, min: mainMin, max: mainMax)
    } else {
      return ResolvedSize(width: width, height: height, cssAspectRatio: ratio)
    }
    let cross = bound(main / mainPerCross, min: crossMin, max: crossMax)
    return isRow
      ? ResolvedSize(width: .points(main), height: .points(cross))
      : ResolvedSize(width: .points(cross), height: .points(main))
  }

  /// `value` within the min and max given in points (Yoga's `YGNodeBoundAxis`: max
  /// first, then min wins).
  private func bound(_ value: Double, min: YogaValue?, max: YogaValue?) -> Double {
    var result = value
    if let max = max?.points, result > max { result = max }
    if let min = min?.points, result < min { result = min }
    return result
  }
}
