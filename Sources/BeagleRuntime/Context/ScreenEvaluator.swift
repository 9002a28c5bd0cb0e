import BeagleExpressions
import BeagleJSON

/// Evaluates every binding of a screen in its scope and gives the tree as the user
/// sees it, or explains each binding for `--explain`.
///
/// Scope follows §4.2: a component sees the contexts declared on itself and its
/// ancestors (the nearest wins) and `global`. Event handlers, templates and nested
/// actions are left as written: they are evaluated when they run or render.
public struct ScreenEvaluator: Sendable {
  public var properties: PropertyEvaluator

  public init(evaluator: Evaluator = Evaluator()) {
    properties = PropertyEvaluator(evaluator: evaluator)
  }

  /// The screen's tree with its properties evaluated.
  public func evaluate(_ screen: Screen, global: JSONValue) -> ComponentNode {
    var withTemplates = self
    withTemplates.properties.templates = screen.templates
    let scope = screen.baseScope(global: global)
    return withTemplates.evaluate(screen.node, scope: scope, screen: screen)
  }

  private func evaluate(
    _ node: ComponentNode, scope: ContextScope, screen: Screen
  )
    -> ComponentNode
  {
    let scope = Self.scope(scope, entering: node, screen: screen)
    var result = node
    if let definition = node.definition {
      var evaluated = JSONObject()
      for (key, value) in node.properties.members {
        if let value = properties.evaluate(value, as: definition.field(key), in: scope) {
          evaluated[key] = value
        }
      }
      if let style = evaluated["style"]?.objectValue, let display = style["display"] {
        var newStyle = style
        newStyle["display"] = properties.evaluate(
          display,
          as: FieldSpec("display", .enumeration(["FLEX", "NONE"]), acceptsExpression: true),
          in: scope)
        evaluated["style"] = .object(newStyle)
      }
      result.properties = evaluated
    }
    result.children = node.children.map { evaluate($0, scope: scope, screen: screen) }
    return result
  }

  /// The scope inside `node`: the outer scope plus the node's own context, with the
  /// value the screen currently holds for it.
  static func scope(
    _ outer: ContextScope, entering node: ComponentNode, screen: Screen
  )
    -> ContextScope
  {
    guard let context = node.context else { return outer }
    let value = screen.contextValues[node.location.pointer] ?? context.value
    if context.id == ContextScope.globalId { return outer }
    return outer.pushing(id: context.id, value: value)
  }

  // MARK: - Explaining

  /// One binding of the screen: where it is, what it says, what it read and gave.
  public struct BindingExplanation: Sendable, Equatable {
    /// Pointer of the property (`/child/children/0/text`).
    public var pointer: JSONPointer
    /// The string as written.
    public var source: String
    public var explanation: Explanation
    /// The property's value after evaluation (nil: absent, the type did not match).
    public var result: JSONValue?
  }

  /// Every binding on the screen, in tree order.
  public func explain(_ screen: Screen, global: JSONValue) -> [BindingExplanation] {
    var found: [BindingExplanation] = []
    explain(screen.node, scope: screen.baseScope(global: global), screen: screen, into: &found)
    return found
  }

  private func explain(
    _ node: ComponentNode, scope: ContextScope, screen: Screen,
    into found: inout [BindingExplanation]
  ) {
    let scope = Self.scope(scope, entering: node, screen: screen)
    if let definition = node.definition {
      for (key, value) in node.properties.members {
        let spec = definition.field(key)
        guard spec?.acceptsExpression == true else { continue }
        Self.strings(in: value, pointer: node.location.pointer.appending(key)) { text, pointer in
          let template = StringTemplate(text)
          guard !template.expressions.isEmpty else { return }
          found.append(
            BindingExplanation(
              pointer: pointer, source: text,
              explanation: properties.evaluator.explain(template, in: scope, source: text),
              result: properties.evaluate(.string(text), as: spec, in: scope)))
        }
      }
    }
    for child in node.children { explain(child, scope: scope, screen: screen, into: &found) }
  }

  /// Calls `body` for every string inside `value` with its pointer.
  static func strings(
    in value: JSONValue, pointer: JSONPointer, _ body: (String, JSONPointer) -> Void
  ) {
    switch value {
    case .string(let text): body(text, pointer)
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        strings(in: element, pointer: pointer.appending(index), body)
      }
    case .object(let object):
      for (key, member) in object.members {
        strings(in: member, pointer: pointer.appending(key), body)
      }
    default: break
    }
  }
}
