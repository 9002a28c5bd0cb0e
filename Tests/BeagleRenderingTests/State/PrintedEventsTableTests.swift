import BeagleTestSupport
import Testing

@testable import BeagleRendering

/// ``PrintedEventsTable`` must answer as a dictionary keyed by (storage, indent) does:
/// the state printers copy what it returns instead of printing an event list again.
@Suite struct PrintedEventsTableTests {
  struct Key: Hashable {
    var offset: Int
    var indent: Int
  }

  @Test("stores, replaces and finds values as a dictionary does, across growth")
  func matchesDictionary() {
    // Addresses as event lists have them: distinct, aligned, close together.
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 16 * 4_096, alignment: 16)
    defer { buffer.deallocate() }
    var table = PrintedEventsTable<[Int]>()
    var model: [Key: [Int]] = [:]
    var random = SplitMix(seed: 0x5EED)
    func next(_ bound: Int) -> Int { random.below(bound) }
    for step in 0..<6_000 {
      let key = Key(offset: 16 * next(4_096), indent: 2 * next(4))
      let storage = UnsafeRawPointer(buffer + key.offset)
      #expect(table[storage, key.indent] == model[key])
      if next(2) == 0 {
        table.set([step, key.offset], storage: storage, indent: key.indent)
        model[key] = [step, key.offset]
      }
      #expect(table.count == model.count)
    }
    #expect(model.count > 1_000)
    for (key, value) in model {
      #expect(table[UnsafeRawPointer(buffer + key.offset), key.indent] == value)
    }
    // The same storage at another indentation is another entry.
    #expect(table[UnsafeRawPointer(buffer), 1] == nil)
    for keepingCapacity in [true, false] {
      table.set([1], storage: UnsafeRawPointer(buffer), indent: 0)
      #expect(!table.isEmpty)
      table.removeAll(keepingCapacity: keepingCapacity)
      #expect(table.isEmpty && table.count == 0)
      #expect(table[UnsafeRawPointer(buffer), 0] == nil)
      table.set([2], storage: UnsafeRawPointer(buffer), indent: 0)
      #expect(table[UnsafeRawPointer(buffer), 0] == [2])
    }
  }
}
