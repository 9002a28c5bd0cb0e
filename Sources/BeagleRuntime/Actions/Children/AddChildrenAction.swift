import BeagleExpressions
import BeagleJSON

/// `beagle:addChildren` (docs/spec.md §7.6): puts components into a component of the screen.
enum AddChildrenAction {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .addChildren,
      fields: [
        FieldSpec("componentId", .string, isRequired: true),
        FieldSpec("value", .componentsOrExpression, isRequired: true, acceptsExpression: true),
        FieldSpec("mode", .enumeration(["APPEND", "PREPEND", "REPLACE"])), BuiltIns.analytics,
      ])
  ]

  /// `addChildren #list APPEND`.
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    let fields = action.fields
    ActionSummary.append(" #", to: &output)
    ActionSummary.appendText(fields.member(named: "componentId"), to: &output)
    output.append(UInt8(ascii: " "))
    ActionSummary.appendString(fields.member(named: "mode"), or: "APPEND", to: &output)
  }
}

extension Session {
  /// The most components `addChildren` adds in one run, counting every component of
  /// every subtree it adds (a subtree of 5 000 components is 5 000). Components it adds
  /// may run an `addChildren` of their own from `onInit`; with a value from a context
  /// (`"value": "@{c}"`, `c` two such components) they double on every settle round,
  /// 2^100 in 100 rounds, from a screen of a few hundred bytes; and one action adding
  /// large subtrees added 10^7 components when only the top-level ones counted.
  public static let maximumAddedComponents = 10_000
}

extension AddChildrenAction {
  /// `beagle:addChildren` (docs/spec.md §7.6, iOS): `value` is evaluated as JSON in the origin's
  /// scope, then decoded; the components go into the first component (depth-first)
  /// whose `id` is `componentId` on the origin's screen: after its children
  /// (`APPEND`, the default), before them in order (`PREPEND`), or instead of them
  /// (`REPLACE`). A missing target does nothing (iOS is silent; the log says so).
  static func execute(_ call: ActionCall, in context: inout ActionContext) {
    let action = call.action
    let origin = call.origin
    let pointer = call.pointer
    // Checked first: the screen is large by then.
    guard context.addedNodes < Session.maximumAddedComponents else {
      context.report(
        AddChildrenMessage.tooManyComponents(limit: Session.maximumAddedComponents), at: pointer)
      return
    }
    let fields = PropertyEvaluator(evaluator: context.evaluator)
    let profile = context.navigator.profile
    let componentId = action.fields["componentId"]?.stringValue ?? ""
    // Found in place (the screen builds its index on the first call): a copy alive
    // while the screen changes would copy its tree.
    var found: JSONPointer?
    guard
      context.navigator.updateScreen(
        serial: origin.screen,
        {
          found = $0.componentPointer(withId: componentId)
        })
    else { return }
    guard let target = found else {
      context.report(
        AddChildrenMessage.noTarget(componentId: componentId),
        at: pointer.appending("componentId"))
      return
    }
    let value = action.fields["value"].map { fields.evaluateDeeply($0, in: call.scope) } ?? .null
    guard case .array(let elements) = value else {
      context.report(AddChildrenMessage.notAnArray(value), at: pointer.appending("value"))
      return
    }
    guard context.addedNodes + elements.count <= Session.maximumAddedComponents else {
      context.report(
        AddChildrenMessage.tooManyComponents(limit: Session.maximumAddedComponents), at: pointer)
      return
    }
    if let raw = action.fields["value"], raw != value, raw.arrayValue != nil {
      context.report(AddChildrenMessage.evaluatedNow, at: pointer.appending("value"))
    }
    var added: [ComponentNode] = []
    var addedNodes = 0
    for (index, element) in elements.enumerated() {
      context.addedComponents += 1
      let childPointer = target.appending("children").appending(
        "@added\(context.addedComponents)")
      let decoded = Decoder(
        registry: context.registry, source: action.location.source, profile: profile
      ).decodeComponent(
        element, pointer: childPointer)
      if let child = decoded.root, !decoded.diagnostics.hasErrors {
        var child = child
        child.slot = "children"
        addedNodes += child.subtreeCount
        guard context.addedNodes + addedNodes <= Session.maximumAddedComponents else {
          context.report(
            AddChildrenMessage.tooManyComponents(limit: Session.maximumAddedComponents),
            at: pointer)
          return
        }
        added.append(child)
      } else {
        let reason =
          decoded.diagnostics.first { $0.severity == .error }?.message ?? "not a component"
        context.report(
          AddChildrenMessage.elementDropped(index: index, reason: reason),
          at: pointer.appending("value").appending(index))
      }
    }
    var mode = action.fields["mode"]?.stringValue ?? "APPEND"
    // web compares the mode case-insensitively; iOS's enum only knows upper case.
    if profile == .web { mode = mode.uppercased() }
    if mode == "PREPEND", profile == .android, added.count > 1 {
      // Android inserts each new component at index 0, one after the other.
      added.reverse()
      context.report(
        AddChildrenMessage.prependReversedOnAndroid, at: pointer.appending("mode"))
    }
    context.addedNodes += addedNodes
    context.navigator.updateScreen(serial: origin.screen) { screen in
      switch mode {
      case "PREPEND": screen.insertChildren(added, at: target, atStart: true)
      case "REPLACE": screen.updateNode(at: target) { $0.children = added }
      default: screen.insertChildren(added, at: target, atStart: false)
      }
    }
  }
}
