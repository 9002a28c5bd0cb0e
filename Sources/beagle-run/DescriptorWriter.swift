#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text to a file descriptor without trapping: a closed pipe (`| head -1`) or a
/// full disk (`> /dev/full`) ends the writing, and the process says so in its exit code
/// instead of crashing as `FileHandle.write(_:)` does. A closed pipe (EPIPE) also calls
/// `onClosedPipe`, which stops the command at once.
final class DescriptorWriter {
  private let descriptor: Int32
  /// Whether a write failed; later writes are dropped.
  private(set) var hasFailed = false

  private let onClosedPipe: () -> Void

  init(descriptor: Int32, onClosedPipe: @escaping () -> Void = {}) {
    self.descriptor = descriptor
    self.onClosedPipe = onClosedPipe
  }

  func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: $0) }
  }

  /// Writes UTF-8 bytes as they are.
  func write(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write(bytes: $0) }
  }

  private func write(bytes: UnsafeBufferPointer<UInt8>) {
    guard !hasFailed, let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        hasFailed = true
        if errno == EPIPE { onClosedPipe() }
        return
      }
      offset += written
    }
  }
}

/// The C library's `write`, which the method above would otherwise shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
