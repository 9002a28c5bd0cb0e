extension Verb {
  /// What the verb does, in a few words: the description of its first usage in the
  /// help (`run a screen and print its state`), its lines joined, up to its first `;`.
  var summary: String {
    // The usage's description column starts at column 39 (two spaces of indent,
    // then 37 of command line).
    let column = 39
    var parts: [String] = []
    for line in Help.usage(of: self).split(separator: "\n") {
      let characters = Array(line)
      let command = characters.prefix(column).filter { $0 != " " }
      let hasDescription =
        characters.count > column && characters[column] != " "
        && characters[column - 1] == " " && characters[column - 2] == " "
      if !parts.isEmpty {
        // The description goes on below its first line, with no command beside it.
        guard command.isEmpty, hasDescription else { break }
        parts.append(String(characters[column...]))
      } else if hasDescription {
        parts.append(String(characters[column...]))
      }
    }
    guard !parts.isEmpty else { return rawValue }
    return String(parts.joined(separator: " ").prefix { $0 != ";" })
  }
}
