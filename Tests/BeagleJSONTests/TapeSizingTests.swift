import Testing

@testable import BeagleJSON

/// How the tape is sized: presized from the input's length, it still keeps every
/// token of an input denser than the estimate, and the first reservation is bounded
/// by the input's size.
@Suite struct TapeSizingTests {
  @Test("a dense array of one-byte numbers reads back token by token")
  func denseNumbers() throws {
    // 100 000 elements in 200 001 bytes: a token per 2 bytes, three times the first
    // reservation (one per 6 bytes), so the tape grows while it is parsed.
    let count = 100_000
    let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: Array(text.utf8))
    #expect(document.tokenCount == count + 1)
    #expect(Tape.initialCapacity(forInputBytes: text.utf8.count) < count)
    let root = document.tape[0]
    #expect(root.kind == .array)
    #expect(root.count == UInt32(count))
    #expect(root.extent == UInt32(count + 1))
    var mismatches = 0
    document.tape.withUnsafeBufferPointer { view in
      for index in 1...count {
        let entry = view[index]
        // Element i (from 0) is at byte 1 + 2i: `[0,0,…`.
        if entry.kind != .integer || entry.offset != UInt32(2 * index - 1) || entry.extent != 1 {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
    #expect(document.root.value == .array(Array(repeating: .int(0), count: count)))
  }

  @Test("a dense array of empty arrays keeps every container's end and count")
  func denseContainers() throws {
    // Every token a container: four times the containers first reserved.
    let count = 50_000
    let text = "[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: Array(text.utf8))
    #expect(document.tokenCount == count + 1)
    #expect(document.tape.containers.count == count + 1)
    var mismatches = 0
    for index in 1...count {
      let entry = document.tape[index]
      // Element i (from 0) opens at byte 1 + 3i and ends right after its own token.
      if entry.kind != .array || entry.offset != UInt32(3 * index - 2)
        || entry.extent != UInt32(index + 1) || entry.count != 0
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(document.tape[0].count == UInt32(count))
  }

  @Test("a minified screen's tokens and containers fit in the first reservation")
  func typicalScreenFits() throws {
    // A minified screen's density, about 10 bytes a token and 6 tokens a container:
    // neither array is regrown (copied) while it is parsed.
    let member = #"{"_beagleComponent_":"beagle:text","text":"Hello @{user.name}"}"#
    let text = "[" + Array(repeating: member, count: 2_000).joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: Array(text.utf8))
    let reserved = Tape.initialCapacity(forInputBytes: text.utf8.count)
    #expect(document.tape.containers.count == 2_001)
    // Still the first buffers: grown, they would be about twice their counts.
    #expect(document.tape.capacity.tokens >= reserved)
    #expect(document.tape.capacity.containers >= reserved / 4)
    #expect(reserved / 4 > 2 * document.tape.containers.count)
    #expect(document.root[1999]?["text"]?.stringValue == "Hello @{user.name}")
  }

  @Test(
    "the first reservation is at most 1.5 times the input, even at the largest input",
    arguments: [0, 1, 100, 65_536, 10_000_000, Tape.maximumBytes])
  func boundedReservation(bytes: Int) {
    let reserved = Tape.initialCapacity(forInputBytes: bytes) * MemoryLayout<Tape.Packed>.stride
    #expect(reserved <= max(128, bytes * 3 / 2))
    // 256 MB of input: about 341 MB reserved (untouched until written), not the
    // 1 GB its densest possible tape (a token per 2 bytes) would take.
    if bytes == Tape.maximumBytes { #expect(reserved < 360_000_000) }
  }
}
