import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// Prints a ``ProfileComparison`` as text or as one JSON object.
///
/// ```
/// profiles ios, android, web: 1 of 3 states differs
/// step 2 · tap "Save"
///   contexts.user
///     ios, web  {"name":null}
///     android   {"name":"Ana"}
///     rule: android setContext null refusal (docs/spec.md §10.15)
/// ```
enum ComparisonRenderer {
  static func text(_ comparison: ProfileComparison) -> String {
    let names = comparison.profiles.map(\.rawValue).joined(separator: ", ")
    let count = comparison.steps.count
    var out = "profiles \(names): "
    out +=
      count == 0
      ? "no difference in \(Count.phrase(comparison.stateCount, "state"))\n"
      : "\(count) of \(Count.phrase(comparison.stateCount, "state")) \(count == 1 ? "differs" : "differ")\n"
    for step in comparison.steps {
      out += "step \(step.step) · \(step.event)\n"
      for difference in step.differences {
        var header = "  \(difference.aspect)"
        if difference.sharedLeadingLines > 0 {
          header += " (from line \(difference.sharedLeadingLines + 1))"
        }
        if let since = difference.since { header += " (since step \(since))" }
        out += header + "\n"
        let labels = difference.groups.map { $0.profiles.map(\.rawValue).joined(separator: ", ") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, group) in zip(labels, difference.groups) {
          let lines = group.lines.isEmpty ? ["(none)"] : group.lines
          for (index, line) in lines.enumerated() {
            let lead = index == 0 ? label : ""
            out += "    " + lead + String(repeating: " ", count: width - lead.count) + line + "\n"
          }
        }
        if difference.rules.isEmpty {
          out += "    differs (no platform rule determined)\n"
        }
        for rule in difference.rules { out += "    rule: \(rule.text)\n" }
      }
    }
    return out
  }

  static func json(_ comparison: ProfileComparison) -> String {
    let steps: [JSONValue] = comparison.steps.map { step in
      let differences: [JSONValue] = step.differences.map { difference in
        var object: JSONObject = [
          "aspect": .string(difference.aspect),
          "values": .array(
            difference.groups.map { group in
              [
                "profiles": .array(group.profiles.map { .string($0.rawValue) }),
                "lines": .array(group.lines.map { .string($0) }),
              ]
            }),
          "sharedLeadingLines": .int(difference.sharedLeadingLines),
          "rules": .array(
            difference.rules.map { ["rule": .string($0.name), "section": .string($0.section)] }),
        ]
        object["since"] = difference.since.map { .int($0) } ?? .null
        return .object(object)
      }
      return [
        "step": .int(step.step), "event": .string(step.event), "differences": .array(differences),
      ]
    }
    let value: JSONValue = [
      "profiles": .array(comparison.profiles.map { .string($0.rawValue) }),
      "states": .int(comparison.stateCount),
      "differingSteps": .array(comparison.steps.map { .int($0.step) }),
      "steps": .array(steps),
    ]
    return JSONPrinter().print(value) + "\n"
  }
}
