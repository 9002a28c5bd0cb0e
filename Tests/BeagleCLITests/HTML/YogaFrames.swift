import BeagleJSON
import Foundation
import Testing

/// The frames Yoga itself computes for a Beagle screen:
/// `Tests/YogaLayout/yoga_frames.py`, which gives the screen's styles to Yoga
/// (the C++ library, built by the PyPI package `poga`) as Beagle iOS gives them to
/// YogaKit, and prints every component's box relative to the screen area.
enum YogaFrames {
  /// One component's frame, in points, relative to the screen area.
  struct Frame: Equatable {
    var x, y, width, height: Double
    /// `display: NONE` on it or an ancestor.
    var isHidden: Bool
  }

  /// The package's root folder (this file is `Tests/BeagleCLITests/HTML/YogaFrames.swift`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let script = packageRoot.appendingPathComponent("Tests/YogaLayout/yoga_frames.py").path

  /// Whether `python3` can import `poga` (`.ci/run` installs it when absent).
  static let isAvailable: Bool = (try? python(["-c", "import poga.libpoga_capi"]).status) == 0

  static let skipReason: Comment =
    "Yoga is not available (python3 with the PyPI package 'poga': pip install poga; .ci/run installs it): the Yoga layout checks are skipped"

  /// The frames of the screen at `path`, by component id, and the Yoga version.
  static func compute(_ path: String) throws -> (version: String, frames: [String: Frame]) {
    let run = try python([script, path])
    guard run.status == 0 else { throw YogaFramesError.failed(run.errors) }
    let value = try JSONValue(parsing: run.output)
    var frames: [String: Frame] = [:]
    for (id, frame) in value["frames"]?.objectValue?.members.map({ ($0, $1) }) ?? [] {
      frames[id] = Frame(
        x: frame["x"]?.doubleValue ?? .nan, y: frame["y"]?.doubleValue ?? .nan,
        width: frame["width"]?.doubleValue ?? .nan, height: frame["height"]?.doubleValue ?? .nan,
        isHidden: frame["hidden"] == .bool(true))
    }
    return (value["yoga"]?.stringValue ?? "", frames)
  }

  private static func python(
    _ arguments: [String]
  ) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }
}

enum YogaFramesError: Error {
  case failed(String)
}

extension Chromium {
  /// The boxes Chromium draws for `html` (a document from `run --format html`): for
  /// every element with `data-beagle-id` in the first frame, `[x, y, width, height]`
  /// relative to the frame's screen area (`data-beagle-screen`) and whether it is
  /// visible.
  static func boxes(of html: String) throws -> [String: (box: [Double], isVisible: Bool)] {
    let value = try probe(
      html,
      script: """
        const frame = document.querySelector('[data-beagle-step]');
        const screen = frame.querySelector('[data-beagle-screen]').getBoundingClientRect();
        const out = {};
        for (const element of frame.querySelectorAll('[data-beagle-id]')) {
          const box = element.getBoundingClientRect();
          out[element.dataset.beagleId] = {box: [box.x - screen.x, box.y - screen.y, box.width, box.height],
                                           visible: element.checkVisibility()};
        }
        report(out);
        """)
    var boxes: [String: (box: [Double], isVisible: Bool)] = [:]
    for (id, entry) in value.objectValue?.members.map({ ($0, $1) }) ?? [] {
      boxes[id] = (
        entry["box"]?.arrayValue?.compactMap(\.doubleValue) ?? [], entry["visible"] == .bool(true)
      )
    }
    return boxes
  }
}
