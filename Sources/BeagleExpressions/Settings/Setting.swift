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
  /// The text with each setting reference replaced by `spelling` of it; text
  /// without references (nearly all) is returned as it is after one byte scan.
  public func spellingSettings(_ spelling: (Setting) -> String) -> String {
    guard containsSettingReference else { return self }
    var result = ""
    var rest = self[...]
    while let start = rest.firstIndex(of: "\u{E000}") {
      result += rest[..<start]
      let afterStart = rest.index(after: start)
      guard let end = rest[afterStart...].firstIndex(of: "\u{E001}"),
        let setting = Setting(rawValue: String(rest[afterStart..<end]))
      else {
        result.append("\u{E000}")
        rest = rest[afterStart...]
        continue
      }
      result += spelling(setting)
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }

  /// Whether the text holds U+E000 (`EE 80 80` in UTF-8), which starts a reference.
  /// `memchr` finds the lead bytes: every line of output goes through this scan.
  private var containsSettingReference: Bool {
    var text = self
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      var offset = 0
      while offset < bytes.count,
        let found = memchr(base + offset, 0xEE, bytes.count - offset)
      {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 {
          return true
        }
        offset = index + 1
      }
      return false
    }
  }
}
