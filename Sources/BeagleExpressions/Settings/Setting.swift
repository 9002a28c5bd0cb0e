#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A setting of a run that a message points the user at: a limit, or where screens
/// and answers come from. The libraries name the setting; the front end spells it
/// (the command line as its option, `--timeout`), so no library text knows how a
/// setting is given.
///
/// A message names one by interpolation, and the front end spells every reference
/// in the text it prints:
///
/// ```swift
/// let text = "no answer within 10 s (\(setting: .timeout))"
/// text.spellingSettings { "the \($0.rawValue) setting" }
/// // "no answer within 10 s (the timeout setting)"
/// ```
public enum Setting: String, Sendable, CaseIterable {
  /// Where remote routes and requests are sent over HTTP.
  case baseURL
  /// The folder remote routes are read from.
  case bffFolder
  /// Canned answers for requests.
  case mocks
  /// The longest one HTTP request may take.
  case timeout
  /// The run's total time waiting for HTTP answers.
  case httpBudget
  /// The largest HTTP answer read.
  case maximumBodyBytes
  /// The largest value an expression may produce.
  case maximumValueBytes
  /// The deepest nesting of JSON input and of computed values.
  case maximumDepth
  /// The most components a screen renders.
  case maximumNodes
  /// A value assumed for a context while exploring a screen's routes.
  case assumption

  /// How a message holds a reference to the setting until the front end spells it:
  /// the name between two private-use characters, which no message otherwise holds.
  public var reference: String { "\u{E000}\(rawValue)\u{E001}" }
}

extension String.StringInterpolation {
  /// `"… (\(setting: .timeout))"`: a reference the front end spells.
  public mutating func appendInterpolation(setting: Setting) {
    appendLiteral(setting.reference)
  }
}

extension String {
  /// The text with each setting reference replaced by `spelling` of it. It finds the
  /// references in the UTF-8 bytes (`memchr` for their lead byte) and copies the text
  /// between them without decoding it again: every line of output goes through it,
  /// and a whole state of several megabytes may hold a few.
  public func spellingSettings(_ spelling: (Setting) -> String) -> String {
    let references = settingReferences()
    guard !references.isEmpty else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 16 * references.count)
    var copied = utf8.startIndex
    for reference in references {
      let start = utf8.index(utf8.startIndex, offsetBy: reference.bytes.lowerBound)
      result += self[copied..<start]
      result += spelling(reference.setting)
      copied = utf8.index(utf8.startIndex, offsetBy: reference.bytes.upperBound)
    }
    result += self[copied...]
    return result
  }

  /// Where the references are, as UTF-8 offsets, in order.
  private func settingReferences() -> [(bytes: Range<Int>, setting: Setting)] {
    var text = self
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return [] }
      var found: [(bytes: Range<Int>, setting: Setting)] = []
      var offset = 0
      while offset < bytes.count,
        let lead = memchr(base + offset, 0xEE, bytes.count - offset)
      {
        let start = base.distance(to: lead.assumingMemoryBound(to: UInt8.self))
        offset = start + 1
        // U+E000 is EE 80 80; the name is ASCII; U+E001 (EE 80 81) closes it.
        guard start + 2 < bytes.count, bytes[start + 1] == 0x80, bytes[start + 2] == 0x80 else {
          continue
        }
        var end = start + 3
        while end < bytes.count, end - start < 40, bytes[end] < 0x80 { end += 1 }
        guard end + 2 < bytes.count, bytes[end] == 0xEE, bytes[end + 1] == 0x80,
          bytes[end + 2] == 0x81
        else { continue }
        let name = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(start + 3)..<end]), as: UTF8.self)
        guard let setting = Setting(rawValue: name) else { continue }
        found.append((start..<(end + 3), setting))
        offset = end + 3
      }
      return found
    }
  }
}
