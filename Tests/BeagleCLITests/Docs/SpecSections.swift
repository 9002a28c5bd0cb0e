/// The sections `docs/spec.md` defines: its numbered headings (`## 4. Context` is §4,
/// `### 4.2 Scope and lookup` is §4.2) and, in a section without numbered subsections,
/// the items of its numbered lists (§10.14 is item 14 of the list in §10).
struct SpecSections {
  private(set) var numbers: Set<String> = []

  init(markdown: String) {
    var headings: Set<String> = []
    var items: [String: Set<String>] = [:]
    var section: String?
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      if line.hasPrefix("#") {
        let words = line.drop(while: { $0 == "#" }).split(separator: " ")
        guard let first = words.first, let number = Self.number(first) else { continue }
        headings.insert(number)
        if line.hasPrefix("## ") { section = number }
        continue
      }
      // A numbered list item at the start of a line: `14. **Operations** …`.
      let digits = line.prefix(while: \.isNumber)
      if let section, !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") {
        items[section, default: []].insert(String(digits))
      }
    }
    numbers = headings
    for (section, list) in items
    where !headings.contains(where: { $0.hasPrefix(section + ".") }) {
      for item in list { numbers.insert("\(section).\(item)") }
    }
  }

  func contains(_ number: String) -> Bool { numbers.contains(number) }

  /// `4.2` for `4.2` or `4.`; nil for a heading that is not numbered.
  private static func number(_ word: Substring) -> String? {
    var text = word
    if text.hasSuffix(".") { text = text.dropLast() }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
      return nil
    }
    return String(text)
  }
}
