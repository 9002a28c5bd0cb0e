import Foundation
import Testing

/// `run --format html` as headless Chromium draws it, against the frames Yoga
/// itself computes for the same screens (``YogaFrames``): every component with an
/// id is where Yoga puts it, within half a point, and a hidden one is not drawn.
///
/// The fixtures (`Tests/YogaLayout/Fixtures`) cover every style field the drawing
/// maps: flexDirection, flexWrap, justifyContent, alignItems, alignSelf,
/// alignContent, grow, shrink, basis and `flex`, sizes in points, percents and
/// `AUTO`, min/max, aspectRatio (under min/max, stretched, absolute), margin and
/// padding edges with their precedence and auto margins, position edges in iOS's
/// order, relative offsets, absolute children with opposite insets, percent insets
/// and no insets, and `display: NONE`. Text and buttons have fixed sizes: neither
/// Yoga here nor the browser measures text as UIKit does.
@Suite(
  .enabled(if: Chromium.path != nil, Chromium.skipReason),
  .enabled(if: YogaFrames.isAvailable, YogaFrames.skipReason))
struct YogaLayoutTests {
  /// Half a point: Yoga's frames are exact (no pixel rounding); Chromium lays out
  /// in 1/64 px.
  static let tolerance = 0.5

  @Test(
    "the drawing puts every component where Yoga does",
    arguments: ["flex", "grow", "sizes", "aspect", "edges", "position", "display"])
  func fixture(name: String) throws {
    let path = YogaFrames.packageRoot.appendingPathComponent(
      "Tests/YogaLayout/Fixtures/\(name).json"
    ).path
    let yoga = try YogaFrames.compute(path)
    #expect(yoga.version == "1.19.0")
    #expect(yoga.frames.count >= 8, "only \(yoga.frames.count) frames")
    let run = beagleRun("run", path, "--format", "html")
    try #require(run.code == 0, "\(run.errors)")
    let drawn = try Chromium.boxes(of: run.output)
    for (id, frame) in yoga.frames.sorted(by: { $0.key < $1.key }) {
      guard let element = drawn[id] else {
        Issue.record("#\(id) is not drawn")
        continue
      }
      if frame.isHidden {
        #expect(!element.isVisible, "#\(id) is hidden by display NONE in Yoga but visible")
        continue
      }
      #expect(element.isVisible, "#\(id) is not visible")
      let expected = [frame.x, frame.y, frame.width, frame.height]
      let isClose =
        element.box.count == 4
        && zip(element.box, expected).allSatisfy { abs($0 - $1) <= Self.tolerance }
      #expect(isClose, "\(name) #\(id): drawn \(element.box), Yoga \(expected)")
    }
  }
}
