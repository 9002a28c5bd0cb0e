import BeagleExpressions
import BeagleJSON
import BeagleRuntime
import Foundation

/// `beagle-run eval EXPRESSION [--context ID=JSON]... [--global JSON]`: evaluate one
/// expression (or a string with expressions) and print the value as compact JSON.
///
/// `EXPRESSION` may be a string as a payload holds it (`'Hi @{user.name}'`,
/// `'@{sum(1, 2)}'`) or a bare expression (`'sum(1, 2)'`); text that is neither (no
/// `@{`, no call, does not parse: `'plain text'`) is itself, as in a payload. Contexts
/// are given outermost first; the innermost with an id wins, as on a screen. Notes on
/// stderr point at contexts that were not given and at quotes a shell removed.
struct EvalCommand {
  var options: EvalOptions
  var operations: OperationLibrary
  /// The manifest's `global`: the global context when `--global` is not given.
  var manifestGlobal: JSONValue?

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    let typed = options.expression
    let isBare = !typed.containsExpressionMarker
    let source = isBare ? "@{\(typed)}" : typed
    let shift = isBare ? 2 : 0
    guard let scope = scope(errors: errors) else { return CommandLineTool.ExitCode.failure }

    // Web's grammar under --profile web (docs/spec.md §5.3): what web cannot read is null.
    let grammar = StringTemplate.Options(grammar: .init(operations.dialect))
    let check = ExpressionChecker(library: operations).check(source: source, options: grammar)
    if isBare, !typed.contains("("), check.diagnostics.contains(where: Self.isSyntaxError) {
      // A payload string without `@{…}` is itself (docs/spec.md §5.1); so is such an input.
      errors(
        "beagle-run: note: '\(typed)' is not an expression, so it is the text itself (Beagle"
          + " evaluates only what is inside @{…})\n")
      output(JSONPrinter().print(.string(typed)) + "\n")
      return CommandLineTool.ExitCode.success
    }
    guard report(check.diagnostics, typed: typed, shift: shift, errors: errors) else {
      return CommandLineTool.ExitCode.failure
    }
    let explanation = Evaluator(library: operations, limits: options.valueLimits.valueLimits)
      .explain(
        StringTemplate(source, options: grammar), in: scope, source: source)
    let new = explanation.diagnostics.filter { !check.diagnostics.contains($0) }
    guard report(evaluation: new, typed: typed, shift: shift, errors: errors) else {
      return CommandLineTool.ExitCode.failure
    }
    if let hint = Self.missingContextHint(explanation.bindings, source: source) {
      errors(hint)
    }
    // JSON has no NaN or infinity: the value prints null there (docs/spec.md §5.6).
    if let (number, at) = NonFiniteNumber.first(in: explanation.value) {
      let text = NonFiniteNumber.text(of: number, dialect: operations.dialect) ?? "nan"
      errors(
        "beagle-run: warning: the value holds '\(text)' (\(operations.dialect.rawValue) rule)"
          // A key of the value may hold a line break (a manifest's `global`).
          + (at.isRoot ? "" : " at \(at.description.escapingControlCharacters())")
          + ", a number that is not finite; JSON has no such number, so it prints as null"
          + " [\(NonFiniteNumber.rule)]\n")
    }
    output(JSONPrinter().print(explanation.value) + "\n")
    return CommandLineTool.ExitCode.success
  }

  /// `--context ID=JSON`s and `--global`; nil, with the error printed, when one is
  /// not JSON.
  private func scope(errors: (String) -> Void) -> ContextScope? {
    var contexts: [(id: String, value: JSONValue)] = []
    for (id, json) in options.contexts {
      guard
        let value = parseJSON(
          json, option: "--context \(id)", id: id, errors: errors)
      else {
        return nil
      }
      contexts.append((id, value))
    }
    var global = manifestGlobal ?? .null
    if let json = options.global {
      guard
        let value = parseJSON(
          json, option: "--global", errors: errors)
      else { return nil }
      global = value
    }
    return ContextScope(contexts, global: global)
  }

  /// Prints what checking found; false when the expression cannot be evaluated.
  ///
  /// A wrong argument count or a 2.x operation still evaluates (docs/spec.md §6.1:
  /// null where iOS refuses); they are warnings. Syntax errors and unknown operations fail,
  /// except under web, where a binding that does not parse, or calls an unknown
  /// operation, is null with a warning (docs/spec.md §5.7) and every finding is a warning.
  private func report(
    _ diagnostics: [ExpressionError], typed: String, shift: Int, errors: (String) -> Void
  ) -> Bool {
    var failed = false
    for diagnostic in diagnostics {
      let isWarning: Bool
      switch diagnostic {
      case .wrongArgumentCount, .beagle2Operation: isWarning = true
      default: isWarning = operations.dialect == .web
      }
      failed = failed || !isWarning
      errors(
        render(diagnostic, typed: typed, shift: shift, severity: isWarning ? "warning" : "error"))
    }
    guard failed else { return true }
    if typed.contains("\""), !typed.contains("'") {
      let fixed = typed.replacingOccurrences(of: "\"", with: "'")
      errors(
        "beagle-run: note: Beagle's strings are in single quotes ('a'); in a shell, put the"
          + " expression in double quotes: beagle-run eval \"\(fixed)\"\n")
    }
    return false
  }

  /// Prints what evaluating found; false when a value went over a limit: it is
  /// refused, not printed as the null it became.
  private func report(
    evaluation diagnostics: [ExpressionError], typed: String, shift: Int,
    errors: (String) -> Void
  ) -> Bool {
    var exceeded = false
    for diagnostic in diagnostics {
      let isLimit: Bool
      switch diagnostic {
      case .valueLimitExceeded, .evaluationTooLong: isLimit = true
      default: isLimit = false
      }
      if isLimit {
        exceeded = true
        errors(
          render(
            diagnostic, typed: typed, shift: shift, severity: "error",
            message: diagnostic.refusal))
      } else {
        errors(render(diagnostic, typed: typed, shift: shift, severity: "warning"))
      }
    }
    return !exceeded
  }

  private static func isSyntaxError(_ error: ExpressionError) -> Bool {
    switch error {
    case .wrongArgumentCount, .beagle2Operation, .unknownOperation: false
    default: true
    }
  }

  /// A note for bindings to contexts that were not given: they are null. Inside an
  /// operation call they are most likely strings whose quotes the shell removed
  /// (`eval @{concat("a","b")}` unquoted reaches us as `@{concat(a,b)}`).
  static func missingContextHint(_ bindings: [BindingRead], source: String) -> String? {
    var seen: Set<String> = []
    let missing = bindings.filter {
      !$0.contextExists && seen.insert($0.binding.contextId).inserted
    }
    guard !missing.isEmpty else { return nil }
    let names = missing.map { "'\($0.binding.contextId)'" }
    let list =
      names.count == 1
      ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    let isOne = names.count == 1
    var note =
      "beagle-run: note: \(list) \(isOne ? "is not a context" : "are not contexts"), so "
      + (isOne ? "it is" : "they are") + " null"
    // Bare words inside a call: the same expression with each quoted as a string.
    let bare = bindings.filter { !$0.contextExists && $0.binding.path.isEmpty && !$0.range.isEmpty }
    guard source.contains("("), !bare.isEmpty else {
      return note + "; give a context with --context ID=JSON\n"
    }
    var bytes = Array(source.utf8)
    for read in bare.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
    where read.range.upperBound <= bytes.count {
      bytes.replaceSubrange(read.range, with: Array("'\(read.text)'".utf8))
    }
    note +=
      "; if "
      + (isOne ? "it was meant as a string" : "they were meant as strings")
      + ", the shell removed the quotes: put the expression in double quotes, as in"
      + " beagle-run eval \"\(String(decoding: bytes, as: UTF8.self))\"\n"
    return note
  }

  private func parseJSON(
    _ text: String, option: String, id: String? = nil, errors: (String) -> Void
  ) -> JSONValue? {
    // Nested no deeper than `--max-depth`, as the help says.
    let parserOptions = JSONParser.Options(maximumDepth: options.valueLimits.depth)
    do {
      if text.hasPrefix("@") {
        let path = String(text.dropFirst())
        // A file, a pipe or a fifo (`@<(…)`); `@-` is a file named `-`.
        let name = path == "-" ? "./-" : path
        guard let data = try? SourceFile.read(name, standardInput: { [] }).bytes else {
          errors("beagle-run: error: \(option): cannot read '\(path)'\n")
          return nil
        }
        return try JSONValue(parsing: data, options: parserOptions)
      }
      return try JSONValue(parsing: text, options: parserOptions)
    } catch {
      errors(
        "beagle-run: error: \(option): invalid JSON at column \(error.position.column): "
          + "\(error.description)"
          + QuotingHint.hint(for: text, option: id == nil ? option : "--context", id: id) + "\n")
      return nil
    }
  }

  /// `error: message`, then the expression with a caret under the range.
  private func render(
    _ error: ExpressionError, typed: String, shift: Int, severity: String,
    message: String? = nil
  ) -> String {
    let bytes = Array(typed.utf8)
    let lower = min(max(0, error.range.lowerBound - shift), bytes.count)
    let upper = min(max(lower, error.range.upperBound - shift), bytes.count)
    let column = String(decoding: bytes[0..<lower], as: UTF8.self).count
    let width = max(1, String(decoding: bytes[lower..<upper], as: UTF8.self).count)
    let shown = typed.count > 200 ? String(typed.prefix(200)) + "…" : typed
    return "beagle-run: \(severity): \(message ?? error.description)\n  \(shown)\n  "
      + String(repeating: " ", count: column) + "^"
      + String(repeating: "~", count: width - 1) + "\n"
  }
}

// MARK: - Validation

extension EvalCommand {
  /// Exactly one expression, which it returns.
  static func validate(_ inputs: [String]) throws(UsageError) -> String {
    guard inputs.count == 1, let expression = inputs.first else {
      throw UsageError(
        message: inputs.isEmpty
          ? "'eval' needs an expression, as in beagle-run eval '@{sum(1, 2)}'"
          : "'eval' takes one expression; quote it so the shell passes it whole")
    }
    return expression
  }
}
