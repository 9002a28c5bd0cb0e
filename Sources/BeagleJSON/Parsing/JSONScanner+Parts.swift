/// The two halves of a parse on two threads (``JSONParser/parse(_:inTwoParts:)``).
///
/// The first part is scanned exactly as a whole document is, and stops just past
/// the comma before the cut (``JSONScanner/stopIndex``), inside an array: its state
/// there is the serial scan's. The second part is scanned from the cut by another
/// scanner that starts inside an array it knows nothing else about (a stack with one
/// placeholder, index -1, at the bottom). Whenever that placeholder is closed, the
/// scanner records the closed container as a ``JSONParser/SecondPart/Level`` (its
/// kind, the elements or members it saw, where it ended, the keys it saw) and puts
/// a new placeholder for the container that held it, whose kind is learnt from what
/// follows: a closing `}` or `]`, or after a comma a string followed by `:` (a key,
/// so an object) or anything else (an array).
///
/// ``join(_:)`` accepts the second part only when its levels are exactly the
/// containers the first part left open (as many, each of the same kind), every
/// container it opened stays within the nesting limit counted from the first
/// part's depth, and it reached the end of the input; then it replays the levels'
/// keys and closes on the first part's stack (the same steps, on the same state,
/// as the serial scan takes). With those checks each scanner took the serial scan's
/// steps on the same bytes and the same state, so the joined tape is the serial
/// tape. Anything else (an error in the second part included) is not joined: the
/// first scanner goes on over the second part itself, and so produces the serial
/// result, errors and their positions included.
extension JSONScanner {
  /// Scans the input from `cut`, just past a comma between two elements of an
  /// array, to its end.
  mutating func scanSecondPart(from cut: Int) throws(JSONSyntaxError) {
    isSecondPart = true
    index = cut
    open.reset(to: Self.placeholder)
    try scan(from: .value, afterComma: true)
  }

  /// The bottom of a second part's stack: a container opened before the cut.
  /// Flagged, so that ``recordKey(start:length:isPlain:)`` records its keys in
  /// ``levelKeys`` rather than comparing them.
  private static var placeholder: OpenContainer {
    OpenContainer(index: -1, keyStart: 0, count: 0, isObject: false, isFlagged: true)
  }

  /// Closes the placeholder (at `index`, its `}` or `]`): records it as a level and
  /// puts one for the container that held it.
  mutating func closeLevel() throws(JSONSyntaxError) {
    // The first part has at most `maximumDepth` containers open.
    guard levels.count < maximumDepth, let closed = open.popLast() else {
      throw .nestingTooDeep(limit: maximumDepth, at: position(index))
    }
    let firstKey = levels.last?.keys.upperBound ?? 0
    levels.append(
      JSONParser.SecondPart.Level(
        isObject: closed.isObject, count: closed.count,
        extent: UInt32(truncatingIfNeeded: tape.count), keys: firstKey..<levelKeys.count))
    open.append(Self.placeholder)
    index += 1
  }

  /// After a level was closed: counts it in the placeholder for its container,
  /// and learns that container's kind from what follows. Returns the next state:
  /// ``State/afterValue`` at the end of the input (the scan is over).
  mutating func scanAfterLevel() throws(JSONSyntaxError) -> State {
    let top = open.count &- 1
    open[top].count &+= 1
    skipWhitespace()
    guard index < count else { return .afterValue }
    switch bytes[index] {
    case UInt8(ascii: ","):
      index += 1
      let isObject = startsKey(at: index)
      open[top].isObject = isObject
      return isObject ? .key : .value
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      open[top].isObject = bytes[index] == UInt8(ascii: "}")
      try closeLevel()
      return .afterLevel
    default:
      throw unexpected(expected: "',', '}' or ']'")
    }
  }

  /// Whether a key starts at `start` (after whitespace): a string followed by a `:`.
  /// Only a guess for malformed input (the string is not checked); the join checks
  /// the kinds it leads to.
  private func startsKey(at start: Int) -> Bool {
    var position = start
    while position < count, bytes[position] <= 0x20 { position &+= 1 }
    guard position < count, bytes[position] == UInt8(ascii: "\"") else { return false }
    position &+= 1
    while position < count, bytes[position] != UInt8(ascii: "\"") {
      // An escape's second byte is not the string's end.
      position &+= bytes[position] == UInt8(ascii: "\\") ? 2 : 1
    }
    position &+= 1
    while position < count, bytes[position] <= 0x20 { position &+= 1 }
    return position < count && bytes[position] == UInt8(ascii: ":")
  }

  /// The result of a second part's scan.
  func secondPart() -> JSONParser.SecondPart {
    JSONParser.SecondPart(
      tape: tape, flaggedObjects: flaggedObjects, markedStrings: markedStrings, levels: levels,
      levelKeys: levelKeys, depthPeak: depthPeak)
  }

  /// Appends `second` (scanned from ``stopIndex``, where this scan stopped) and
  /// closes the containers it closed; returns false, changing nothing, when it does
  /// not fit this scan's state (see the type's notes): the caller scans on.
  mutating func join(_ second: JSONParser.SecondPart) -> Bool {
    let depth = open.count
    guard stopped, second.levels.count == depth, depth + second.depthPeak < maximumDepth else {
      return false
    }
    for (position, level) in second.levels.enumerated()
    where open[depth &- 1 &- position].isObject != level.isObject {
      return false
    }
    let base = tape.count
    tape.append(second.tape)
    flaggedObjects += second.flaggedObjects.map { $0 + base }
    markedStrings += second.markedStrings.map { $0 + UInt32(truncatingIfNeeded: base) }
    for level in second.levels {
      for key in second.levelKeys[level.keys] {
        recordKey(start: Int(key.start), length: Int(key.length), isPlain: key.isPlain)
      }
      // Never nil: as many levels as open containers.
      guard let container = open.popLast() else { break }
      tape.close(
        containerAt: container.index, count: container.count &+ level.count,
        extent: UInt32(truncatingIfNeeded: base) &+ level.extent)
      keys.truncate(to: container.keyStart)
    }
    index = count
    return true
  }
}
