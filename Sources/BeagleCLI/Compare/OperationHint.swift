import BeagleExpressions
import BeagleJSON
import BeagleRuntime

/// A binding that calls an operation whose result may differ on web (spec §6,
/// §10.14). The expression engine follows iOS under every profile, so
/// `--compare-profiles` cannot show such a difference; it lists the calls instead.
struct OperationHint: Equatable {
  /// The screen's route.
  var route: String
  /// Where the string holding the binding is.
  var pointer: JSONPointer
  var operation: String
  /// How iOS and web differ for it.
  var note: String

  /// The hints of `screens`, in screen order, then source order; one per pointer
  /// and operation.
  static func hints(in screens: [Screen]) -> [OperationHint] {
    var hints: [OperationHint] = []
    for screen in screens {
      var collector = Collector(route: screen.route)
      collector.visit(screen.node, depth: 0)
      hints += collector.hints
    }
    return hints
  }

  /// Operation → how iOS and web differ (spec §6.1).
  static let notes: [String: String] = [
    "sum": "iOS gives null for mixed int/double or strings, web coerces (sum(1, '2') is \"12\")",
    "subtract": "iOS gives null for mixed int/double or strings, web coerces as JavaScript",
    "multiply": "iOS gives null for mixed int/double or strings, web coerces as JavaScript",
    "divide": "iOS truncates integer division (divide(6, 4) is 1), web gives 1.5",
    "gt": "iOS needs two ints or two doubles (else null), web compares as JavaScript",
    "gte": "iOS needs two ints or two doubles (else null), web compares as JavaScript",
    "lt": "iOS needs two ints or two doubles (else null), web compares as JavaScript",
    "lte": "iOS needs two ints or two doubles (else null), web compares as JavaScript",
    "eq": "iOS: 1 and 1.0 differ; web: equal",
    "condition":
      "iOS needs a boolean test and branches of one kind (else null), web uses truthiness",
    "not": "iOS needs a boolean (else null), web uses truthiness",
    "and": "iOS needs booleans (else null), web is true unless an argument is false",
    "or": "iOS needs booleans (else null), web is true if an argument is true",
    "concat": "iOS needs strings (else null), web converts every argument (null is \"null\")",
    "capitalize": "iOS capitalises every word, web only the first letter",
    "substr": "index rules differ (web counts a negative start from the end)",
    "insert": "index rules differ (web accepts any index)",
    "removeIndex": "index rules differ (web leaves the array unchanged out of range)",
    "union": "differs on arguments that are not arrays",
    "isEmpty": "differs on numbers, booleans and null (web: empty)",
    "length": "differs on objects and null",
    "int": "exists only on web (null on iOS 1.x)",
    "double": "exists only on web (null on iOS 1.x)",
    "string": "exists only on web (null on iOS 1.x)",
  ]

  private struct Collector {
    var route: String
    var hints: [OperationHint] = []

    mutating func visit(_ node: ComponentNode, depth: Int) {
      guard depth < 500 else { return }
      for (key, value) in node.properties.members {
        visit(value, at: node.location.pointer.appending(key), depth: depth)
      }
      for handler in node.events { visit(handler.actions, depth: depth) }
      for item in node.navigationBar?.items ?? [] { visit(item.actions, depth: depth) }
      for template in node.templates {
        if let condition = template.condition {
          visit(condition, at: template.location.pointer.appending("case"), depth: depth)
        }
        visit(template.view, depth: depth + 1)
      }
      for child in node.children { visit(child, depth: depth + 1) }
    }

    mutating func visit(_ actions: [ActionNode], depth: Int) {
      guard depth < 500 else { return }
      for action in actions {
        for (key, value) in action.fields.members {
          visit(value, at: action.location.pointer.appending(key), depth: depth)
        }
        for handler in action.events { visit(handler.actions, depth: depth + 1) }
      }
    }

    mutating func visit(_ value: JSONValue, at pointer: JSONPointer, depth: Int) {
      guard depth < 500 else { return }
      switch value {
      case .string(let text) where text.contains("@{"):
        var names: [String] = []
        switch StringTemplate(text) {
        case .plain: break
        case .single(let expression): Self.operations(in: expression, into: &names)
        case .interpolated(let parts):
          for case .expression(let expression, _) in parts {
            Self.operations(in: expression, into: &names)
          }
        }
        for name in names {
          guard let note = OperationHint.notes[name],
            !hints.contains(where: { $0.pointer == pointer && $0.operation == name })
          else { continue }
          hints.append(OperationHint(route: route, pointer: pointer, operation: name, note: note))
        }
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          visit(element, at: pointer.appending(index), depth: depth + 1)
        }
      case .object(let object):
        for (key, member) in object.members {
          visit(member, at: pointer.appending(key), depth: depth + 1)
        }
      default:
        break
      }
    }

    static func operations(in expression: Expression, into names: inout [String]) {
      var pending = [expression]
      while let next = pending.popLast() {
        guard case .operation(let name, let arguments) = next else { continue }
        if !names.contains(name) { names.append(name) }
        pending += arguments.reversed()
      }
    }
  }
}
