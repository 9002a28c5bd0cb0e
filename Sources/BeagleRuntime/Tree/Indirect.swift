/// A value stored out of line, behind one shared pointer: an optional field that
/// is rarely set then costs a word, not its whole size, in every value holding it.
/// Immutable; replace it to change the value.
@usableFromInline struct Indirect<Value: Sendable & Equatable>: Sendable, Equatable {
  @usableFromInline final class Box: Sendable {
    @usableFromInline let value: Value
    init(_ value: Value) { self.value = value }
  }

  // Usable from inlinable code: a node's out-of-line fields are read in place across
  // modules (``ComponentNode/navigationBar``).
  @usableFromInline let box: Box

  init(_ value: Value) { box = Box(value) }

  @inlinable var value: Value { box.value }

  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }
}
