/// A value stored out of line, behind one shared pointer: an optional field that
/// is rarely set then costs a word, not its whole size, in every value holding it.
/// Immutable; replace it to change the value.
struct Indirect<Value: Sendable & Equatable>: Sendable, Equatable {
  private final class Box: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private let box: Box

  init(_ value: Value) { box = Box(value) }

  var value: Value { box.value }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.value == rhs.value }
}
