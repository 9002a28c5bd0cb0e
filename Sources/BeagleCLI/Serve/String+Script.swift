extension String {
  /// The text as a quoted script string (`"…"` with `\` and `"` escaped), as
  /// `tap "TEXT"`, `type #id "TEXT"` and `choose "LABEL"` read it.
  var quotedForScript: String {
    var result = "\""
    for character in self {
      if character == "\\" || character == "\"" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
