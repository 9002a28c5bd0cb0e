import BeagleJSON
import Testing

@testable import BeagleRendering

/// Expected values follow iOS's StyleViewConfigurator (Beagle's defaults, the
/// order of `setPosition`) and Yoga's edge and flex resolution (`YGComputedEdgeValue`,
/// `YGNode::resolveFlexGrow`/`resolveFlexShrink`/`resolveFlexBasisPtr` without web
/// defaults), as docs/spec.md §1.6 states them.
@Suite struct YogaStyleTests {
  func style(_ json: String) throws -> YogaStyle {
    YogaStyle(try JSONValue(parsing: json))
  }

  @Test(
    "a view without style is a column, no wrap, flex-start, stretch, grow 0, shrink 1, relative")
  func defaults() {
    let style = YogaStyle(nil)
    #expect(style.flexDirection == "column")
    #expect(style.flexWrap == "nowrap")
    #expect(style.justifyContent == "flex-start")
    #expect(style.alignItems == "stretch")
    #expect(style.alignContent == "flex-start")
    #expect(style.alignSelf == nil)
    #expect(style.grow == 0 && style.shrink == 1 && style.basis == .auto)
    #expect(!style.isAbsolute && !style.isHidden)
    // Nothing differs from the stylesheet's .b-view defaults.
    #expect(style.css(in: YogaStyle()) == "")
  }

  @Test(
    "flex.flex is Yoga's flex: grow by it, basis 0, no shrink; grow and shrink given win",
    arguments: [
      (#"{"flex": {"flex": 2}}"#, 2.0, 0.0, YogaValue.points(0)),
      (#"{"flex": {"flex": -1}}"#, 0, 1, .auto),
      (#"{"flex": {"flex": 0}}"#, 0, 0, .auto),
      (#"{"flex": {"flex": 1, "shrink": 3}}"#, 1, 3, .points(0)),
      (
        #"{"flex": {"flex": 1, "grow": 4, "basis": {"value": 50, "type": "PERCENT"}}}"#, 4, 0,
        .percent(50)
      ),
      (#"{"flex": {"grow": 2}}"#, 2, 1, .auto),
      (#"{"flex": {"shrink": 0, "basis": {"value": 10, "type": "REAL"}}}"#, 0, 0, .points(10)),
    ])
  func flex(json: String, grow: Double, shrink: Double, basis: YogaValue) throws {
    let style = try style(json)
    #expect(style.grow == grow)
    #expect(style.shrink == shrink)
    #expect(style.basis == basis)
  }

  @Test("margin and padding edges: the specific edge, else horizontal/vertical, else all")
  func edgePrecedence() throws {
    let style = try style(
      """
      {"margin": {"all": {"value": 5, "type": "REAL"}, "horizontal": {"value": 10, "type": "REAL"},
                  "left": {"value": 20, "type": "REAL"}},
       "padding": {"vertical": {"value": 3, "type": "PERCENT"}, "all": {"value": 1, "type": "REAL"},
                   "bottom": {"value": 8, "type": "REAL"}, "right": {"value": 0, "type": "AUTO"}}}
      """)
    #expect(
      style.margin
        == YogaEdges(left: .points(20), top: .points(5), right: .points(10), bottom: .points(5)))
    // padding AUTO is ignored by YogaKit: the right edge falls back to `all`.
    #expect(
      style.padding
        == YogaEdges(left: .points(1), top: .percent(3), right: .points(1), bottom: .points(8)))
  }

  @Test("an auto margin is one on the edge itself; AUTO on horizontal, vertical or all is 0")
  func autoMargins() throws {
    // Yoga 1.19 (YGNode::marginLeadingValue/marginTrailingValue) finds auto margins on
    // the edge's own value only; sizes resolve horizontal/vertical/all
    // (YGComputedEdgeValue) and YGResolveValueMargin counts AUTO there as 0.
    let style = try style(
      """
      {"margin": {"horizontal": {"value": 0, "type": "AUTO"}, "all": {"value": 5, "type": "REAL"},
                  "top": {"value": 0, "type": "AUTO"}}}
      """)
    #expect(
      style.margin
        == YogaEdges(left: .points(0), top: .auto, right: .points(0), bottom: .points(5)))
    #expect(
      style.css(in: YogaStyle())
        == "margin-left:0px;margin-top:auto;margin-right:0px;margin-bottom:5px")
    let all = try self.style(#"{"margin": {"all": {"value": 0, "type": "AUTO"}}}"#)
    #expect(
      all.margin
        == YogaEdges(left: .points(0), top: .points(0), right: .points(0), bottom: .points(0)))
  }

  @Test("a flex basis in points is bounded by the min and max main size, as Yoga bounds it")
  func boundedBasis() throws {
    // YGNodeComputeFlexBasisForChild, then YGNodeBoundAxisWithinMinAndMax on the
    // computed basis before the free space is shared (Yoga 1.19).
    var row = YogaStyle()
    row.flexDirection = "row"
    let grown = try style(
      #"{"flex": {"flex": 1}, "size": {"minWidth": {"value": 300, "type": "REAL"}}}"#)
    #expect(grown.css(in: row) == "flex-grow:1;flex-shrink:0;flex-basis:300px;min-width:300px")
    let capped = try style(
      """
      {"size": {"width": {"value": 300, "type": "REAL"}, "maxWidth": {"value": 250, "type": "REAL"}}}
      """)
    #expect(capped.css(in: row) == "flex-basis:250px;width:300px;max-width:250px")
    // On the cross axis (a column parent) the basis is the height: not bounded by width.
    #expect(capped.css(in: YogaStyle()) == "width:300px;max-width:250px")
    // A percent bound, or a basis from the content, is left to CSS.
    let percent = try style(
      #"{"flex": {"flex": 1}, "size": {"minWidth": {"value": 50, "type": "PERCENT"}}}"#)
    #expect(percent.css(in: row) == "flex-grow:1;flex-shrink:0;flex-basis:0px;min-width:50%")
  }

  @Test("position edges are assigned in order: all, left/top/right/bottom, vertical, horizontal")
  func positionOrder() throws {
    let style = try style(
      """
      {"positionType": "ABSOLUTE",
       "position": {"horizontal": {"value": 20, "type": "REAL"}, "left": {"value": 10, "type": "REAL"},
                    "top": {"value": 2, "type": "REAL"}, "vertical": {"value": 3, "type": "REAL"},
                    "all": {"value": 1, "type": "REAL"}}}
      """)
    // Unlike margins, `horizontal` (assigned last) beats `left`, `vertical` beats `top`.
    #expect(
      style.position
        == YogaEdges(left: .points(20), top: .points(3), right: .points(20), bottom: .points(3)))
    #expect(style.isAbsolute)
  }

  @Test("unit values need a known type and a number; others leave the default")
  func unitValues() throws {
    #expect(YogaValue(try JSONValue(parsing: #"{"value": 1, "type": "REAL"}"#)) == .points(1))
    #expect(
      YogaValue(try JSONValue(parsing: #"{"value": 1.5, "type": "PERCENT"}"#)) == .percent(1.5))
    #expect(YogaValue(try JSONValue(parsing: #"{"type": "AUTO"}"#)) == .auto)
    #expect(YogaValue(try JSONValue(parsing: #"{"value": 1, "type": "PX"}"#)) == nil)
    #expect(YogaValue(try JSONValue(parsing: #"{"value": "1", "type": "REAL"}"#)) == nil)
    #expect(YogaValue(try JSONValue(parsing: #"{"value": 1}"#)) == nil)
    #expect(YogaValue(try JSONValue(parsing: #"12"#)) == nil)
  }

  @Test("the CSS holds only what differs from the defaults, from numbers and keywords")
  func css() throws {
    let style = try style(
      """
      {"backgroundColor": "#0F08", "cornerRadius": {"radius": 4, "topLeft": 10},
       "borderWidth": 2, "borderColor": "#FF0000",
       "display": "NONE",
       "flex": {"flexDirection": "ROW", "justifyContent": "SPACE_BETWEEN", "alignItems": "CENTER",
                "alignSelf": "FLEX_END", "flexWrap": "WRAP", "alignContent": "STRETCH", "grow": 1},
       "size": {"width": {"value": 50, "type": "PERCENT"}, "maxHeight": {"value": 100, "type": "REAL"},
                "minWidth": {"value": 0, "type": "AUTO"}},
       "margin": {"top": {"value": 0, "type": "AUTO"}}}
      """)
    #expect(
      style.css(in: YogaStyle())
        == "display:none;flex-direction:row;flex-wrap:wrap;justify-content:space-between;"
        + "align-items:center;align-self:flex-end;align-content:stretch;flex-grow:1;width:50%;"
        + "max-height:100px;margin-top:auto;background-color:rgba(0, 255, 0, 0.533);"
        + "border-radius:10px 4px 4px 4px;overflow:hidden;"
        + "box-shadow:inset 0 0 0 2px rgba(255, 0, 0, 1)")
  }

  @Test("unknown enumeration values leave Beagle's defaults (iOS does not decode them)")
  func unknownKeywords() throws {
    let style = try style(
      #"{"flex": {"flexDirection": "row", "justifyContent": "SPACE", "alignItems": "START"}}"#)
    #expect(style.css(in: YogaStyle()) == "")
  }

  @Test(
    "aspectRatio: the main size first, the cross size from it (YGDistributeFreeSpaceSecondPass)",
    arguments: [
      // In a column, a given width (the cross size) gives the height: 200 / 2.
      (
        #"{"width": {"value": 200, "type": "REAL"}, "aspectRatio": 2}"#, "column",
        "width:200px;height:100px"
      ),
      // In a column the height is the main size: the width follows it, over the given width.
      (
        #"{"width": {"value": 200, "type": "REAL"}, "height": {"value": 40, "type": "REAL"}, "aspectRatio": 2}"#,
        "column", "width:80px;height:40px"
      ),
      // Under a max height: 200 / 2 = 100 capped at 60, then the width is 60 × 2.
      (
        #"{"width": {"value": 200, "type": "REAL"}, "maxHeight": {"value": 60, "type": "REAL"}, "aspectRatio": 2}"#,
        "column", "width:120px;height:60px;max-height:60px"
      ),
      // In a row the width is the main size; the height follows it under its min.
      (
        #"{"width": {"value": 30, "type": "REAL"}, "minHeight": {"value": 20, "type": "REAL"}, "aspectRatio": 3}"#,
        "row", "width:30px;height:20px;min-height:20px"
      ),
      // Neither size given: CSS's aspect-ratio.
      (#"{"aspectRatio": 1.5}"#, "column", "aspect-ratio:1.5"),
    ])
  func aspectRatio(size: String, parentDirection: String, css: String) throws {
    let style = try style(#"{"size": "# + size + "}")
    var parent = YogaStyle()
    parent.flexDirection = parentDirection
    #expect(style.css(in: parent) == css)
  }

  @Test("an absolute child uses aspectRatio only when exactly one size is given")
  func absoluteAspectRatio() throws {
    let one = try style(
      #"{"positionType": "ABSOLUTE", "size": {"height": {"value": 10, "type": "REAL"}, "aspectRatio": 4}}"#
    )
    #expect(one.css(in: YogaStyle()) == "position:absolute;width:40px;height:10px;left:0;top:0")
    let both = try style(
      """
      {"positionType": "ABSOLUTE", "size": {"width": {"value": 7, "type": "REAL"},
       "height": {"value": 10, "type": "REAL"}, "aspectRatio": 4}}
      """)
    #expect(both.css(in: YogaStyle()) == "position:absolute;width:7px;height:10px;left:0;top:0")
  }

  @Test("an absolute child without insets goes where Yoga 1.x puts it, ignoring the padding")
  func absolutePlacement() throws {
    var parent = try style(
      #"{"padding": {"left": {"value": 40, "type": "REAL"}}, "flex": {"justifyContent": "CENTER"}}"#
    )
    let child = try style(#"{"positionType": "ABSOLUTE"}"#)
    // Main axis (a column's vertical) by justifyContent CENTER; cross axis by STRETCH: start.
    #expect(
      child.css(in: parent) == "position:absolute;left:0;top:50%;transform:translate(0,-50%)")
    parent.flexDirection = "row"
    parent.alignItems = "flex-end"
    #expect(
      child.css(in: parent) == "position:absolute;left:50%;bottom:0;transform:translate(-50%,0)")
    // WRAP_REVERSE flips the cross axis's end and start.
    parent.flexWrap = "wrap-reverse"
    #expect(
      child.css(in: parent) == "position:absolute;left:50%;top:0;transform:translate(-50%,0)")
    // Insets given: no placement; a reversed main axis keeps CSS's own.
    let placed = try style(
      #"{"positionType": "ABSOLUTE", "position": {"top": {"value": 1, "type": "REAL"}}}"#)
    parent.flexDirection = "row-reverse"
    #expect(placed.css(in: parent) == "position:absolute;top:1px")
  }

  @Test("an absolute child's percents are of the parent's content box (Yoga), in calc()")
  func absolutePercents() throws {
    let parent = try style(
      """
      {"padding": {"left": {"value": 40, "type": "REAL"}, "vertical": {"value": 5, "type": "REAL"}}}
      """)
    let child = try style(
      """
      {"positionType": "ABSOLUTE",
       "position": {"left": {"value": 50, "type": "PERCENT"}, "top": {"value": 10, "type": "PERCENT"}},
       "size": {"width": {"value": 50, "type": "PERCENT"}, "maxHeight": {"value": 20, "type": "PERCENT"}}}
      """)
    #expect(
      child.css(in: parent)
        == "position:absolute;width:calc((100% - 40px) * 0.5);max-height:calc((100% - 10px) * 0.2);"
        + "left:calc((100% - 40px) * 0.5);top:calc((100% - 10px) * 0.1)")
    // A relative child's percents stay CSS's (both of the content box).
    let relative = try style(#"{"size": {"width": {"value": 50, "type": "PERCENT"}}}"#)
    #expect(relative.css(in: parent) == "width:50%")
  }
}
