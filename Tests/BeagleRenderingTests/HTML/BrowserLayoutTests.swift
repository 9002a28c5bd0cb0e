import BeagleJSON
import BeagleRuntime
import Foundation
import Testing

@testable import BeagleRendering

/// `run --format html`'s storyboard in a real browser (headless Chromium): what a
/// user sees, read back from the DOM.
///
/// The expected positions and sizes are worked out by hand from Yoga's rules as
/// iOS configures them (docs/spec.md §1.6: Beagle's defaults, edge precedence,
/// position order, flex resolution), not read from the drawing. The implicit
/// screen has no navigation bar, so the screen area is 375 × 647 points
/// (667 minus the 20-point status bar).
@Suite(.enabled(if: HeadlessChromium.found != nil, HeadlessChromium.skipReason))
struct BrowserLayoutTests {
  static let screen = #"""
    {"_beagleComponent_": "beagle:container", "id": "main", "style": {"flex": {"grow": 1}},
     "children": [
      {"_beagleComponent_": "beagle:container", "id": "row",
       "style": {"size": {"height": {"value": 50, "type": "REAL"}},
                 "flex": {"flexDirection": "ROW", "justifyContent": "SPACE_BETWEEN"}},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "a", "style": {"size": {"width": {"value": 50, "type": "REAL"}}}},
        {"_beagleComponent_": "beagle:container", "id": "b", "style": {"size": {"width": {"value": 50, "type": "REAL"}}}},
        {"_beagleComponent_": "beagle:container", "id": "c", "style": {"size": {"width": {"value": 50, "type": "REAL"}}}}]},
      {"_beagleComponent_": "beagle:container", "id": "growRow",
       "style": {"size": {"height": {"value": 40, "type": "REAL"}}, "flex": {"flexDirection": "ROW"}},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "g1", "style": {"size": {"width": {"value": 100, "type": "REAL"}}}},
        {"_beagleComponent_": "beagle:container", "id": "g2", "style": {"flex": {"grow": 1}}},
        {"_beagleComponent_": "beagle:container", "id": "g3", "style": {"flex": {"grow": 2}}}]},
      {"_beagleComponent_": "beagle:container", "id": "pct",
       "style": {"size": {"width": {"value": 50, "type": "PERCENT"}, "height": {"value": 10, "type": "PERCENT"}}}},
      {"_beagleComponent_": "beagle:container", "id": "m",
       "style": {"size": {"height": {"value": 10, "type": "REAL"}},
                 "margin": {"all": {"value": 3, "type": "REAL"}, "vertical": {"value": 6, "type": "REAL"},
                            "left": {"value": 12, "type": "REAL"}}}},
      {"_beagleComponent_": "beagle:container", "id": "ar",
       "style": {"size": {"width": {"value": 100, "type": "REAL"}, "aspectRatio": 4}}},
      {"_beagleComponent_": "beagle:container", "id": "flexRow",
       "style": {"size": {"height": {"value": 30, "type": "REAL"}}, "flex": {"flexDirection": "ROW"},
                 "padding": {"all": {"value": 10, "type": "REAL"}}},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "f1", "style": {"flex": {"flex": 1}},
         "children": [
          {"_beagleComponent_": "beagle:container", "style": {"size": {"width": {"value": 40, "type": "REAL"}}}}]},
        {"_beagleComponent_": "beagle:container", "id": "f2", "style": {"flex": {"flex": 3}}},
        {"_beagleComponent_": "beagle:container", "id": "f3", "style": {"size": {"width": {"value": 55, "type": "REAL"}}}}]},
      {"_beagleComponent_": "beagle:container", "id": "centerBox",
       "style": {"size": {"height": {"value": 40, "type": "REAL"}},
                 "flex": {"justifyContent": "CENTER", "alignItems": "CENTER"}},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "dot",
         "style": {"size": {"width": {"value": 20, "type": "REAL"}, "height": {"value": 10, "type": "REAL"}}}}]},
      {"_beagleComponent_": "beagle:container", "id": "padBox",
       "style": {"size": {"height": {"value": 60, "type": "REAL"}},
                 "padding": {"left": {"value": 40, "type": "REAL"}}, "flex": {"justifyContent": "CENTER"}},
       "children": [
        {"_beagleComponent_": "beagle:container", "id": "absCenter",
         "style": {"positionType": "ABSOLUTE",
                   "size": {"width": {"value": 20, "type": "REAL"}, "height": {"value": 20, "type": "REAL"}}}},
        {"_beagleComponent_": "beagle:container", "id": "absPct",
         "style": {"positionType": "ABSOLUTE", "position": {"left": {"value": 50, "type": "PERCENT"}},
                   "size": {"width": {"value": 50, "type": "PERCENT"}, "height": {"value": 10, "type": "REAL"}}}}]},
      {"_beagleComponent_": "beagle:container", "id": "absAr",
       "style": {"positionType": "ABSOLUTE",
                 "position": {"top": {"value": 300, "type": "REAL"}, "left": {"value": 0, "type": "REAL"}},
                 "size": {"height": {"value": 10, "type": "REAL"}, "aspectRatio": 4}}},
      {"_beagleComponent_": "beagle:text", "id": "hidden", "text": "Secret", "style": {"display": "NONE"}},
      {"_beagleComponent_": "beagle:text", "id": "xss",
       "text": "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\">"},
      {"_beagleComponent_": "beagle:button", "id": "buy", "text": "Buy", "onPress": [
        {"_beagleAction_": "beagle:alert", "title": "Sure?", "message": "Pay now", "labelOk": "Yes"}]},
      {"_beagleComponent_": "beagle:container", "id": "abs",
       "style": {"positionType": "ABSOLUTE",
                 "position": {"right": {"value": 10, "type": "REAL"}, "bottom": {"value": 20, "type": "REAL"}},
                 "size": {"width": {"value": 30, "type": "REAL"}, "height": {"value": 30, "type": "REAL"}}}},
      {"_beagleComponent_": "beagle:container", "id": "abs2",
       "style": {"positionType": "ABSOLUTE",
                 "position": {"all": {"value": 7, "type": "REAL"}, "left": {"value": 5, "type": "REAL"},
                              "horizontal": {"value": 40, "type": "REAL"}},
                 "size": {"width": {"value": 10, "type": "REAL"}, "height": {"value": 10, "type": "REAL"}}}}
     ]}
    """#

  /// Per frame: the screen area's size, each component's box relative to it, its
  /// visibility and text; the dialog's box relative to the phone and whether it is
  /// on top at the phone's centre; the highlighted elements.
  static let probe = """
    const out = {frames: [], resources: performance.getEntriesByType('resource').map(r => r.name),
                 errors: __errors, pwned: window.pwned ?? null};
    for (const frame of document.querySelectorAll('[data-beagle-step]')) {
      const screen = frame.querySelector('[data-beagle-screen]').getBoundingClientRect();
      const phone = frame.querySelector('.b-phone').getBoundingClientRect();
      const result = {step: frame.dataset.beagleStep, screen: [screen.width, screen.height],
                      components: {}, dialog: null, hits: []};
      for (const element of frame.querySelectorAll('[data-beagle-id]')) {
        const box = element.getBoundingClientRect();
        result.components[element.dataset.beagleId] = {
          box: [box.x - screen.x, box.y - screen.y, box.width, box.height],
          visible: element.checkVisibility(), text: element.innerText};
      }
      const dialog = frame.querySelector('[data-beagle-dialog]');
      if (dialog) {
        const box = dialog.getBoundingClientRect();
        const top = document.elementFromPoint(phone.x + phone.width / 2, phone.y + phone.height / 2);
        result.dialog = {box: [box.x - phone.x, box.y - phone.y, box.width, box.height],
                         text: dialog.innerText, isOnTop: dialog.contains(top)};
      }
      for (const element of frame.querySelectorAll('.b-hit')) {
        const style = getComputedStyle(element);
        result.hits.push({id: element.dataset.beagleId ?? null, text: element.innerText,
                          outline: style.outlineStyle + ' ' + style.outlineWidth,
                          label: element.dataset.beagleHit});
      }
      out.frames.push(result);
    }
    report(out);
    """

  static func measure() throws -> JSONValue {
    let chromium = try #require(HeadlessChromium.found)
    var storyboard = HTMLStoryboard(renderer: HTMLStateRenderer())
    var html = HTMLDocument.head(title: "layout") + HTMLDocument.storyboardStart
    for state in try htmlTestStates(screen, steps: "tap #buy") {
      storyboard.add(state) { html += $0 }
    }
    storyboard.finish { html += $0 }
    html += HTMLDocument.storyboardEnd + HTMLDocument.tail
    return try chromium.run(html, probe: probe)
  }

  func box(_ frame: JSONValue?, _ id: String) -> [Double] {
    frame?["components"]?[id]?["box"]?.arrayValue?.compactMap(\.doubleValue) ?? []
  }

  /// Chromium lays out in 1/64 px units.
  func expectBox(
    _ frame: JSONValue?, _ id: String, _ expected: [Double],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let actual = box(frame, id)
    let isClose =
      actual.count == 4 && zip(actual, expected).allSatisfy { abs($0 - $1) < 0.02 }
    #expect(isClose, "#\(id): \(actual) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test("layouts, visibility, the dialog, the highlight and payload text, as a browser draws them")
  func storyboard() throws {
    let result = try Self.measure()
    let frames = result["frames"]?.arrayValue ?? []
    try #require(frames.count == 2)
    let first = frames[0]
    #expect(first["screen"] == [375, 647])
    // #main grows to the screen: 375 × 647.
    expectBox(first, "main", [0, 0, 375, 647])
    // A row, SPACE_BETWEEN, three 50-wide children stretched to its 50 height:
    // the free 225 is split into two gaps of 112.5.
    expectBox(first, "row", [0, 0, 375, 50])
    expectBox(first, "a", [0, 0, 50, 50])
    expectBox(first, "b", [162.5, 0, 50, 50])
    expectBox(first, "c", [325, 0, 50, 50])
    // Grow 1 and 2 share the 275 left by the 100-wide child: 91.667 and 183.333.
    expectBox(first, "g1", [0, 50, 100, 40])
    expectBox(first, "g2", [100, 50, 275.0 / 3, 40])
    expectBox(first, "g3", [100 + 275.0 / 3, 50, 550.0 / 3, 40])
    // 50% of 375 wide, 10% of #main's 647 high, at y 90.
    expectBox(first, "pct", [0, 90, 187.5, 64.7])
    // Margin: left 12 (its own edge), top and bottom 6 (vertical beats all), right 3 (all).
    expectBox(first, "m", [12, 90 + 64.7 + 6, 375 - 12 - 3, 10])
    // Width 100, aspect ratio 4: 25 high (a given width is not stretched).
    expectBox(first, "ar", [0, 90 + 64.7 + 6 + 10 + 6, 100, 25])
    // Yoga's flex 1 and 3 have a basis of 0: they share the row's 355 inner points
    // less the 55-wide child as 75 and 225, whatever f1's 40-wide content (with CSS's
    // `flex: 1` basis auto, f1 would get 40 + 65). The row's padding 10 insets them.
    let rowY = 90 + 64.7 + 6 + 10 + 6 + 25
    expectBox(first, "flexRow", [0, rowY, 375, 30])
    expectBox(first, "f1", [10, rowY + 10, 75, 10])
    expectBox(first, "f2", [85, rowY + 10, 225, 10])
    expectBox(first, "f3", [310, rowY + 10, 55, 10])
    // CENTER on both axes: (375 - 20) / 2 across, (40 - 10) / 2 down.
    expectBox(first, "centerBox", [0, rowY + 30, 375, 40])
    expectBox(first, "dot", [177.5, rowY + 30 + 15, 20, 10])
    // Absolute children of a 60-high column padded 40 on the left, justifyContent
    // CENTER. Without insets Yoga 1.x centres the child on the main axis in the whole
    // parent, (60 - 20) / 2, and puts it at x 0 on the cross axis, ignoring the
    // padding (CSS would put it at 40). Percents are of the content box, 375 - 40:
    // left and width 167.5; no vertical inset, so centred: (60 - 10) / 2.
    let boxY = rowY + 30 + 40
    expectBox(first, "padBox", [0, boxY, 375, 60])
    expectBox(first, "absCenter", [0, boxY + 20, 20, 20])
    expectBox(first, "absPct", [167.5, boxY + 25, 167.5, 10])
    // An absolute child with one size: the other from the ratio, 10 × 4.
    expectBox(first, "absAr", [0, 300, 40, 10])
    // Absolute: right 10 and bottom 20 in #main: x 375 - 30 - 10, y 647 - 30 - 20.
    expectBox(first, "abs", [335, 597, 30, 30])
    // Position edges in order: all 7, then left 5, then horizontal 40 wins on the left.
    expectBox(first, "abs2", [40, 7, 10, 10])
    // display NONE: not drawn; the others are.
    #expect(first["components"]?["hidden"]?["visible"] == false)
    #expect(first["components"]?["buy"]?["visible"] == true)
    #expect(first["components"]?["buy"]?["text"] == "Buy")
    // The payload's markup is text on the screen, and none of it ran.
    #expect(
      first["components"]?["xss"]?["text"]
        == "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\">")
    #expect(result["pwned"] == .null)
    // The next step taps Buy: it is outlined in the first frame, labelled with the step.
    let hit: JSONValue = [
      "id": "buy", "text": "Buy", "outline": "solid 3px", "label": "step 1: tap #buy",
    ]
    #expect(first["hits"] == .array([hit]))
    // After the tap the alert covers the whole phone, on top of the screen.
    let second = frames[1]
    #expect(second["dialog"]?["box"] == [0, 0, 375, 667])
    #expect(second["dialog"]?["isOnTop"] == true)
    #expect(second["dialog"]?["text"] == "Sure?\nPay now\nYes")
    #expect(second["hits"] == [])
    // Nothing was fetched, nothing was refused, nothing was logged.
    #expect(result["resources"] == [])
    #expect(result["errors"] == [])
  }
}
