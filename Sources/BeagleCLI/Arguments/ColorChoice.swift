import BeagleRuntime

/// `--color auto|always|never`: whether diagnostics and diffs are coloured.
///
/// `auto` (the default) colours a stream that is a terminal, unless `NO_COLOR` is set
/// to something other than the empty string (no-color.org: "when present and not an
/// empty string"); `always` and `never` decide alone, as a command-line option
/// overrides the environment there too.
enum ColorChoice: String, Sendable, Equatable, CaseIterable {
  case auto, always, never

  /// Whether to colour a stream (`isTerminal`: whether it is a terminal).
  func usesColor(isTerminal: Bool, variables: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: isTerminal && (variables["NO_COLOR"] ?? "").isEmpty
    }
  }

  /// Reads `--color`'s value.
  static func read(_ text: String) throws(UsageError) -> ColorChoice {
    guard let choice = ColorChoice(rawValue: text) else {
      throw UsageError(
        message: "unknown colour choice '\(text)'; expected 'auto', 'always' or 'never'"
          + (Suggestion.closest(to: text, among: allCases.map(\.rawValue))
            .map { "; did you mean '\($0)'?" } ?? ""))
    }
    return choice
  }
}
