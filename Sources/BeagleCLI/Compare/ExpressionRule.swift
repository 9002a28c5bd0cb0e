import BeagleExpressions
import BeagleJSON
import BeagleRuntime

/// The rules behind differences that expressions make (docs/spec.md §10.13, §10.14): web's
/// operations and number text are web-core's, which write no log entry, so a difference
/// only web shows is put down to them when nothing the runtime logged explains it.
enum ExpressionRule {
  static let stringification = ProfileRule(
    name: "stringification: web prints integral doubles without .0", section: "§10.13")
  static let operations = ProfileRule(
    name: "operations: web follows JavaScript coercion", section: "§10.14")
  static let grammar = ProfileRule(
    name: "expression grammar: web reads bindings its own way", section: "§10.11")
  static let androidOperations = ProfileRule(
    name: "operations: android's own (no or null arguments, capitalize, out-of-range indexes)",
    section: "§10.14")

  /// What the screens' expressions do that a platform computes its own way.
  struct Uses {
    /// An operation web computes differently.
    var webOperations = false
    /// A string web's grammar reads differently from iOS's (docs/spec.md §5.3).
    var webGrammar = false
    /// An operation Android computes differently.
    var androidOperations = false
  }

  /// The rule for a difference where Android's value stands apart from every other
  /// profile's, when the screens call an operation Android computes differently.
  static func androidRules(
    explaining lines: [[String]], profiles: [NavigationProfile], uses: Uses
  ) -> Set<ProfileRule> {
    guard uses.androidOperations, let android = profiles.firstIndex(of: .android) else {
      return []
    }
    let others = profiles.indices.filter { $0 != android }
    guard !others.isEmpty, others.allSatisfy({ lines[$0] != lines[android] }) else { return [] }
    return [androidOperations]
  }

  /// The rules for a difference where web's value stands apart, when they explain
  /// every line web shows differently: stringification for a line that is another
  /// profile's with `.0` dropped after integral numbers, operations for any other line
  /// when the screens call an operation web computes differently; empty otherwise.
  static func rules(
    explaining lines: [[String]], profiles: [NavigationProfile], uses: Uses
  ) -> Set<ProfileRule> {
    let expressionRules: Set<ProfileRule> = Set(
      [uses.webOperations ? operations : nil, uses.webGrammar ? grammar : nil].compactMap { $0 })
    guard let web = profiles.firstIndex(of: .web) else { return [] }
    let others = profiles.indices.filter { $0 != web }
    guard !others.isEmpty, others.allSatisfy({ lines[$0] != lines[web] }) else { return [] }
    var rules: Set<ProfileRule> = []
    for other in others {
      guard lines[other].count == lines[web].count else {
        guard !expressionRules.isEmpty else { return [] }
        rules.formUnion(expressionRules)
        continue
      }
      for (line, webLine) in zip(lines[other], lines[web]) where line != webLine {
        if withoutIntegralPoint(line) == webLine {
          rules.insert(stringification)
        } else if !expressionRules.isEmpty {
          rules.formUnion(expressionRules)
        } else {
          return []
        }
      }
    }
    return rules
  }

  /// `line` with `.0` dropped after a digit when no digit follows (`5.0` → `5`).
  static func withoutIntegralPoint(_ line: String) -> String {
    let characters = Array(line)
    var result = ""
    var index = 0
    while index < characters.count {
      if characters[index] == ".", index > 0, characters[index - 1].isASCII,
        characters[index - 1].isNumber, index + 1 < characters.count, characters[index + 1] == "0",
        index + 2 == characters.count || !characters[index + 2].isNumber
      {
        index += 2
        continue
      }
      result.append(characters[index])
      index += 1
    }
    return result
  }

  /// What the strings of `screens` use that web or Android computes its own way.
  static func uses(in screens: [Screen]) -> Uses {
    var finder = Finder()
    for screen in screens { finder.visit(screen.node, depth: 0) }
    return finder.uses
  }

  private struct Finder {
    var uses = Uses()
    var found: Bool { uses.webOperations && uses.webGrammar && uses.androidOperations }

    mutating func visit(_ node: ComponentNode, depth: Int) {
      guard depth < 500, !found else { return }
      for (_, value) in node.properties.members { visit(value, depth: depth) }
      for handler in node.events { visit(handler.actions, depth: depth) }
      for item in node.navigationBar?.items ?? [] { visit(item.actions, depth: depth) }
      for template in node.templates {
        if let condition = template.condition { visit(condition, depth: depth) }
        visit(template.view, depth: depth + 1)
      }
      for child in node.children { visit(child, depth: depth + 1) }
    }

    mutating func visit(_ actions: [ActionNode], depth: Int) {
      guard depth < 500, !found else { return }
      for action in actions {
        for (_, value) in action.fields.members { visit(value, depth: depth) }
        for handler in action.events { visit(handler.actions, depth: depth + 1) }
      }
    }

    mutating func visit(_ value: JSONValue, depth: Int) {
      guard depth < 500, !found else { return }
      switch value {
      case .string(let text) where text.contains("@{"):
        let template = StringTemplate(text)
        if !uses.webGrammar {
          let web = StringTemplate(text, options: StringTemplate.Options(grammar: .web))
          uses.webGrammar = web != template
        }
        for expression in template.expressions {
          uses.webOperations =
            uses.webOperations || Self.calls(expression, OperationLibrary.namesDifferingOnWeb)
          uses.androidOperations =
            uses.androidOperations
            || Self.calls(expression, OperationLibrary.namesDifferingOnAndroid)
        }
      case .array(let elements):
        for element in elements { visit(element, depth: depth + 1) }
      case .object(let object):
        for (_, member) in object.members { visit(member, depth: depth + 1) }
      default:
        break
      }
    }

    static func calls(_ expression: BeagleExpressions.Expression, _ names: Set<String>) -> Bool {
      var pending = [expression]
      while let next = pending.popLast() {
        guard case .operation(let name, let arguments) = next else { continue }
        if names.contains(name) { return true }
        pending += arguments
      }
      return false
    }
  }
}
