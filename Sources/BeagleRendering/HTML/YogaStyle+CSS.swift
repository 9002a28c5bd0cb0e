/// The CSS that draws a ``YogaStyle`` with the browser's flexbox.
///
/// The stylesheet's `.b-view` rule holds Beagle's defaults (a column that does not
/// wrap, `flex: 0 1 auto`, `align-content: flex-start`, border-box sizing, no
/// automatic minimum size, as Yoga has none), so a view's `style` attribute holds
/// only what differs. Every value is a number or a keyword from a fixed table:
/// no payload text reaches the stylesheet.
extension YogaStyle {
  /// The declarations (`width:100px;flex-grow:1`) for a view laid out in `parent`
  /// (Beagle's defaults for the screen's root).
  package func css(in parent: YogaStyle) -> String {
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
    let size = resolvedSize(parentDirection: parent.flexDirection)
    if let bounded = boundedBasis(isRow: parent.flexDirection.hasPrefix("row"), size: size) {
      add("flex-basis", CSSNumber.text(bounded) + "px")
    } else if basis != .auto {
      add("flex-basis", basis.css)
    }
    if isAbsolute { add("position", "absolute") }
    // An absolute child's percents are of its parent's content box in Yoga (of the
    // padding box in CSS).
    let horizontal = isAbsolute ? parent.contentInset(isHorizontal: true) : nil
    let vertical = isAbsolute ? parent.contentInset(isHorizontal: false) : nil
    for (property, value, inset) in [
      ("width", size.width, horizontal), ("height", size.height, vertical),
      ("min-width", minWidth, horizontal), ("min-height", minHeight, vertical),
      ("max-width", maxWidth, horizontal), ("max-height", maxHeight, vertical),
    ] {
      if let value { add(property, Self.css(value, lessInset: inset)) }
    }
    if let ratio = size.cssAspectRatio { add("aspect-ratio", CSSNumber.text(ratio)) }
    for (prefix, edges) in [("margin-", margin), ("padding-", padding)] {
      if let left = edges.left { add(prefix + "left", left.css) }
      if let top = edges.top { add(prefix + "top", top.css) }
      if let right = edges.right { add(prefix + "right", right.css) }
      if let bottom = edges.bottom { add(prefix + "bottom", bottom.css) }
    }
    if let left = position.left { add("left", Self.css(left, lessInset: horizontal)) }
    if let top = position.top { add("top", Self.css(top, lessInset: vertical)) }
    if let right = position.right { add("right", Self.css(right, lessInset: horizontal)) }
    if let bottom = position.bottom { add("bottom", Self.css(bottom, lessInset: vertical)) }
    if isAbsolute { out += absolutePlacement(in: parent) }
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

  /// The flex basis bounded by the min and max main size, when that changes it and
  /// all are in points: Yoga bounds an item's basis before sharing the line's free
  /// space (`YGNodeBoundAxisWithinMinAndMax` on `computedFlexBasis`), where CSS shares
  /// it from the unbounded flex base size. In a row, `flex: 1, minWidth: 300` beside
  /// `flex: 1` is 337.5 and 37.5 wide in Yoga (300 + half of 75), 300 and 75 in CSS.
  /// The basis is the given one, else (`auto`) the main size when it is in points.
  func boundedBasis(isRow: Bool, size: ResolvedSize) -> Double? {
    guard !isAbsolute else { return nil }
    let (minimum, maximum) = isRow ? (minWidth, maxWidth) : (minHeight, maxHeight)
    guard minimum?.points != nil || maximum?.points != nil else { return nil }
    let given: Double?
    switch basis {
    case .points(let points): given = points
    case .percent: given = nil
    case .auto: given = (isRow ? size.width : size.height)?.points
    }
    guard let given else { return nil }
    let bounded = bound(given, min: minimum, max: maximum)
    return bounded == given ? nil : bounded
  }

  /// `value` in CSS, a percent of the content box when `inset` (the parent's
  /// padding on that axis, in points) is given: `calc((100% - 16px) * 0.5)`.
  private static func css(_ value: YogaValue, lessInset inset: Double?) -> String {
    guard case .percent(let percent) = value, let inset, inset != 0 else { return value.css }
    return "calc((100% - \(CSSNumber.text(inset))px) * \(CSSNumber.text(percent / 100)))"
  }

  /// The padding on both sides of one axis, in points; nil when a side is a percent
  /// (then CSS's percent of the padding box stays, an approximation).
  func contentInset(isHorizontal: Bool) -> Double? {
    let sides = isHorizontal ? [padding.left, padding.right] : [padding.top, padding.bottom]
    var total = 0.0
    for side in sides {
      switch side {
      case nil: continue
      case .points(let points): total += points
      case .percent, .auto: return nil
      }
    }
    return total
  }

  /// Where Yoga 1.x puts an absolute child on an axis without insets
  /// (`YGNodeAbsoluteLayoutChild`): at its margin from the parent's start, at the
  /// parent's end when the parent's justifyContent (main axis) or the child's
  /// alignment (cross axis, flipped by WRAP_REVERSE) is FLEX_END, centred in the
  /// parent when it is CENTER — in the parent's whole box, ignoring its padding, where
  /// CSS places it in the content box. A reversed main axis keeps CSS's placement.
  private func absolutePlacement(in parent: YogaStyle) -> [String] {
    enum Placement { case start, center, end }
    let isRow = parent.flexDirection.hasPrefix("row")
    let isReversed = parent.flexDirection.hasSuffix("reverse")
    func main() -> Placement {
      switch parent.justifyContent {
      case "center": .center
      case "flex-end": .end
      default: .start
      }
    }
    func cross() -> Placement {
      let align = alignSelf ?? parent.alignItems
      if align == "center" { return .center }
      return (align == "flex-end") != (parent.flexWrap == "wrap-reverse") ? .end : .start
    }
    var out: [String] = []
    var translate = ["0", "0"]
    for (isHorizontal, start, end) in [(true, "left", "right"), (false, "top", "bottom")] {
      let edges = isHorizontal ? (position.left, position.right) : (position.top, position.bottom)
      guard edges.0 == nil, edges.1 == nil else { continue }
      let isMain = isHorizontal == isRow
      if isMain, isReversed { continue }
      switch isMain ? main() : cross() {
      case .start: out.append("\(start):0")
      case .end: out.append("\(end):0")
      case .center:
        out.append("\(start):50%")
        translate[isHorizontal ? 0 : 1] = "-50%"
      }
    }
    if translate != ["0", "0"] {
      out.append("transform:translate(\(translate[0]),\(translate[1]))")
    }
    return out
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
