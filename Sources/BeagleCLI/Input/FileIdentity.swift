#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names on disk (its device and inode, links followed): two paths
/// spelled differently (relative and absolute, through a link) are the same file when
/// their identities are equal.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64

  /// The identity of the file at `path`; nil when it cannot be found.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }
}
