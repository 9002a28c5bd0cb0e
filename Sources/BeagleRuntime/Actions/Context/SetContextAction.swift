import BeagleExpressions
import BeagleJSON

/// `beagle:setContext` (docs/spec.md §4.5, §7.1): writes a value into a context, at a path.
///
/// Which context and path a profile accepts is in `Session+SetContextProfile.swift`,
/// beside this file; how a context is written, in ``Session/writeContext(_:path:value:origin:)``.
enum SetContextAction {
  static let definitions: [ActionDefinition] = [
    ActionDefinition(
      .setContext,
      fields: [
        FieldSpec("contextId", .string, isRequired: true), FieldSpec("path", .string),
        FieldSpec("value", .any, isRequired: true, acceptsExpression: true), BuiltIns.analytics,
      ])
  ]

  /// `setContext user.name = "Ana"`.
  static func summary(of action: ActionNode, name: String) -> String {
    let fields = action.fields
    var target = fields["contextId"]?.stringValue ?? "?"
    if let path = fields["path"]?.stringValue {
      target += path.hasPrefix("[") ? path : "." + path
    }
    return "\(name) \(target) = \(ActionSummary.short(fields["value"] ?? .null))"
  }
}

extension Session {
  /// Runs a `beagle:setContext` whose `value` was evaluated once, within the value
  /// limits, when the action started (nil when the action has no `value`).
  mutating func setContext(
    _ action: ActionNode, value setContextValue: Result<JSONValue, ExpressionError>?,
    origin: Origin, scope: ContextScope
  ) {
    let pointer = action.location.pointer
    let givenId =
      action.fields["contextId"] == nil
      ? nil : evaluatedField("contextId", of: action, in: scope)?.stringValue ?? ""
    let contextId = setContextTarget(givenId, origin: origin, at: pointer)
    var path: ContextPath?
    if let text = setContextPath(action.fields["path"]?.stringValue, contextId, at: pointer) {
      do {
        path = try ContextPath(parsing: text)
      } catch {
        report(SetContextMessage.invalidPath(text, error), at: pointer.appending("path"))
        return
      }
    }
    var newValue = JSONValue.null
    if let setContextValue {
      switch setContextValue {
      case .success(let value):
        newValue = value
      case .failure(let error):
        report(SetContextMessage.valueRefused(error), at: pointer.appending("value"))
        return
      }
    }
    if newValue.isNull, navigator.profile == .android {
      report(SetContextMessage.nullOnAndroid(contextId: contextId), at: pointer.appending("value"))
      return
    }
    if var problem = writeContext(contextId, path: path, value: newValue, origin: origin) {
      if problem.severity == .error { problem.pointer = pointer.appending("value") }
      log.append(problem)
    }
  }
}
