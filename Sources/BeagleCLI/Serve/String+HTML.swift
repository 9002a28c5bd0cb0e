extension String {
  /// The text as HTML character data or a double-quoted attribute value: `&`, `<`,
  /// `>`, `"` and `'` escaped, so a payload's `<script>` or `" onclick="` stays text.
  var escapingHTML: String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

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
