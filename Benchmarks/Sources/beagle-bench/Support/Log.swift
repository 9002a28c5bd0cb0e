import Foundation

/// Progress messages go to stderr so that stdout holds only the report.
enum Log {
  static func progress(_ message: String) {
    FileHandle.standardError.write(Data(("· " + message + "\n").utf8))
  }

  static func plain(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  static func error(_ message: String) {
    FileHandle.standardError.write(Data(("beagle-bench: error: " + message + "\n").utf8))
  }
}
