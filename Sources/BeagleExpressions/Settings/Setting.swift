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
  /// The text with each setting reference replaced by `spelling` of it. It works on
  /// the UTF-8 bytes (`memchr` finds the references' lead bytes): every line of
  /// output goes through it, and a whole state of several megabytes may hold a few.
  public func spellingSettings(_ spelling: (Setting) -> String) -> String {
    var text = self
    let spelled: [UInt8]? = text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return nil }
      var result: [UInt8] = []
      var copied = 0  // bytes before this offset are in `result`
      var offset = 0
      while offset < bytes.count,
        let found = memchr(base + offset, 0xEE, bytes.count - offset)
      {
        let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        offset = start + 1
        // U+E000 is EE 80 80; the name is ASCII; U+E001 (EE 80 81) closes it.
        guard start + 2 < bytes.count, bytes[start + 1] == 0x80, bytes[start + 2] == 0x80 else {
          continue
        }
        var end = start + 3
        while end < bytes.count, end - start < 40, bytes[end] < 0x80 { end += 1 }
        guard end + 2 < bytes.count, bytes[end] == 0xEE, bytes[end + 1] == 0x80,
          bytes[end + 2] == 0x81,
          let setting = Setting(
            rawValue: String(
              decoding: UnsafeBufferPointer(rebasing: bytes[(start + 3)..<end]), as: UTF8.self))
        else { continue }
        if result.isEmpty { result.reserveCapacity(bytes.count + 64) }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<start]))
        result.append(contentsOf: spelling(setting).utf8)
        copied = end + 3
        offset = copied
      }
      guard copied > 0 else { return nil }
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
      return result
    }
    return spelled.map { String(decoding: $0, as: UTF8.self) } ?? self
  }
}
