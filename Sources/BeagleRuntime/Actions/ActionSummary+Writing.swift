import BeagleJSON

/// Summaries written as UTF-8 bytes: the outline and the JSON state append an action's
/// summary to their output without making a `String` of it, nor of its parts (a field
/// still in its document is copied from its bytes when it shows as written).
extension ActionSummary {
  /// Appends the UTF-8 of ``summary(of:)`` to `output`.
  public static func write(summaryOf action: ActionNode, into output: inout [UInt8]) {
    guard action.isKnown else {
      append(action.type, to: &output)
      append(" (unknown action)", to: &output)
      return
    }
    // The definition's, found once (``ActionNode/shortName`` strips it every time).
    if let definition = action.definition {
      append(definition.shortName, to: &output)
    } else {
      append(action.shortName, to: &output)
    }
    guard let builtIn = action.builtIn else {
      writeFields(of: action, into: &output)
      return
    }
    switch builtIn.family {
    case .navigation: NavigationActions.writeSummary(of: action, into: &output)
    case .context: SetContextAction.writeSummary(of: action, into: &output)
    case .request: SendRequestAction.writeSummary(of: action, into: &output)
    case .alert: AlertActions.writeSummary(of: action, into: &output)
    case .condition: ConditionAction.writeSummary(of: action, into: &output)
    case .children: AddChildrenAction.writeSummary(of: action, into: &output)
    case .form: FormActions.writeSummary(of: action, into: &output)
    }
  }

  /// What follows the name of a custom action, or of one without a summary of its
  /// own: ` key=value` for every data field but `analytics` (`track event="open"`).
  static func writeFields(of action: ActionNode, into output: inout [UInt8]) {
    // Fields read as held: a field still in its document is not materialised.
    action.fields.forEachStoredMember { key, value in
      guard key != "analytics" else { return }
      output.append(UInt8(ascii: " "))
      append(key, to: &output)
      output.append(UInt8(ascii: "="))
      appendShort(value, to: &output)
    }
  }

  // MARK: - Parts

  /// Appends `text`'s UTF-8.
  static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// Appends a literal's UTF-8.
  static func append(_ text: StaticString, to output: inout [UInt8]) {
    text.withUTF8Buffer { output.append(contentsOf: $0) }
  }

  /// Appends `field?.stringValue ?? fallback`: a string without escapes in its
  /// document is copied from its bytes.
  static func appendString(
    _ field: LazyJSONObject.StoredValue?, or fallback: StaticString, to output: inout [UInt8]
  ) {
    if case .document(let node) = field, let range = node.unescapedStringRange {
      node.document.bytes.withUnsafeBufferPointer {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
      }
    } else if let string = field?.stringValue {
      append(string, to: &output)
    } else {
      append(fallback, to: &output)
    }
  }

  /// Appends ``text(_:)-(LazyJSONObject.StoredValue?)``: a string without escapes or
  /// control characters in its document is copied from its bytes.
  static func appendText(_ field: LazyJSONObject.StoredValue?, to output: inout [UInt8]) {
    if case .document(let node) = field, let range = node.unescapedStringRange {
      let copied = node.document.bytes.withUnsafeBufferPointer { bytes -> Bool in
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        guard !holdsControlCharacter(text) else { return false }
        output.append(contentsOf: text)
        return true
      }
      if copied { return }
    }
    append(text(field), to: &output)
  }

  /// Appends ``short(_:)-(LazyJSONObject.StoredValue?)``: a plain ASCII string without
  /// escapes in its document is quoted (and cut) from its bytes; a short value still in
  /// its document, or a small materialised one, is printed into `output` and cut there
  /// (no `String` made of it, nor of its printed text).
  package static func appendShort(
    _ field: LazyJSONObject.StoredValue?, to output: inout [UInt8]
  ) {
    switch field {
    case .document(let node):
      if let range = node.unescapedStringRange {
        let copied = node.document.bytes.withUnsafeBufferPointer {
          appendQuotedPlainASCII(UnsafeBufferPointer(rebasing: $0[range]), to: &output)
        }
        if copied { return }
      }
      // What ``short(_:)-(LazyJSONObject.StoredValue?)`` prints whole and cuts.
      if node.sourceTokensLength <= maximumShortSource {
        let start = output.count
        JSONPrinter().write(node, into: &output)
        cutPrinted(in: &output, from: start)
        return
      }
    case .value(let value) where isWhole(value):
      // ``prefix(of:budget:)`` keeps the whole value: it prints as itself, then is cut.
      if case .string(var string) = value {
        let copied = string.withUTF8 { appendQuotedPlainASCII($0, to: &output) }
        if copied { return }
      }
      let start = output.count
      JSONPrinter().write(value, into: &output)
      cutPrinted(in: &output, from: start)
      return
    default:
      break
    }
    append(short(field), to: &output)
  }

  /// Whether ``prefix(of:budget:)-(JSONValue,_)`` keeps all of `value`: at most as many
  /// values in pre-order as its budget (``maximumValueLength`` + 16), and no string or key
  /// longer than ``maximumValueLength`` + 16 UTF-8 bytes (those it cuts).
  static func isWhole(_ value: JSONValue) -> Bool {
    var budget = maximumValueLength + 16
    return isWhole(value, budget: &budget)
  }

  /// ``isWhole(_:)``: false as soon as the budget is spent, so at most `budget` deep.
  private static func isWhole(_ value: JSONValue, budget: inout Int) -> Bool {
    let length = maximumValueLength + 16
    guard budget > 0 else { return false }
    budget -= 1
    switch value {
    case .string(let string): return string.utf8.count <= length
    case .array(let elements):
      for element in elements where !isWhole(element, budget: &budget) { return false }
      return true
    case .object(let object):
      for (key, member) in object.members {
        guard key.utf8.count <= length, isWhole(member, budget: &budget) else { return false }
      }
      return true
    default: return true
    }
  }

  /// Cuts the printed text `output[start...]` as ``cut(utf8:)`` cuts it, in place.
  static func cutPrinted(in output: inout [UInt8], from start: Int) {
    let limit = maximumValueLength
    guard output.count - start > limit else { return }
    for index in start..<output.count where output[index] < 0x20 || output[index] >= 0x80 {
      let shown = cut(utf8: Array(output[start...]))
      output.removeSubrange(start...)
      append(shown, to: &output)
      return
    }
    output.removeSubrange((start + limit - 1)...)
    // "…" (U+2026) in UTF-8.
    output.append(0xE2)
    output.append(0x80)
    output.append(0xA6)
  }

  /// Appends ``route(_:)-(LazyJSONObject.StoredValue?)``: a route's `url` in its document
  /// as ``appendText(_:to:)`` appends it.
  static func appendRoute(_ field: LazyJSONObject.StoredValue?, to output: inout [UInt8]) {
    guard case .document(let route) = field else {
      append(Self.route(field), to: &output)
      return
    }
    guard route.kind == .object else {
      appendText(field, to: &output)
      return
    }
    if let url = route["url"] {
      appendText(.document(url), to: &output)
    } else {
      append(Self.route(field), to: &output)
    }
  }

  /// Whether the UTF-8 text holds a control character that
  /// ``Swift/String/escapingControlCharacters(keepingNewlines:)`` escapes: C0, DEL or C1
  /// (`C2 80`–`C2 9F`).
  static func holdsControlCharacter(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      if byte < 0x20 || byte == 0x7F { return true }
      if byte == 0xC2, index + 1 < count, text[index + 1] >= 0x80, text[index + 1] <= 0x9F {
        return true
      }
      index &+= 1
    }
    return false
  }

  /// Appends what ``quotedPlainASCII(_:)`` gives for `text`; false, appending nothing,
  /// when that is nil (`text` is not printable ASCII without `"` or `\\`).
  static func appendQuotedPlainASCII(
    _ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
  ) -> Bool {
    for byte in text where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
      return false
    }
    output.append(UInt8(ascii: "\""))
    guard text.count > maximumValueLength - 2 else {
      output.append(contentsOf: text)
      output.append(UInt8(ascii: "\""))
      return true
    }
    // Longer than the limit: the first characters and an ellipsis ("…", U+2026).
    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<(maximumValueLength - 2)]))
    output.append(contentsOf: [0xE2, 0x80, 0xA6])
    return true
  }
}
