import BeagleRuntime

/// What the value of an option completes to in a shell, found by asking the parser
/// (``OptionValue/read(_:verb:value:)``) which words it accepts, so a new value or
/// option is completed as soon as the parser takes it.
enum ValueCompletion: Equatable, Sendable {
  /// A flag, or a value nothing can suggest (a number, a URL, JSON).
  case nothing
  /// Any file (`FILE`).
  case files
  /// A folder (`DIR`).
  case directories
  /// One of these words, in this order.
  case words([String])

  /// The completion of `spec`'s value when `verb` reads it.
  static func of(_ spec: OptionSpec, verb: Verb) -> ValueCompletion {
    guard let placeholder = spec.value else { return .nothing }
    func accepts(_ word: String) -> Bool {
      let value = { () throws(UsageError) -> String in word }
      return (try? OptionValue.read(spec.name, verb: verb, value: value)) != nil
    }
    // A value no parser would check (a path, a step) is free text: the placeholder
    // says what it names.
    if accepts("\u{1}free text\u{1}") {
      if placeholder.contains("DIR") { return .directories }
      if placeholder.contains("FILE") { return .files }
      return .nothing
    }
    var candidates = placeholder.split(separator: "|").map(String.init)
      .filter { $0 == $0.lowercased() }
    candidates += OutputFormat.allCases.map(\.rawValue)
    candidates += NavigationProfile.allCases.map(\.rawValue)
    candidates += RecordMode.allCases.map(\.rawValue)
    var seen: Set<String> = []
    let words = candidates.filter { seen.insert($0).inserted && accepts($0) }
    return words.isEmpty ? .nothing : .words(words)
  }

  /// What the arguments of `verb` that are not options complete to.
  static func arguments(of verb: Verb) -> ValueCompletion {
    switch verb {
    case .eval, .components, .actions: .nothing
    case .help: .words(Verb.allCases.map(\.rawValue))
    case .completions: .words(CompletionShell.allCases.map(\.rawValue))
    default: .files  // screens, folders, scenarios
    }
  }
}
