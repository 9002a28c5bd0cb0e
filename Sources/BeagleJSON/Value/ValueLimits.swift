/// How large and how deep a value an expression or a `setContext` may produce.
///
/// Values read from input are bounded by the parser (its nesting limit, the size of the
/// input), but values computed at run time can grow: `setContext c = @{concat(c, c)}`
/// doubles each time, and a template such as `[[@{c}]]` nests `c` deeper on every
/// write. The runtime checks computed values against these limits where they grow and
/// refuses them with an error rather than exhausting memory or the stack.
///
/// Size is about the memory a value takes: ``bytesPerValue`` for every value (each
/// number, string, array element, object member and the value itself), plus the UTF-8
/// bytes of its strings and keys, counting a part as often as it appears (printing a
/// value that holds the same part twice prints it twice). Depth is the number of nested
/// arrays and objects (`[[1]]` has depth 2), as the parser counts it.
///
/// ```swift
/// let limits = ValueLimits(maximumBytes: 100, maximumDepth: 2)
/// limits.violation(of: [[1]])        // nil: 3 values, 96 bytes
/// limits.violation(of: [[[1]]])      // .tooDeep(limit: 2)
/// limits.violation(of: [1, 2, 3])    // .tooLarge(limit: 100): 4 values, 128 bytes
/// ```
public struct ValueLimits: Sendable, Equatable {
  /// 64 MB: far above what a screen holds, far below what exhausts a machine.
  public static let defaultMaximumBytes = 64 << 20

  /// What one value counts, whatever it holds: its size in memory.
  public static let bytesPerValue = MemoryLayout<JSONValue>.stride

  /// The largest size, in bytes.
  public var maximumBytes: Int
  /// The deepest nesting of arrays and objects.
  public var maximumDepth: Int
  /// The most components one screen renders, list items and everything inside them
  /// included: four lists nested in each other over 100 elements each would render
  /// 10^8 components from a screen of 1 KB.
  public var maximumNodes: Int

  /// 250 000 components: far more than a screen a person reads, and a few hundred MB
  /// at most.
  public static let defaultMaximumNodes = 250_000

  /// Limits of `maximumBytes` (at least 1), `maximumDepth` (at least 1; by default
  /// the parser's nesting limit, so any value that can be written as JSON input fits)
  /// and `maximumNodes` (at least 1).
  public init(
    maximumBytes: Int = defaultMaximumBytes,
    maximumDepth: Int = JSONParser.Options.defaultMaximumDepth,
    maximumNodes: Int = defaultMaximumNodes
  ) {
    self.maximumBytes = max(1, maximumBytes)
    self.maximumDepth = max(1, maximumDepth)
    self.maximumNodes = max(1, maximumNodes)
  }

  /// The limit `value` exceeds, or nil when it is within both.
  ///
  /// The walk is iterative and stops as soon as a limit is exceeded, so it costs at
  /// most the limits' worth of work whatever the value (even one whose parts are
  /// shared many times over).
  public func violation(of value: JSONValue) -> ValueLimitViolation? {
    var bytes = 0
    // Containers being walked, with the position of their next element; the stack's
    // height is the current depth.
    var stack: [(elements: [JSONValue], next: Int)] = []
    var current: JSONValue? = value
    while true {
      if let value = current {
        current = nil
        bytes += Self.bytesPerValue
        switch value {
        case .null, .bool, .int, .double: break
        case .bigNumber(let text): bytes += text.utf8.count
        case .string(let string): bytes += string.utf8.count
        case .array(let elements):
          if !elements.isEmpty { stack.append((elements, 0)) }
        case .object(let object):
          for key in object.keys { bytes += key.utf8.count + Self.bytesPerKey }
          if !object.isEmpty { stack.append((object.values, 0)) }
        }
        if stack.count > maximumDepth { return .tooDeep(limit: maximumDepth) }
        if bytes > maximumBytes { return .tooLarge(limit: maximumBytes) }
      }
      guard let top = stack.indices.last else { return nil }
      let index = stack[top].next
      if index < stack[top].elements.count {
        stack[top].next = index + 1
        current = stack[top].elements[index]
      } else {
        stack.removeLast()
      }
    }
  }

  /// A quick lower bound of `value`'s size, looking only at its top level: exact for a
  /// string, one value per element of an array or member of an object.
  public static func minimumBytes(of value: JSONValue) -> Int {
    switch value {
    case .string(let string): bytesPerValue + string.utf8.count
    case .array(let elements): bytesPerValue * (1 + elements.count)
    case .object(let object): bytesPerValue + (bytesPerValue + bytesPerKey) * object.count
    default: bytesPerValue
    }
  }

  /// A key's string, besides its UTF-8 bytes.
  static let bytesPerKey = MemoryLayout<String>.stride
}

/// A limit of ``ValueLimits`` that a value exceeds.
public enum ValueLimitViolation: Error, Equatable, Sendable {
  /// Larger than `limit` bytes.
  case tooLarge(limit: Int)
  /// Nested deeper than `limit` levels.
  case tooDeep(limit: Int)
}

extension ValueLimitViolation: CustomStringConvertible {
  /// `larger than 64 MB`, `nested deeper than 512 levels`.
  public var description: String {
    switch self {
    case .tooLarge(let limit): "larger than \(Self.bytes(limit))"
    case .tooDeep(let limit): "nested deeper than \(limit) levels"
    }
  }

  /// `64 MB` for whole megabytes, `1500 bytes` otherwise.
  static func bytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }
}
