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
  static func text(_ bindings: [ScreenEvaluator.BindingExplanation]) -> String {
    guard !bindings.isEmpty else { return "bindings\n  (none)\n" }
    var out = "bindings\n"
    let printer = JSONPrinter()
    for binding in bindings {
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
    }
    return out
  }

  static func json(_ bindings: [ScreenEvaluator.BindingExplanation]) -> JSONValue {
    .array(
      bindings.map { binding in
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
        return .object(object)
      })
  }
}
