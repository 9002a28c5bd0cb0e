/// A `§` reference to a section of `docs/spec.md` found in a file: `§4.2`, `§10.14`,
/// both ends of a range `§10.2–3`. A section of an RFC (`RFC 9110 §5.6.2`) is not one.
struct SpecReference: Equatable, CustomStringConvertible {
  var file: String
  var line: Int
  /// `4.2`.
  var section: String

  var description: String { "\(file):\(line): §\(section)" }

  /// Every reference in `text`, in order.
  static func all(in text: String, file: String) -> [SpecReference] {
    var found: [SpecReference] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      var rest = line[...]
      while let mark = rest.firstIndex(of: "§") {
        let before = line[..<mark]
        rest = line[line.index(after: mark)...]
        let number = rest.prefix(while: { $0.isNumber || $0 == "." })
        rest = rest.dropFirst(number.count)
        var section = String(number)
        while section.hasSuffix(".") { section.removeLast() }
        guard !section.isEmpty, !isRFCSection(before) else { continue }
        found.append(SpecReference(file: file, line: index + 1, section: section))
        // `§10.2–3`: the range's last item, in the same section.
        if rest.hasPrefix("–") {
          let end = rest.dropFirst().prefix(while: \.isNumber)
          if !end.isEmpty, let dot = section.lastIndex(of: ".") {
            found.append(
              SpecReference(
                file: file, line: index + 1, section: String(section[...dot]) + String(end)))
          }
        }
      }
    }
    return found
  }

  /// Whether the text before a `§` ends with `RFC 1234 `.
  private static func isRFCSection(_ before: Substring) -> Bool {
    let words = before.split(separator: " ")
    guard before.hasSuffix(" "), words.count >= 2 else { return false }
    return words[words.count - 2].hasSuffix("RFC") && words[words.count - 1].allSatisfy(\.isNumber)
  }
}
