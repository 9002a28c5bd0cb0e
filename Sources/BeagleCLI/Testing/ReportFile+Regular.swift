import Foundation

extension ReportFile {
  /// Writes `text` at `path` as ``write(_:path:location:)`` does (atomically: a
  /// temporary file renamed into place), but only over a regular file: a symbolic
  /// link, a FIFO, a device or a socket at `path` is refused, so a report never
  /// writes through a link planted where it is kept, nor blocks on a pipe. nil when
  /// written, else why not.
  static func writeRegular(_ text: String, path: String, location: String) -> String? {
    if let type = try? FileManager.default.attributesOfItem(atPath: location)[.type]
      as? FileAttributeType
    {
      switch type {
      case .typeRegular: break
      case .typeSymbolicLink: return "'\(path)' is a symbolic link; not writing through it"
      case .typeDirectory: return "'\(path)' is a folder"
      default: return "'\(path)' is not a regular file (a FIFO, socket or device)"
      }
    }
    return write(text, path: path, location: location)
  }
}
