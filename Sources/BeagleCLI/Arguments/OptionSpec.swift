/// One command-line option: its name, its value, the verbs that read it and its
/// help lines (a row of ``OptionTable``).
struct OptionSpec: Sendable {
  /// `--format`.
  var name: String
  /// `-h` for `--help`.
  var shortName: String?
  /// What follows it in the help (`text|json`); nil for a flag.
  var value: String?
  /// The verbs that read it.
  var verbs: Set<Verb>
  /// Its lines in `--help`.
  var help: [String]
  /// Its lines in `help VERB` where the verb reads it in its own terms; a verb not
  /// listed gets ``help`` without its `verb:` prefix (`test: …`).
  var verbHelp: [Verb: [String]] = [:]

  /// Its lines in `help VERB` (`verb`), or in the full help (nil).
  func help(for verb: Verb?) -> [String] {
    guard let verb else { return help }
    if let own = verbHelp[verb] { return own }
    let prefix = verb.rawValue + ": "
    guard let first = help.first, first.hasPrefix(prefix) else { return help }
    return [String(first.dropFirst(prefix.count))] + help.dropFirst()
  }

  /// `--format text|json`, `-h, --help`: the help's left column.
  var synopsis: String {
    (shortName.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
  }
}
