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

  /// `--format text|json`, `-h, --help`: the help's left column.
  var synopsis: String {
    (shortName.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
  }
}
