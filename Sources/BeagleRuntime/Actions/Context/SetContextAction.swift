import BeagleExpressions
import BeagleJSON

/// `beagle:setContext` (docs/spec.md §4.5, §7.1): writes a value into a context, at a path.
///
/// Which context and path a profile accepts is in `ActionContext+SetContextProfile.swift`,
/// beside this file; how a context is written, in ``ActionContext/writeContext(_:path:value:origin:)``.
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
  static func writeSummary(of action: ActionNode, into output: inout [UInt8]) {
    let fields = action.fields
    output.append(UInt8(ascii: " "))
    ActionSummary.appendString(fields.member(named: "contextId"), or: "?", to: &output)
    // `user.name`, `items[0]`; an empty path still adds its dot.
    let path = fields.member(named: "path")
    if path?.isString == true {
      let start = output.count
      ActionSummary.appendString(path, or: "", to: &output)
      if !startsWithBracket(output[start...]) { output.insert(UInt8(ascii: "."), at: start) }
    }
    ActionSummary.append(" = ", to: &output)
    ActionSummary.appendShort(fields.member(named: "value"), to: &output)
  }

  /// Whether the UTF-8 text starts with the character `[` (`String.hasPrefix("[")`): a
  /// `[` followed by a combining mark is another character.
  private static func startsWithBracket(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.first == UInt8(ascii: "[") else { return false }
    let next = text.dropFirst().first
    guard let next, next >= 0x80 else { return true }
    return String(decoding: text, as: UTF8.self).hasPrefix("[")
  }
}

extension SetContextAction {
  /// Runs a `beagle:setContext` whose `value` was evaluated once, within the value
  /// limits, when the action started (nil when the action has no `value`).
  static func execute(
    _ call: ActionCall, value setContextValue: Result<JSONValue, ExpressionError>?,
    in context: inout ActionContext
  ) {
    let action = call.action
    let pointer = call.pointer
    let givenId =
      action.fields["contextId"] == nil
      ? nil
      : context.evaluatedField("contextId", of: action, in: call.scope)?.stringValue ?? ""
    let contextId = context.setContextTarget(givenId, origin: call.origin, at: pointer)
    var path: ContextPath?
    if let text = context.setContextPath(
      action.fields["path"]?.stringValue, contextId, at: pointer)
    {
      do {
        path = try ContextPath(parsing: text)
      } catch {
        context.report(
          SetContextMessage.invalidPath(text, error), at: pointer.appending("path"))
        return
      }
    }
    var newValue = JSONValue.null
    if let setContextValue {
      switch setContextValue {
      case .success(let value):
        newValue = value
        if let (number, at) = NonFiniteNumber.first(in: value) {
          context.report(
            SetContextMessage.nonFiniteStored(
              text: NonFiniteNumber.text(of: number, dialect: context.evaluator.library.dialect)
                ?? "nan", at: at, profile: context.navigator.profile),
            at: pointer.appending("value"))
        }
      case .failure(let error):
        context.report(
          SetContextMessage.valueRefused(error), at: pointer.appending("value"))
        return
      }
    }
    if newValue.isNull, context.navigator.profile == .android {
      context.report(
        SetContextMessage.nullOnAndroid(contextId: contextId), at: pointer.appending("value"))
      return
    }
    if var problem = context.writeContext(
      contextId, path: path, value: newValue, origin: call.origin)
    {
      // An error is about the value (a limit); the warning, about the target, which the
      // action names in `contextId` (web may leave it out: then the action itself).
      if problem.severity == .error {
        problem.pointer = pointer.appending("value")
      } else {
        // Said once: the load-time check already warned about this literal contextId.
        if context.isFlagged(action) { return }
        problem.pointer =
          action.fields["contextId"] == nil ? pointer : pointer.appending("contextId")
      }
      context.report(problem)
    }
  }
}
