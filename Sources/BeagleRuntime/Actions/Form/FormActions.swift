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
  static func summary(of action: ActionNode, name: String) -> String {
    ActionSummary.fieldSummary(of: action, name: name)
  }
}

extension Session {
  /// Runs `beagle:submitForm`; the deprecated form actions only say they do not run.
  mutating func executeForm(_ action: ActionNode, origin: Origin, depth: Int) {
    guard action.builtIn == .submitForm else {
      report(
        FormMessage.deprecatedNotExecuted(type: action.typeName), at: action.location.pointer)
      return
    }
    submitForm(action, origin: origin, depth: depth)
  }

  /// `beagle:submitForm` (docs/spec.md §7.7, iOS): the nearest `beagle:simpleForm` around the
  /// origin is valid when every text input inside it that has an `error` evaluates
  /// it — in the form's scope — to an empty string or null; then the form's
  /// `onSubmit` runs, else its `onValidationError`. Without a form nothing happens.
  mutating func submitForm(_ action: ActionNode, origin: Origin, depth: Int) {
    guard let screen = navigator.screen(serial: origin.screen) else { return }
    let chain = resolver.resolve(origin.path, in: screen, global: global).chain
    guard let form = chain.last(where: { $0.node.builtIn == .simpleForm }) else {
      report(FormMessage.noForm, at: action.location.pointer)
      return
    }
    let formScope = resolver.resolve(form.path, in: screen, global: global).scope
    let fields = PropertyEvaluator(evaluator: evaluator)
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
      run(
        form.node.event("onSubmit")?.actions ?? [], event: "onSubmit", origin: formOrigin,
        depth: depth + 1)
    } else {
      report(FormMessage.invalidForm(errors: invalid), at: form.node.location.pointer)
      run(
        form.node.event("onValidationError")?.actions ?? [], event: "onValidationError",
        origin: formOrigin, depth: depth + 1)
    }
  }
}
