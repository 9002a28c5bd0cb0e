import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// The tape's hand-grown storage (``Tape/Storage``) against a plain array of the
/// same entries: appends past every capacity, containers closed and flagged, and
/// a second tape appended, on seeded random sequences.
@Suite struct TapeStorageTests {
  /// What one entry should read back as.
  struct Expected: Equatable {
    var kind: TapeEntry.Kind
    var flag: Bool
    var offset: UInt32
    var extent: UInt32
    var count: UInt32
  }

  /// Writes `count` random entries to `tape` (and the same to `plain`): scalars, and
  /// containers closed a few tokens later, some flagged.
  static func fill(
    _ tape: inout Tape, _ plain: inout [Expected], count: Int, random: inout SplitMix
  ) {
    let scalarKinds: [TapeEntry.Kind] = [.null, .bool, .integer, .float, .string, .escapedString]
    var open: [(index: Int, count: UInt32)] = []
    for step in 0..<count {
      let offset = plain.count * 3 + step % 7
      if random.below(4) == 0 {
        let kind: TapeEntry.Kind = random.below(2) == 0 ? .array : .object
        open.append((tape.count, 0))
        tape.appendContainer(kind: kind, offset: offset)
        plain.append(
          Expected(kind: kind, flag: false, offset: UInt32(offset), extent: 0, count: 0))
      } else {
        let kind = scalarKinds[random.below(scalarKinds.count)]
        let flag = random.below(2) == 0
        let extent = UInt32(random.below(1_000))
        tape.appendScalar(kind: kind, flag: flag, offset: offset, extent: extent)
        plain.append(
          Expected(kind: kind, flag: flag, offset: UInt32(offset), extent: extent, count: 0))
        if !open.isEmpty { open[open.count - 1].count += 1 }
      }
      if !open.isEmpty, random.below(3) == 0, let last = open.popLast() {
        tape.close(containerAt: last.index, count: last.count)
        plain[last.index].extent = UInt32(tape.count)
        plain[last.index].count = last.count
        if random.below(5) == 0 {
          tape.setFlag(at: last.index)
          plain[last.index].flag = true
        }
      }
    }
    while let last = open.popLast() {
      tape.close(containerAt: last.index, count: last.count)
      plain[last.index].extent = UInt32(tape.count)
      plain[last.index].count = last.count
    }
  }

  static func read(_ tape: Tape) -> [Expected] {
    (0..<tape.count).map {
      let entry = tape[$0]
      return Expected(
        kind: entry.kind, flag: entry.flag, offset: entry.offset, extent: entry.extent,
        count: entry.count)
    }
  }

  @Test("a tape grown from room for one token reads back as a plain array", arguments: 0..<8)
  func grown(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var tape = Tape(reservingCapacity: 1)
    var plain: [Expected] = []
    Self.fill(&tape, &plain, count: 500 + random.below(3_000), random: &random)
    #expect(Self.read(tape) == plain)
    #expect(tape.capacity.tokens >= tape.count)
    tape.withUnsafeBufferPointer { view in
      #expect(view.count == plain.count)
      #expect(
        (0..<view.count).allSatisfy {
          view[$0].kind == plain[$0].kind && view[$0].extent == plain[$0].extent
        })
    }
  }

  @Test("a second tape appended moves its containers' indexes and ends", arguments: 0..<8)
  func appended(seed: UInt64) {
    var random = SplitMix(seed: seed &+ 100)
    var first = Tape(reservingCapacity: 2)
    var plain: [Expected] = []
    Self.fill(&first, &plain, count: 50 + random.below(400), random: &random)
    var second = Tape(reservingCapacity: 3)
    var secondPlain: [Expected] = []
    Self.fill(&second, &secondPlain, count: 50 + random.below(400), random: &random)
    let base = UInt32(plain.count)
    for var entry in secondPlain {
      if entry.kind == .array || entry.kind == .object { entry.extent += base }
      plain.append(entry)
    }
    first.append(second)
    #expect(Self.read(first) == plain)
    // The second tape is unchanged (it is only read).
    #expect(Self.read(second) == secondPlain)
  }
}
