import BeagleJSON

extension JSONPointer {
  /// ``description``, written into one buffer: a state prints a pointer for each of its
  /// contexts and log entries, and ``description`` builds a string per token, which on
  /// deep screens was a large part of printing a state.
  ///
  /// A token holding `~` or `/` is escaped by ``description`` itself (as Characters: a
  /// `~` that a combining mark follows is not the Character `~`).
  var printed: String {
    let tokens = tokens
    var bytes: [UInt8] = []
    for token in tokens {
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        return description
      }
      bytes.append(UInt8(ascii: "/"))
      bytes.append(contentsOf: token.utf8)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
