import BeagleJSON

/// A position inside a context value, as `setContext` and the global context API take it:
/// `user.phones[1].number`, `[0].name`, `matrix[1][2]` (docs/spec.md §4.5).
///
/// The path is relative to the context value; it does not start with the context id. It
/// starts with a key or an index, keys are word characters, indexes are non-negative
/// integers in brackets, and the empty string is not a path. An index is at most
/// ``maximumIndex`` so that a payload cannot make a write allocate without bound.
public struct ContextPath: Sendable, Hashable {
  /// The largest index a parsed path may contain.
  public static let maximumIndex = 100_000
  /// The largest number of steps a parsed path may contain.
  public static let maximumSteps = 256

  /// The steps from the root of the context value; empty means the whole value.
  public var steps: [PathStep]

  /// Creates a path from steps; no steps addresses the whole value.
  public init(steps: [PathStep] = []) {
    self.steps = steps
  }

  /// Parses a path such as `user.phones[1].number`.
  ///
  /// - Throws: ``ExpressionError`` for the empty string, a misplaced character, a negative
  ///   index, an index above ``maximumIndex`` or more than ``maximumSteps`` steps, with
  ///   its UTF-8 byte range in `text`.
  public init(parsing text: String) throws(ExpressionError) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { throw .emptyPath(range: 0..<0) }
    var reader = PathReader(bytes: bytes)
    steps = try reader.read()
  }
}

extension ContextPath: CustomStringConvertible {
  /// The path in source form, `user.phones[1].number` or `[0].name`.
  public var description: String { PathStep.text(of: steps, startsWithKey: true) }
}

// MARK: - Reading and writing values

extension JSONValue {
  /// The value at `path`, or null when a key is missing, an index is out of range, or a
  /// step does not match the node's type.
  public func value(at path: ContextPath) -> JSONValue {
    JSONValue.walk(self, path.steps)
  }

  /// Follows `steps` from `root` the way iOS bindings do; anything unresolvable is null.
  static func walk(_ root: JSONValue, _ steps: [PathStep]) -> JSONValue {
    var current = root
    for step in steps {
      switch (step, current) {
      case (.key(let key), .object(let object)):
        current = object[key] ?? .null
      case (.index(let index), .array(let array)):
        current = array.indices.contains(index) ? array[index] : .null
      default:
        return .null
      }
    }
    return current
  }

  /// A copy of the value with `value` written at `path`, following iOS's rules
  /// (docs/spec.md §4.5).
  ///
  /// - No steps: the whole value is replaced.
  /// - A key on an object sets or adds that member; on anything else the node is replaced
  ///   by a new object holding only that key.
  /// - An index on an array replaces the element, or extends the array with nulls up to
  ///   the index; on anything else the node is replaced by `index + 1` elements, nulls
  ///   except the last.
  /// - Missing intermediate nodes are created the same way.
  ///
  /// A negative index or one above ``ContextPath/maximumIndex`` (possible only for paths
  /// built in Swift) leaves the value unchanged.
  public func setting(_ value: JSONValue, at path: ContextPath) -> JSONValue {
    var copy = self
    copy.set(value, at: path)
    return copy
  }

  /// Writes `value` at `path` in place; see ``setting(_:at:)``.
  public mutating func set(_ value: JSONValue, at path: ContextPath) {
    guard
      !path.steps.contains(where: { step in
        if case .index(let index) = step { return index < 0 || index > ContextPath.maximumIndex }
        return false
      })
    else { return }
    // Iterative, so that paths of any length are safe: go down taking each child out of
    // its parent (keeping storage uniquely referenced), then put the new children back.
    var parents: [JSONValue] = []
    parents.reserveCapacity(path.steps.count)
    var current = self
    self = .null
    for step in path.steps {
      switch step {
      case .key(let key):
        var object: JSONObject
        if case .object(let existing) = current {
          object = existing
        } else {
          object = JSONObject()
        }
        current = .null
        let child = object[key] ?? .null
        object[key] = .null
        parents.append(.object(object))
        current = child
      case .index(let index):
        var array: [JSONValue]
        if case .array(let existing) = current {
          array = existing
        } else {
          array = []
        }
        current = .null
        if array.count <= index {
          array.append(contentsOf: repeatElement(.null, count: index + 1 - array.count))
        }
        let child = array[index]
        array[index] = .null
        parents.append(.array(array))
        current = child
      }
    }
    current = value
    for (step, parent) in zip(path.steps, parents).reversed() {
      switch (step, parent) {
      case (.key(let key), .object(var object)):
        object[key] = current
        current = .object(object)
      case (.index(let index), .array(var array)):
        array[index] = current
        current = .array(array)
      default:
        break  // unreachable: each parent was built for its step
      }
    }
    self = current
  }
}

// MARK: - Path reader

/// Reads `head { "." key { index } }` where `head` is a key or an index followed by
/// indexes.
private struct PathReader {
  let bytes: [UInt8]
  var position = 0

  mutating func read() throws(ExpressionError) -> [PathStep] {
    var steps: [PathStep] = []
    if bytes[position] == Characters.openBracket {
      steps.append(try readIndex())
    } else {
      steps.append(.key(try readKey(expected: "a key or an index")))
    }
    while position < bytes.count {
      switch bytes[position] {
      case Characters.openBracket:
        steps.append(try readIndex())
      case Characters.dot:
        position += 1
        guard position < bytes.count else {
          throw .unexpectedEnd(expected: "a key after '.'", range: position..<position)
        }
        steps.append(.key(try readKey(expected: "a key after '.'")))
      default:
        throw unexpected(expected: "'.' or '['")
      }
      guard steps.count <= ContextPath.maximumSteps else {
        throw .pathTooLong(limit: ContextPath.maximumSteps, range: 0..<bytes.count)
      }
    }
    return steps
  }

  private mutating func readKey(expected: String) throws(ExpressionError) -> String {
    let start = position
    while position < bytes.count {
      let (scalar, length) = Characters.scalar(in: bytes, at: position)
      guard Characters.isWord(scalar) else { break }
      position += length
    }
    guard position > start else { throw unexpected(expected: expected) }
    return Characters.text(bytes, start..<position)
  }

  private mutating func readIndex() throws(ExpressionError) -> PathStep {
    position += 1
    let start = position
    if position < bytes.count && bytes[position] == Characters.minus { position += 1 }
    let digitsStart = position
    while position < bytes.count && Characters.isDigit(bytes[position]) { position += 1 }
    guard position > digitsStart else {
      guard position < bytes.count else {
        throw .unexpectedEnd(expected: "an index", range: position..<position)
      }
      throw unexpected(expected: "an index")
    }
    guard position < bytes.count else {
      throw .unexpectedEnd(expected: "']'", range: position..<position)
    }
    guard bytes[position] == Characters.closeBracket else { throw unexpected(expected: "']'") }
    let text = Characters.text(bytes, start..<position)
    let range = start..<position
    position += 1
    guard let index = Int(text) else { throw .integerOutOfRange(text, range: range) }
    if index < 0 { throw .negativeIndex(index, range: range) }
    if index > ContextPath.maximumIndex {
      throw .indexTooLarge(index, limit: ContextPath.maximumIndex, range: range)
    }
    return .index(index)
  }

  private func unexpected(expected: String) -> ExpressionError {
    let length = Characters.scalar(in: bytes, at: position).length
    let range = position..<min(bytes.count, position + length)
    return .unexpectedCharacter(Characters.text(bytes, range), expected: expected, range: range)
  }
}
