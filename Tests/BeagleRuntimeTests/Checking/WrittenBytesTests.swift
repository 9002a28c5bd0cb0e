import BeagleJSON
import BeagleTestSupport
import Testing

@testable import BeagleRuntime

/// The binding check's cache of strings as written compares and hashes their bytes
/// eight at a time (`WrittenBytes`): against a byte-by-byte reference, for every
/// length around the 8-byte words, every position of a difference, and starts at
/// every alignment.
@Suite struct WrittenBytesTests {
  @Test("equal says what comparing byte by byte says; equal bytes share a digest")
  func againstBytes() {
    var random = SplitMix(seed: 0xB17E5)
    for length in 0...41 {
      for _ in 0..<8 {
        let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // The same bytes at another alignment: a copy inside a larger buffer.
        let shift = random.below(8)
        let padded = [UInt8](repeating: 0xAA, count: shift) + bytes + [0x55, 0x66]
        padded.withUnsafeBytes { paddedRaw in
          bytes.withUnsafeBytes { raw in
            let moved = UnsafeRawBufferPointer(rebasing: paddedRaw[shift..<(shift + length)])
            #expect(WrittenBytes.equal(raw, moved))
            #expect(WrittenBytes.digest(raw) == WrittenBytes.digest(moved))
          }
        }
        for position in 0..<length {
          var other = bytes
          other[position] ^= UInt8(1 + random.below(255))
          bytes.withUnsafeBytes { raw in
            other.withUnsafeBytes { otherRaw in
              #expect(!WrittenBytes.equal(raw, otherRaw), "length \(length) at \(position)")
            }
          }
        }
        // A prefix is not equal, and (with zero padding) need not share the digest.
        if length > 0 {
          bytes.withUnsafeBytes { raw in
            let prefix = UnsafeRawBufferPointer(rebasing: raw[0..<(length - 1)])
            #expect(!WrittenBytes.equal(raw, prefix))
          }
        }
      }
    }
  }

  @Test("strings that differ only in their last byte or by a trailing zero digest apart")
  func tailBytes() {
    let pairs: [([UInt8], [UInt8])] = [
      (Array("@{sum(1)}".utf8), Array("@{sum(1)!".utf8)),
      (Array("abcdefgh".utf8), Array("abcdefgh".utf8) + [0]),
      (Array("abc".utf8), Array("abc".utf8) + [0]),
      ([], [0]),
    ]
    for (left, right) in pairs {
      left.withUnsafeBytes { leftRaw in
        right.withUnsafeBytes { rightRaw in
          #expect(!WrittenBytes.equal(leftRaw, rightRaw))
          #expect(WrittenBytes.digest(leftRaw) != WrittenBytes.digest(rightRaw))
        }
      }
    }
  }

  /// Two strings of nine bytes (one word and one byte) that differ only in the last:
  /// the second is not the first's cached check. A missing `}` is a syntax error
  /// (docs/spec.md §5.1: an expression is `@{` … `}`).
  @Test("a string differing from a checked one in its last byte is checked on its own")
  func bindingCheckTail() throws {
    let screen = #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": "@{sum(1,2)}"},
        {"_beagleComponent_": "beagle:text", "text": "@{sum(1,2)!"},
        {"_beagleComponent_": "beagle:text", "text": "@{sum(1,2)}"}]}
      """#
    let root = try #require(try decode(screen).root)
    let pointers = BindingChecker().check(root).map { $0.pointer?.description ?? "" }
    #expect(pointers == ["/children/1/text"])
  }

  /// The same, 64 KiB apart: the cache's keys say where their bytes are in 32 bits
  /// (in 16, the second would read as the first).
  @Test("strings 64 KiB apart in a large screen are told apart by their bytes")
  func bindingCheckFar() throws {
    let text = { (string: String) in
      #"{"_beagleComponent_": "beagle:text", "text": ""# + string + #""}"#
    }
    let first = text("@{sum(1,2)}")
    // The second string starts 65 536 bytes after the first: the first's child and a
    // comma, the padding child and a comma lie between the two.
    let padding = text(
      String(repeating: "x", count: 65_534 - first.utf8.count - text("").utf8.count))
    let screen =
      #"{"_beagleComponent_": "beagle:container", "children": ["# + first + "," + padding + ","
      + text("@{sum(1,2)!") + "]}"
    let root = try #require(try decode(screen).root)
    let pointers = BindingChecker().check(root).map { $0.pointer?.description ?? "" }
    #expect(pointers == ["/children/2/text"])
  }
}
