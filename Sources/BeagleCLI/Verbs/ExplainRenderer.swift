import BeagleExpressions
import BeagleJSON
import BeagleRuntime

/// Prints `--explain`: for every binding on the screen, the expression, the value
/// of each path it read, and the result.
///
/// ```
/// bindings
///   /child/children/1/text  "Welcome back, @{user.name}!"
///     user.name = "Ana"
///     → "Welcome back, Ana!"
/// ```
///
/// A binding inside a list item says which item, outermost list first:
/// `/child/templates/0/view/text  "@{product.name}"  (item 1)`.
enum ExplainRenderer {
  /// The bindings of a screen, handed over one at a time
  /// (``ScreenEvaluator/explain(_:global:each:)``).
  typealias Explaining = ((ScreenEvaluator.BindingExplanation) -> Void) -> Void

  /// Pieces of at least this many bytes are handed on as they fill.
  static let pieceBytes = 64 * 1_024

  /// Writes the text of the bindings `explaining` hands over, to `output` in pieces
  /// of about ``pieceBytes``, each cut after a binding's last line (a line holds a setting
  /// reference whole, as `output` spells it), so that neither the bindings nor their
  /// text are held whole: on a 10 MB screen the text is 7 MB.
  static func writeText(_ explaining: Explaining, to output: (String) -> Void) {
    // `output` is called only while `explaining` runs, inside this call.
    withoutActuallyEscaping(output) { writeText(explaining, toEscaping: $0) }
  }

  private static func writeText(
    _ explaining: Explaining, toEscaping output: @escaping (String) -> Void
  ) {
    var out = "bindings\n"
    var isEmpty = true
    let printer = JSONPrinter()
    explaining { binding in
      isEmpty = false
      out += "  \(binding.pointer)  \(printer.print(.string(binding.source)))"
      if !binding.items.isEmpty {
        out += "  (" + binding.items.map { "item \($0)" }.joined(separator: " › ") + ")"
      }
      out += "\n"
      for read in binding.explanation.bindings {
        let note = read.contextExists ? "" : "  (no context '\(read.binding.contextId)' in scope)"
        out += "    \(read.text) = \(printer.print(read.value))\(note)\n"
      }
      for diagnostic in binding.explanation.diagnostics {
        out += "    warning: \(diagnostic.description)\n"
      }
      let result =
        binding.result.map { printer.print($0) }
        ?? "(absent: the value does not fit the field's type)"
      out += "    → \(result)\n"
      if out.utf8.count >= pieceBytes {
        output(out)
        out = ""
      }
    }
    if isEmpty { out += "  (none)\n" }
    if !out.isEmpty { output(out) }
  }

  /// The bindings `explaining` hands over, each as the JSON element of `--explain
  /// --format json`'s `bindings` when it comes: `body` prints it (neither the
  /// explanations nor their values are held together).
  static func forEachJSON(_ explaining: Explaining, _ body: (JSONValue) -> Void) {
    // `body` is called only while `explaining` runs, inside this call.
    withoutActuallyEscaping(body) { forEachJSON(explaining, toEscaping: $0) }
  }

  private static func forEachJSON(
    _ explaining: Explaining, toEscaping body: @escaping (JSONValue) -> Void
  ) {
    explaining { binding in
      var object: JSONObject = [
        "at": .string(binding.pointer.description),
        "source": .string(binding.source),
        "reads": .array(
          binding.explanation.bindings.map { read in
            [
              "path": .string(read.text), "value": read.value,
              "contextExists": .bool(read.contextExists),
            ]
          }),
        "warnings": .array(binding.explanation.diagnostics.map { .string($0.description) }),
        "result": binding.result ?? .null,
      ]
      if !binding.items.isEmpty { object["items"] = .array(binding.items.map { .int($0) }) }
      body(.object(object))
    }
  }
}
