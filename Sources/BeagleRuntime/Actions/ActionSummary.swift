import BeagleJSON

/// One-line summaries of actions, as outlines and the `actions` field show them:
/// `pushView /cart`, `setContext user.name = "Ana"`, `sendRequest POST /login`.
public enum ActionSummary {
  /// Longest value text shown before it is cut with `…`.
  static let maximumValueLength = 48

  /// `pushView /cart`: the action's short name and what it does (``write(summaryOf:into:)``'s
  /// bytes as a string).
  public static func summary(of action: ActionNode) -> String {
    var bytes: [UInt8] = []
    write(summaryOf: action, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``route(_:)-(JSONValue?)`` of a field, read in place while it is in its document.
  static func route(_ field: LazyJSONObject.StoredValue?) -> String {
    guard case .document(let route) = field else { return Self.route(field?.value) }
    guard route.kind == .object else { return text(field) }
    if let url = route["url"] { return text(.document(url)) }
    if let screen = route["screen"], screen.kind == .object {
      let name = screen["identifier"]?.stringValue ?? screen["id"]?.stringValue
      return name.map { "screen '\($0)'" } ?? "(local screen)"
    }
    return "(route)"
  }

  static func route(_ value: JSONValue?) -> String {
    guard let route = value?.objectValue else { return text(value) }
    if let url = route["url"] { return text(url) }
    if let screen = route["screen"]?.objectValue {
      let name = screen["identifier"]?.stringValue ?? screen["id"]?.stringValue
      return name.map { "screen '\($0)'" } ?? "(local screen)"
    }
    return "(route)"
  }

  /// ``text(_:)-(JSONValue?)`` of a field, read in place while it is in its document.
  package static func text(_ field: LazyJSONObject.StoredValue?) -> String {
    switch field {
    case nil: return "?"
    case .value(let value): return text(value)
    case .document(let node):
      if let string = node.stringValue { return string.escapingControlCharacters() }
      return short(field)
    }
  }

  /// `short(field ?? .null)`, the field read in place while it is in its document.
  package static func short(_ field: LazyJSONObject.StoredValue?) -> String {
    switch field {
    case nil: return "null"
    case .value(let value): return short(value)
    case .document(let node):
      // A string without escapes is its bytes: no String is made for the test.
      if let range = node.unescapedStringRange,
        let shown = node.document.bytes.withUnsafeBufferPointer({
          quotedPlainASCII(UnsafeBufferPointer(rebasing: $0[range]))
        })
      {
        return shown
      }
      // A short value prints from its document (as its materialised value prints) and
      // is cut as printed: nothing is materialised. Cutting the whole printed value
      // shows what cutting the printed prefix below shows (see ``prefix(of:budget:)``).
      if node.sourceTokensLength <= maximumShortSource {
        var printed: [UInt8] = []
        printed.reserveCapacity(64)
        JSONPrinter().write(node, into: &printed)
        return cut(utf8: printed)
      }
      switch node.kind {
      case .array, .object:
        // Only the start is read from the document: the value may be megabytes, and
        // materialising it cost more than printing the whole outline line.
        var budget = maximumValueLength + 16
        return cut(JSONPrinter().print(prefix(of: node, budget: &budget)))
      default:
        return short(node.value)
      }
    }
  }

  package static func text(_ value: JSONValue?) -> String {
    guard let value else { return "?" }
    if case .string(let string) = value { return string.escapingControlCharacters() }
    return short(value)
  }

  /// Compact JSON, cut to a readable length.
  public static func short(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .int(let int): return String(int)
    case .string(var string):
      if let quoted = string.withUTF8(quotedPlainASCII) { return quoted }
    default: break
    }
    // Only the start is shown, so only the start is printed: a value may be megabytes.
    var budget = maximumValueLength + 16
    return cut(JSONPrinter().print(prefix(of: value, budget: &budget)))
  }

  /// Values whose source tokens take at most this many bytes are printed whole from
  /// their document by ``short(_:)-(LazyJSONObject.StoredValue?)``, larger ones only
  /// as far as the summary shows.
  static let maximumShortSource = 256

  /// ``cut(_:)`` of the UTF-8 text `printed`. Printed ASCII without control characters
  /// is one character a byte (the only grapheme of several ASCII scalars is CR LF), so
  /// it is cut on its bytes; other texts as strings.
  static func cut(utf8 printed: [UInt8]) -> String {
    let limit = maximumValueLength
    guard printed.count > limit else { return String(decoding: printed, as: UTF8.self) }
    for byte in printed where byte < 0x20 || byte >= 0x80 {
      return cut(String(decoding: printed, as: UTF8.self))
    }
    return String(unsafeUninitializedCapacity: limit + 2) { buffer in
      for index in 0..<(limit - 1) { buffer[index] = printed[index] }
      // "…" (U+2026) in UTF-8.
      buffer[limit - 1] = 0xE2
      buffer[limit] = 0x80
      buffer[limit + 1] = 0xA6
      return limit + 2
    }
  }

  /// `printed` cut to ``maximumValueLength`` characters, the last of them `…`.
  private static func cut(_ printed: String) -> String {
    // No more bytes than the limit: no more characters either (counting them is slower,
    // so only as far as the limit: the printed start of a value may be long).
    guard printed.utf8.count > maximumValueLength,
      let limit = printed.index(
        printed.startIndex, offsetBy: maximumValueLength, limitedBy: printed.endIndex),
      limit != printed.endIndex
    else {
      return printed
    }
    return String(printed.prefix(maximumValueLength - 1)) + "…"
  }

  /// What ``short(_:)-(JSONValue)`` shows for a string whose UTF-8 is `text`, when the
  /// text is printable ASCII without `"` or `\\` (it prints as itself, quoted, one
  /// character a byte): quoted when it fits, else its first bytes, quote included, and
  /// `…`. Nil for other texts.
  private static func quotedPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> String? {
    for byte in text where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
      return nil
    }
    let count = text.count
    guard count > maximumValueLength - 2 else {
      return String(unsafeUninitializedCapacity: count + 2) { buffer in
        buffer[0] = UInt8(ascii: "\"")
        for index in text.indices { buffer[index + 1] = text[index] }
        buffer[count + 1] = UInt8(ascii: "\"")
        return count + 2
      }
    }
    // The printed text is longer than the limit: its first characters (the quote and
    // the text's) and an ellipsis, as the general case below cuts it.
    let kept = maximumValueLength - 2
    return String(unsafeUninitializedCapacity: kept + 4) { buffer in
      buffer[0] = UInt8(ascii: "\"")
      for index in 0..<kept { buffer[index + 1] = text[index] }
      // "…" (U+2026) in UTF-8.
      buffer[kept + 1] = 0xE2
      buffer[kept + 2] = 0x80
      buffer[kept + 3] = 0xA6
      return kept + 4
    }
  }

  /// ``prefix(of:budget:)-(JSONValue,_)`` of `node.value`, read from the document: only
  /// the values kept are materialised (keys that repeat resolved as materialising
  /// resolves them: each at its first place, holding its last value).
  private static func prefix(of node: JSONNode, budget: inout Int) -> JSONValue {
    switch node.kind {
    case .array:
      budget -= 1
      var kept: [JSONValue] = []
      for (_, element) in node.enumeratedElements {
        guard budget > 0 else { break }
        kept.append(prefix(of: element, budget: &budget))
      }
      return .array(kept)
    case .object:
      budget -= 1
      let length = maximumValueLength + 16
      var kept = JSONObject()
      node.withUniqueTapeMembers { members in
        for member in members {
          guard budget > 0 else { break }
          let key = node.key(of: member)
          let shownKey = key.utf8.count > length ? String(key.prefix(length)) : key
          kept[shownKey] = prefix(of: node.value(of: member), budget: &budget)
        }
      }
      return .object(kept)
    default:
      return prefix(of: node.value, budget: &budget)
    }
  }

  /// The first `budget` values of `value` in pre-order, strings and keys cut after as
  /// many characters. Each kept value prints at least one character, so whenever
  /// something is left out the kept part prints more than ``maximumValueLength``
  /// characters, the same as the whole value's start. The recursion is at most
  /// `budget` deep.
  private static func prefix(of value: JSONValue, budget: inout Int) -> JSONValue {
    budget -= 1
    let length = maximumValueLength + 16
    switch value {
    case .string(let string) where string.utf8.count > length:
      return .string(String(string.prefix(length)))
    case .array(let elements):
      var kept: [JSONValue] = []
      for element in elements {
        guard budget > 0 else { break }
        kept.append(prefix(of: element, budget: &budget))
      }
      return .array(kept)
    case .object(let object):
      var kept = JSONObject()
      for (key, member) in object.members {
        guard budget > 0 else { break }
        let shownKey = key.utf8.count > length ? String(key.prefix(length)) : key
        kept[shownKey] = prefix(of: member, budget: &budget)
      }
      return .object(kept)
    default:
      return value
    }
  }
}
