extension Verb {
  /// What the verb does, in a few words: the first description of its usage in the
  /// help (`run a screen and print its state`), up to its first `;`.
  var summary: String {
    // The usage's description column starts at column 39 (two spaces of indent,
    // then 37 of command line).
    let column = 39
    for line in Help.usage(of: self).split(separator: "\n") {
      let characters = Array(line)
      guard characters.count > column, characters[column] != " ",
        characters[column - 1] == " ", characters[column - 2] == " "
      else { continue }
      let description = String(characters[column...])
      return String(description.prefix { $0 != ";" })
    }
    return rawValue
  }
}
