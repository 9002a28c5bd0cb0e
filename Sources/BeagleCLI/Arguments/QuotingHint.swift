/// The hint for an option's JSON that does not parse because a string lost its
/// quotes (`--context n=Ana`, `--global nojson`): the shell ate them, or they were
/// never written.
enum QuotingHint {
  /// `; a JSON string needs quotes: --context 'n="Ana"'` when `json` reads as a
  /// bare word; "" otherwise. `id` is the context's, for `--context` and `--assume`.
  static func hint(for json: String, option: String, id: String? = nil) -> String {
    guard let first = json.first, first.isLetter, !json.contains("\""), !json.contains("'")
    else {
      return ""
    }
    return "; a JSON string needs quotes: \(option) '\(id.map { "\($0)=" } ?? "")\"\(json)\"'"
  }
}
