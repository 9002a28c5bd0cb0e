import BeagleExpressions
import BeagleJSON

/// `beagle:submitForm` (docs/spec.md §7.7) and the deprecated form actions of Beagle 1.0
/// (`beagle:formValidation`, `beagle:formLocalAction`, `beagle:formRemoteAction`, §7.8),
/// which decode but do not run.
enum FormActions {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(.submitForm, fields: [BuiltIns.analytics]),
    ActionDefinition(
      .formValidation, fields: [FieldSpec("errors", .array), BuiltIns.analytics],
      deprecation: "'beagle:simpleForm' with 'beagle:submitForm'"),
    ActionDefinition(
      .formLocalAction,
      fields: [
        FieldSpec("name", .string, isRequired: true), FieldSpec("data", .object),
        BuiltIns.analytics,
      ],
      deprecation: "'beagle:simpleForm' with 'beagle:submitForm'"),
    ActionDefinition(
      .formRemoteAction,
      fields: [
        FieldSpec("path", .string, isRequired: true),
        FieldSpec("method", .enumeration(["GET", "POST", "PUT", "DELETE"])), BuiltIns.analytics,
      ], deprecation: "'beagle:simpleForm' with 'beagle:submitForm'"),
  ]

  /// Form actions show their fields: `submitForm`, `formLocalAction name="save"`.
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    ActionSummary.writeFields(of: action, into: &output)
  }
}

extension FormActions {
  /// Runs `beagle:submitForm`; the deprecated form actions only say they do not run.
  ///
  /// - Returns: the form's `onSubmit` or `onValidationError`, for the session to run.
  static func execute(_ call: ActionCall, in context: inout ActionContext) -> NestedRun? {
    guard call.action.builtIn == .submitForm else {
      context.report(
        FormMessage.deprecatedNotExecuted(type: call.action.typeName), at: call.pointer)
      return nil
    }
    return submitForm(call, in: &context)
  }

  /// `beagle:submitForm` (docs/spec.md §7.7, iOS): the nearest `beagle:simpleForm` around the
  /// origin is valid when every text input inside it that has an `error` evaluates
  /// it — in the form's scope — to an empty string or null; then the form's
  /// `onSubmit` runs, else its `onValidationError`. Without a form nothing happens.
  private static func submitForm(_ call: ActionCall, in context: inout ActionContext) -> NestedRun?
  {
    let origin = call.origin
    guard let screen = context.navigator.screen(serial: origin.screen) else { return nil }
    let resolver = context.resolver
    let chain = resolver.resolve(origin.path, in: screen, global: context.global).chain
    guard let form = chain.last(where: { $0.node.builtIn == .simpleForm }) else {
      context.report(FormMessage.noForm, at: call.pointer)
      return nil
    }
    let formScope = resolver.resolve(form.path, in: screen, global: context.global).scope
    let fields = PropertyEvaluator(evaluator: context.evaluator)
    let errorSpec = FieldSpec("error", .string, acceptsExpression: true)
    var invalid: [String] = []
    var work = [form.node]
    while let node = work.popLast() {
      if node.builtIn == .textInput, let raw = node.properties["error"] {
        let error = fields.evaluate(raw, as: errorSpec, in: formScope)?.stringValue ?? ""
        if !error.isEmpty {
          invalid.append("\(node.id.map { "#\($0)" } ?? "a text input"): \(error)")
        }
      }
      work.append(contentsOf: node.children.reversed())
    }
    let formOrigin = Origin(screen: origin.screen, path: form.path)
    if invalid.isEmpty {
      return NestedRun(
        actions: form.node.event("onSubmit")?.actions ?? [], event: "onSubmit",
        origin: formOrigin, implicits: [], depth: call.depth + 1)
    }
    context.report(FormMessage.invalidForm(errors: invalid), at: form.node.location.pointer)
    return NestedRun(
      actions: form.node.event("onValidationError")?.actions ?? [], event: "onValidationError",
      origin: formOrigin, implicits: [], depth: call.depth + 1)
  }
}
