import Foundation

/// Number formatting for the report, independent of the locale.
enum Format {
  /// `1`, `10`, `0.5`: an integer when it is one.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  /// Throughput in MB/s with a precision that suits its size.
  static func throughput(_ megabytesPerSecond: Double) -> String {
    megabytesPerSecond >= 100 ? fixed(megabytesPerSecond, 0) : fixed(megabytesPerSecond, 1)
  }

  /// A multiple such as `3.2×`.
  static func multiple(_ value: Double) -> String {
    fixed(value, value >= 10 ? 1 : 2) + "×"
  }

  /// A large count in millions or thousands: `2.41 M`, `830 k`.
  static func count(_ value: Double) -> String {
    if value >= 1_000_000 { return fixed(value / 1_000_000, 2) + " M" }
    if value >= 1_000 { return fixed(value / 1_000, 0) + " k" }
    return fixed(value, 0)
  }

  /// Milliseconds with two decimals: `12.34 ms`.
  static func milliseconds(_ value: Double) -> String {
    fixed(value, 2) + " ms"
  }
}
