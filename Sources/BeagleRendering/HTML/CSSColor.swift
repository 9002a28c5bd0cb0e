/// A colour from a Beagle hex string, as iOS's `UIColor(hex:)` reads it: `#RGB`,
/// `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (alpha last), the `#` optional.
///
/// Written into CSS only as `rgba(…)` from its numbers, so no payload text ever
/// reaches a stylesheet.
package struct CSSColor: Sendable, Equatable {
  package var red: UInt8
  package var green: UInt8
  package var blue: UInt8
  package var alpha: UInt8

  package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The colour `hex` names; nil when it is not 3, 4, 6 or 8 hex digits.
  package init?(hex: String) {
    var digits = Substring(hex)
    if digits.first == "#" { digits = digits.dropFirst() }
    guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
    let nibbles = digits.compactMap { UInt8(String($0), radix: 16) }
    switch nibbles.count {
    case 3, 4:
      let doubled = nibbles.map { $0 << 4 | $0 }
      self.init(
        red: doubled[0], green: doubled[1], blue: doubled[2],
        alpha: doubled.count == 4 ? doubled[3] : 255)
    case 6, 8:
      let bytes = stride(from: 0, to: nibbles.count, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
      self.init(
        red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    default:
      return nil
    }
  }

  /// `rgba(255, 0, 0, 0.502)`: alpha with at most three decimals.
  package var css: String {
    let thousandths = (Int(alpha) * 1000 + 127) / 255
    let alphaText: String
    switch thousandths {
    case 1000: alphaText = "1"
    case 0: alphaText = "0"
    default:
      var decimals = String(thousandths)
      while decimals.count < 3 { decimals = "0" + decimals }
      while decimals.hasSuffix("0") { decimals.removeLast() }
      alphaText = "0." + decimals
    }
    return "rgba(\(red), \(green), \(blue), \(alphaText))"
  }
}
