/// A 64-bit FNV-1a hash of a scenario's inputs, written in its golden's header so
/// that a golden recorded from other inputs is reported as stale.
///
/// FNV-1a is small, stable across platforms and releases, and needs no library
/// (Foundation on Linux has no CryptoKit). It only has to notice edits, not resist
/// attacks.
///
/// ```swift
/// InputHash(["index.scenario": scenarioBytes, "index.json": screenBytes]).hex
/// // "5c1fa3b0e29d4e71"
/// ```
struct InputHash: Equatable, Sendable {
  var value: UInt64

  static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  static let prime: UInt64 = 0x0000_0100_0000_01b3

  init(value: UInt64) { self.value = value }

  /// The hash of named inputs, in name order, each fed as its name's UTF-8 bytes,
  /// a zero byte, its length (8 bytes, little-endian) and its bytes, so that
  /// moving bytes from one input to another changes the hash.
  init(_ inputs: [String: [UInt8]]) {
    var hash = Self.offsetBasis
    for name in inputs.keys.sorted() {
      let bytes = inputs[name] ?? []
      Self.feed(Array(name.utf8) + [0], into: &hash)
      var length = UInt64(bytes.count)
      var lengthBytes: [UInt8] = []
      for _ in 0..<8 {
        lengthBytes.append(UInt8(truncatingIfNeeded: length))
        length >>= 8
      }
      Self.feed(lengthBytes, into: &hash)
      Self.feed(bytes, into: &hash)
    }
    value = hash
  }

  /// FNV-1a of the bytes alone.
  init(bytes: [UInt8]) {
    var hash = Self.offsetBasis
    Self.feed(bytes, into: &hash)
    value = hash
  }

  /// 16 lowercase hexadecimal digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  init?(hex: some StringProtocol) {
    guard hex.count == 16, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
      let value = UInt64(hex, radix: 16)
    else { return nil }
    self.value = value
  }

  private static func feed(_ bytes: [UInt8], into hash: inout UInt64) {
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= prime
    }
  }
}
