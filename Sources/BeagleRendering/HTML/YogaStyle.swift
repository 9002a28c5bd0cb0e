import BeagleJSON

/// A component's Beagle `style` as iOS configures its Yoga node
/// (`StyleViewConfigurator.setup`, `YogaTranslator`), with Beagle's defaults
/// filled in: every view is a Yoga node configured from `style ?? Style()` and
/// `style.flex ?? Flex()`, so a view without a style is a column that does not
/// wrap, starts its content, stretches its children, does not grow and shrinks.
///
/// Fields iOS would not decode (an unknown enumeration value, a unit value without
/// a type) are left at their defaults, as iOS applies nothing for them.
package struct YogaStyle: Sendable, Equatable {
  package var flexDirection = "column"
  package var flexWrap = "nowrap"
  package var justifyContent = "flex-start"
  package var alignItems = "stretch"
  /// nil is `AUTO` (the parent's alignItems).
  package var alignSelf: String?
  package var alignContent = "flex-start"
  package var grow: Double = 0
  package var shrink: Double = 1
  package var basis: YogaValue = .auto
  package var isAbsolute = false
  package var isHidden = false
  package var width: YogaValue?
  package var height: YogaValue?
  package var minWidth: YogaValue?
  package var minHeight: YogaValue?
  package var maxWidth: YogaValue?
  package var maxHeight: YogaValue?
  package var aspectRatio: Double?
  package var margin = YogaEdges()
  package var padding = YogaEdges()
  package var position = YogaEdges()
  package var backgroundColor: CSSColor?
  /// Top-left, top-right, bottom-right, bottom-left, in points.
  package var cornerRadii: [Double]?
  package var borderWidth: Double?
  package var borderColor: CSSColor?

  /// Beagle's defaults: the style of a view without `style`.
  package init() {}

  /// The style `json` (a component's `style` field, evaluated) describes.
  package init(_ json: JSONValue?) {
    guard let style = json?.objectValue else { return }
    if let flex = style["flex"]?.objectValue { applyFlex(flex) }
    isAbsolute = style["positionType"]?.stringValue == "ABSOLUTE"
    isHidden = style["display"]?.stringValue == "NONE"
    if let size = style["size"]?.objectValue {
      // YogaKit takes `auto` for width and height only.
      width = YogaValue(size["width"])
      height = YogaValue(size["height"])
      minWidth = YogaValue(size["minWidth"])?.withoutAuto
      minHeight = YogaValue(size["minHeight"])?.withoutAuto
      maxWidth = YogaValue(size["maxWidth"])?.withoutAuto
      maxHeight = YogaValue(size["maxHeight"])?.withoutAuto
      if let ratio = size["aspectRatio"]?.doubleValue, ratio.isFinite, ratio > 0 {
        aspectRatio = ratio
      }
    }
    margin = YogaEdges.resolved(style["margin"], allowsAuto: true)
    padding = YogaEdges.resolved(style["padding"], allowsAuto: false)
    position = YogaEdges.assignedInOrder(style["position"])
    backgroundColor = style["backgroundColor"]?.stringValue.flatMap(CSSColor.init(hex:))
    if let corners = style["cornerRadius"]?.objectValue {
      let radius = Self.finite(corners["radius"]) ?? 0
      let radii = ["topLeft", "topRight", "bottomRight", "bottomLeft"].map {
        Self.finite(corners[$0]) ?? radius
      }
      if radii.contains(where: { $0 > 0 }) { cornerRadii = radii.map { max(0, $0) } }
    }
    if let width = Self.finite(style["borderWidth"]), width > 0 { borderWidth = width }
    borderColor = style["borderColor"]?.stringValue.flatMap(CSSColor.init(hex:))
  }

  private mutating func applyFlex(_ flex: JSONObject) {
    func keyword(_ key: String, _ table: [String: String]) -> String? {
      flex[key]?.stringValue.flatMap { table[$0] }
    }
    flexDirection = keyword("flexDirection", Self.directions) ?? flexDirection
    flexWrap = keyword("flexWrap", Self.wraps) ?? flexWrap
    justifyContent = keyword("justifyContent", Self.justifications) ?? justifyContent
    alignItems = keyword("alignItems", Self.alignments) ?? alignItems
    alignSelf = keyword("alignSelf", Self.alignments)
    alignContent = keyword("alignContent", Self.contentAlignments) ?? alignContent
    let givenBasis = YogaValue(flex["basis"])
    let grow = Self.finite(flex["grow"])
    let shrink = Self.finite(flex["shrink"])
    if let value = Self.finite(flex["flex"]) {
      // Yoga's `flex` shorthand without web defaults (YGNode resolveFlexGrow,
      // resolveFlexShrink, resolveFlexBasis): a positive flex grows by it with a
      // basis of 0 and does not shrink; a negative one shrinks by its opposite.
      self.grow = grow ?? (value > 0 ? value : 0)
      self.shrink = shrink ?? (value < 0 ? -value : 0)
      basis = givenBasis.flatMap { $0 == .auto ? nil : $0 } ?? (value > 0 ? .points(0) : .auto)
    } else {
      self.grow = grow ?? 0
      self.shrink = shrink ?? 1
      basis = givenBasis ?? .auto
    }
  }

  private static func finite(_ value: JSONValue?) -> Double? {
    guard let number = value?.doubleValue, number.isFinite else { return nil }
    return number
  }

  private static let directions = [
    "ROW": "row", "ROW_REVERSE": "row-reverse", "COLUMN": "column",
    "COLUMN_REVERSE": "column-reverse",
  ]
  private static let wraps = ["NO_WRAP": "nowrap", "WRAP": "wrap", "WRAP_REVERSE": "wrap-reverse"]
  private static let justifications = [
    "FLEX_START": "flex-start", "CENTER": "center", "FLEX_END": "flex-end",
    "SPACE_BETWEEN": "space-between", "SPACE_AROUND": "space-around",
    "SPACE_EVENLY": "space-evenly",
  ]
  private static let alignments = [
    "FLEX_START": "flex-start", "CENTER": "center", "FLEX_END": "flex-end",
    "BASELINE": "baseline", "STRETCH": "stretch",
  ]
  private static let contentAlignments = [
    "FLEX_START": "flex-start", "CENTER": "center", "FLEX_END": "flex-end",
    "SPACE_BETWEEN": "space-between", "SPACE_AROUND": "space-around", "STRETCH": "stretch",
  ]
}
