/// The most bytes one input may hold: a screen, a `--script`, a scenario, a
/// manifest, a mock file, standard input, a screen the file BFF serves.
///
/// Inputs are read whole and kept in memory, so the limit is checked before and
/// while reading, never after: a regular file larger than this is refused from its
/// size; a stream (standard input, a pipe, a fifo, a device such as `/dev/zero`) is
/// read up to one byte past it and then refused. 256 MB is far above any real
/// screen (the benchmarks' largest payload is 100 MB) and keeps what a refused
/// input costs at about that much memory.
///
/// ```swift
/// InputLimit.bytes          // 268435456
/// InputLimit.text(1 << 28)  // "256 MB"
/// ```
public enum InputLimit {
  /// 256 MB (2^28 bytes).
  public static let bytes = 256 << 20

  /// `256 MB` for whole megabytes, `1500 bytes` otherwise, as messages say it.
  public static func text(_ bytes: Int) -> String {
    ValueLimitViolation.bytes(bytes)
  }
}
