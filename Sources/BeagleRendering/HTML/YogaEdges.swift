import BeagleJSON

/// The four edges of a margin, padding or position, as Yoga ends up with them.
package struct YogaEdges: Sendable, Equatable {
  package var left: YogaValue?
  package var top: YogaValue?
  package var right: YogaValue?
  package var bottom: YogaValue?

  package init(
    left: YogaValue? = nil, top: YogaValue? = nil, right: YogaValue? = nil,
    bottom: YogaValue? = nil
  ) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  package var isEmpty: Bool { left == nil && top == nil && right == nil && bottom == nil }

  /// Margin or padding: iOS sets each field on its own Yoga edge (`all` on
  /// `YGEdgeAll`, `horizontal` on `YGEdgeHorizontal`, …) and Yoga resolves an edge
  /// as its specific value, else `vertical` (top, bottom) or `horizontal` (left,
  /// right), else `all` (`YGComputedEdgeValue`). There are no `start`/`end` edges
  /// on iOS. `allowsAuto` is margin's: YogaKit's padding setters ignore `AUTO`.
  ///
  /// An auto margin is one set on the edge itself: Yoga 1.19 finds auto margins
  /// with `marginLeadingValue`/`marginTrailingValue`, which read only the edge's own
  /// value, while its sizes resolve the edge through `horizontal`/`vertical`/`all`
  /// (`YGComputedEdgeValue`) and count an `AUTO` found there as 0
  /// (`YGResolveValueMargin`). So `{"horizontal": AUTO}` is a margin of 0, not a
  /// centring one.
  package static func resolved(_ json: JSONValue?, allowsAuto: Bool) -> YogaEdges {
    guard let object = json?.objectValue else { return YogaEdges() }
    func value(_ key: String) -> YogaValue? {
      let value = YogaValue(object[key])
      return allowsAuto ? value : value?.withoutAuto
    }
    func shared(_ key: String) -> YogaValue? {
      value(key).map { $0 == .auto ? .points(0) : $0 }
    }
    let all = shared("all")
    let horizontal = shared("horizontal") ?? all
    let vertical = shared("vertical") ?? all
    return YogaEdges(
      left: value("left") ?? horizontal, top: value("top") ?? vertical,
      right: value("right") ?? horizontal, bottom: value("bottom") ?? vertical)
  }

  /// Position: iOS's `setPosition` assigns Yoga's four edges in order, the later
  /// winning: `all` (all four), then `left`, `top`, `right`, `bottom`, then
  /// `vertical` (top and bottom), then `horizontal` (left and right). So
  /// `{"left": 10, "horizontal": 20}` puts 20 on the left, unlike margins.
  package static func assignedInOrder(_ json: JSONValue?) -> YogaEdges {
    guard let object = json?.objectValue else { return YogaEdges() }
    func value(_ key: String) -> YogaValue? { YogaValue(object[key])?.withoutAuto }
    var edges = YogaEdges()
    if let all = value("all") { edges = YogaEdges(left: all, top: all, right: all, bottom: all) }
    if let left = value("left") { edges.left = left }
    if let top = value("top") { edges.top = top }
    if let right = value("right") { edges.right = right }
    if let bottom = value("bottom") { edges.bottom = bottom }
    if let vertical = value("vertical") {
      edges.top = vertical
      edges.bottom = vertical
    }
    if let horizontal = value("horizontal") {
      edges.left = horizontal
      edges.right = horizontal
    }
    return edges
  }
}
