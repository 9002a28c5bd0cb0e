import BeagleTestSupport
import Testing

@testable import BeagleJSON

/// `ScanStack`, the scanner's stack of open containers and keys, against a plain
/// `Array` doing the same operations: seeded random pushes, pops, truncations and
/// resets, growing well past the initial room of 16 (and from a room of 1).
@Suite struct ScanStackTests {
  @Test("random operations leave the same elements as an array", arguments: [1, 16])
  func againstArray(capacity: Int) {
    var random = SplitMix(seed: 0x5CA1_5CA1 &+ UInt64(capacity))
    let stack = ScanStack<Int>(capacity: capacity)
    var reference: [Int] = []
    for step in 0..<20_000 {
      switch random.below(10) {
      case 0...5:
        let value = Int(truncatingIfNeeded: random.next())
        stack.append(value)
        reference.append(value)
      case 6, 7:
        #expect(stack.popLast() == reference.popLast())
      case 8:
        let newCount = reference.isEmpty ? 0 : random.below(reference.count + 1)
        stack.truncate(to: newCount)
        reference.removeLast(reference.count - newCount)
      default:
        if step % 50 == 0 {
          stack.reset(to: step)
          reference = [step]
        } else if !reference.isEmpty {
          let index = random.below(reference.count)
          stack[index] &+= 1
          reference[index] &+= 1
        }
      }
      #expect(stack.count == reference.count)
      #expect(stack.last == reference.last)
    }
    #expect((0..<stack.count).map { stack[$0] } == reference)
  }

  @Test("popping an empty stack gives nil and leaves it empty")
  func emptyPop() {
    let stack = ScanStack<UInt8>()
    #expect(stack.popLast() == nil)
    #expect(stack.isEmpty)
    stack.append(7)
    stack.truncate(to: 3)
    #expect(stack.count == 1)
    #expect(stack.popLast() == 7)
    #expect(stack.popLast() == nil)
  }
}
