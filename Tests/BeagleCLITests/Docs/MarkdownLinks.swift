/// The relative links of a Markdown document and the anchors its headings give, as
/// GitHub makes them.
struct MarkdownLinks {
  /// A link `[text](target)` and its line.
  struct Link: Equatable {
    var target: String
    var line: Int
  }

  var links: [Link] = []
  var anchors: Set<String> = []

  init(markdown: String) {
    var counts: [String: Int] = [:]
    var inFence = false
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      if line.hasPrefix("#") {
        let text = line.drop { $0 == "#" }.drop { $0 == " " }
        let slug = Self.slug(String(text))
        let seen = counts[slug, default: 0]
        counts[slug] = seen + 1
        anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
      }
      links += Self.links(in: String(line)).map { Link(target: $0, line: index + 1) }
    }
  }

  /// GitHub's anchor of a heading: lower-cased, punctuation but `-` and `_` dropped,
  /// spaces made `-`.
  static func slug(_ heading: String) -> String {
    var out = ""
    for character in heading.lowercased() {
      if character == " " {
        out.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        out.append(character)
      }
    }
    return out
  }

  /// The targets of `[text](target)` outside code spans.
  static func links(in line: String) -> [String] {
    var targets: [String] = []
    let characters = Array(line)
    var index = 0
    var inCode = false
    while index < characters.count {
      let character = characters[index]
      if character == "`" {
        inCode.toggle()
      } else if !inCode, character == "]", index + 1 < characters.count,
        characters[index + 1] == "("
      {
        var end = index + 2
        while end < characters.count, characters[end] != ")" { end += 1 }
        if end < characters.count {
          targets.append(String(characters[(index + 2)..<end]))
          index = end
        }
      }
      index += 1
    }
    return targets
  }
}
