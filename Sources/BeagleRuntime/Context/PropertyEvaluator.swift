import BeagleExpressions
import BeagleJSON

/// Evaluates one field's value the way iOS decodes `Expression<T>` (docs/spec.md §5.1, §5.6).
///
/// Only fields the registry marks as accepting expressions are evaluated; others keep
/// `@{…}` as literal text, as iOS does. A whole-string expression keeps its JSON type
/// and is then checked against the field's type (a mismatch makes the field absent);
/// string fields show values as text (`5.0`, `[1,2]`, null as empty); free-form
/// values (`setContext.value`, `sendRequest.data`) are evaluated deeply.
public struct PropertyEvaluator: Sendable {
  public let evaluator: Evaluator
  /// Binding strings parsed ahead of time, by their text; others are parsed when met.
  public var parsedBindings: BindingTemplates

  public init(
    evaluator: Evaluator = Evaluator(), parsedBindings: BindingTemplates = BindingTemplates()
  ) {
    self.evaluator = evaluator
    self.parsedBindings = parsedBindings
  }

  /// `text` parsed as a template, ahead of time when the screen did (with iOS's grammar,
  /// which Android shares); under web with web-core's grammar (docs/spec.md §5.3).
  func template(_ text: String) -> StringTemplate {
    if evaluator.library.dialect == .web {
      return StringTemplate(text, options: StringTemplate.Options(grammar: .web))
    }
    return parsedBindings[text] ?? StringTemplate(text)
  }

  /// The evaluated value of a field, or nil when iOS would treat it as absent.
  public func evaluate(
    _ value: JSONValue, as spec: FieldSpec?, in scope: some ContextLookup
  )
    -> JSONValue?
  {
    guard let spec, spec.acceptsExpression else { return value }
    switch spec.kind {
    case .string:
      guard case .string(let text) = value else { return value }
      return .string(evaluator.library.text(of: evaluator.evaluate(template(text), in: scope)))
    case .any, .imagePath, .object, .componentsOrExpression:
      return evaluateDeeply(value, in: scope)
    default:
      guard case .string(let text) = value, text.containsExpressionMarker else { return value }
      let result = evaluator.evaluate(template(text), in: scope)
      return Self.matches(result, spec.kind) ? result : nil
    }
  }

  /// ``evaluate(_:as:in:)``, with the error of the first operation whose result
  /// exceeded the evaluator's limits: the value is then what ``evaluate(_:as:in:)``
  /// gives (an empty text, an absent property), and the caller says why, as a
  /// `setContext` with the same value does. For a text field, also the first number
  /// that is not finite the text shows (`nan`, `inf`: ``NonFiniteNumber``).
  public func evaluateWithinLimits(
    _ value: JSONValue, as spec: FieldSpec?, in scope: some ContextLookup
  ) -> (value: JSONValue?, refusal: ExpressionError?, nonFinite: Double?) {
    guard let spec, spec.acceptsExpression else { return (value, nil, nil) }
    switch spec.kind {
    case .string:
      guard case .string(let text) = value else { return (value, nil, nil) }
      let (result, nonFinite) = evaluator.evaluateTextWithinLimits(template(text), in: scope)
      switch result {
      case .success(let result):
        return (.string(evaluator.library.text(of: result)), nil, nonFinite)
      case .failure(let error): return (.string(""), error, nil)
      }
    case .any, .imagePath, .object, .componentsOrExpression:
      switch evaluateDeeplyWithinLimits(value, in: scope) {
      case .success(let result): return (result, nil, nil)
      case .failure(let error): return (evaluateDeeply(value, in: scope), error, nil)
      }
    default:
      guard case .string(let text) = value, text.containsExpressionMarker else {
        return (value, nil, nil)
      }
      switch evaluator.evaluateWithinLimits(template(text), in: scope) {
      case .success(let result):
        return (Self.matches(result, spec.kind) ? result : nil, nil, nil)
      case .failure(let error): return (nil, error, nil)
      }
    }
  }

  /// ``evaluateWithinLimits(_:as:in:)`` for a string that holds `@{`, given its
  /// `template` (parsed ahead of time from the same text, with this dialect's grammar):
  /// the same result, without the text. `spec` takes expressions.
  func evaluateWithinLimits(
    template: StringTemplate, as spec: FieldSpec, in scope: some ContextLookup
  ) -> (value: JSONValue?, refusal: ExpressionError?, nonFinite: Double?) {
    switch spec.kind {
    case .string:
      let (result, nonFinite) = evaluator.evaluateTextWithinLimits(template, in: scope)
      switch result {
      case .success(let result):
        return (.string(evaluator.library.text(of: result)), nil, nonFinite)
      case .failure(let error): return (.string(""), error, nil)
      }
    case .any, .imagePath, .object, .componentsOrExpression:
      // A string evaluated deeply is its template's value (a single expression keeps
      // its type); over the limits, the value ``evaluateDeeply(_:in:)`` gives.
      switch evaluator.evaluateWithinLimits(template, in: scope) {
      case .success(let result): return (result, nil, nil)
      case .failure(let error): return (evaluator.evaluate(template, in: scope), error, nil)
      }
    default:
      switch evaluator.evaluateWithinLimits(template, in: scope) {
      case .success(let result):
        return (Self.matches(result, spec.kind) ? result : nil, nil, nil)
      case .failure(let error): return (nil, error, nil)
      }
    }
  }

  /// Whether ``evaluate(_:as:in:)`` (and ``evaluateWithinLimits(_:as:in:)``) can give
  /// anything but `value` itself: false when the field takes no expression, or when no
  /// string the field's kind evaluates holds `@{` or a backslash (a plain template is its
  /// text, once escapes are collapsed). Rendering skips the others: most properties of a
  /// screen are plain data.
  public static func mayChange(_ value: JSONValue, as spec: FieldSpec?) -> Bool {
    guard let spec, spec.acceptsExpression else { return false }
    switch spec.kind {
    case .string:
      guard case .string(let text) = value else { return false }
      return text.containsExpressionMarker || text.utf8.contains(UInt8(ascii: "\\"))
    case .any, .imagePath, .object, .componentsOrExpression:
      return holdsTemplates(value)
    default:
      guard case .string(let text) = value else { return false }
      return text.containsExpressionMarker
    }
  }

  /// Whether ``evaluate(_:as:in:)`` gives every value that is not a string as it is,
  /// without reading it: when the field takes no expression, or evaluates a whole
  /// string only (not the strings inside an array or object). A list's literal data
  /// source is then used as written, its elements read in their document.
  static func keepsNonStrings(as spec: FieldSpec?) -> Bool {
    guard let spec, spec.acceptsExpression else { return true }
    switch spec.kind {
    case .any, .imagePath, .object, .componentsOrExpression: return false
    default: return true
    }
  }

  /// Whether ``mayChange(_:as:)`` can be true for `value`, whatever its field: false
  /// for numbers, booleans, null and texts without `@{` or a backslash, which are
  /// ruled out without looking their field up.
  static func mayHoldTemplate(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text):
      text.containsExpressionMarker || text.utf8.contains(UInt8(ascii: "\\"))
    case .array, .object: true
    default: false
    }
  }

  /// Every string inside `value` evaluated as a template (single expressions keep
  /// their type), keys and structure unchanged.
  public func evaluateDeeply(_ value: JSONValue, in scope: some ContextLookup) -> JSONValue {
    evaluatedTemplates(in: value, scope: scope) ?? value
  }

  /// ``evaluateDeeply(_:in:)`` in one walk: nil when `value` holds no template, so data
  /// without templates (most of it) is returned as is, not rebuilt, at any depth.
  private func evaluatedTemplates(in value: JSONValue, scope: some ContextLookup) -> JSONValue? {
    switch value {
    case .string(let text):
      guard Self.isTemplate(text) else { return nil }
      return evaluator.evaluate(template(text), in: scope)
    case .array(let elements):
      var result: [JSONValue]?
      for (index, element) in elements.enumerated() {
        guard let evaluated = evaluatedTemplates(in: element, scope: scope) else { continue }
        if result == nil { result = elements }
        result?[index] = evaluated
      }
      return result.map(JSONValue.array)
    case .object(let object):
      var result: JSONObject?
      for (key, member) in object.members {
        guard let evaluated = evaluatedTemplates(in: member, scope: scope) else { continue }
        if result == nil { result = object }
        result?[key] = evaluated
      }
      return result.map(JSONValue.object)
    default:
      return nil
    }
  }

  /// ``evaluateDeeply(_:in:)`` for a value that is kept (`setContext`, a navigation
  /// context): the error of the first operation whose result exceeded the evaluator's
  /// limits, so the caller refuses the whole value instead of keeping a null part.
  public func evaluateDeeplyWithinLimits(
    _ value: JSONValue, in scope: some ContextLookup
  ) -> Result<JSONValue, ExpressionError> {
    var failure: ExpressionError?
    // nil when `value` holds no template: data without templates is kept as it is, not
    // rebuilt (as ``evaluateDeeply(_:in:)`` does); stops at the first failure.
    func evaluated(_ value: JSONValue) -> JSONValue? {
      guard failure == nil else { return nil }
      switch value {
      case .string(let text):
        guard Self.isTemplate(text) else { return nil }
        switch evaluator.evaluateWithinLimits(template(text), in: scope) {
        case .success(let result): return result
        case .failure(let error):
          failure = error
          return nil
        }
      case .array(let elements):
        var result: [JSONValue]?
        for index in elements.indices {
          guard let element = evaluated(elements[index]) else { continue }
          if result == nil { result = elements }
          result?[index] = element
        }
        return result.map(JSONValue.array)
      case .object(let object):
        var result: JSONObject?
        for index in object.values.indices {
          guard let member = evaluated(object.values[index]) else { continue }
          if result == nil { result = object }
          result?[object.keys[index]] = member
        }
        return result.map(JSONValue.object)
      default:
        return nil
      }
    }
    let result = evaluated(value) ?? value
    if let failure { return .failure(failure) }
    return .success(result)
  }

  /// Whether ``evaluateDeeply(_:in:)`` evaluates `text` rather than keeping it.
  private static func isTemplate(_ text: String) -> Bool {
    // The byte scan rules out most strings; a backslash found there is a
    // Character only when no combining mark follows it.
    text.containsExpressionMarker
      || (text.utf8.contains(UInt8(ascii: "\\")) && text.contains("\\"))
  }

  /// Whether any string inside `value` is a template.
  private static func holdsTemplates(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text): isTemplate(text)
    case .array(let elements): elements.contains(where: holdsTemplates)
    case .object(let object): object.values.contains(where: holdsTemplates)
    default: false
    }
  }

  /// Whether an evaluated value can be decoded as the field's type (no coercion:
  /// the string "5" is not an int, 1 is not a bool).
  static func matches(_ value: JSONValue, _ kind: FieldKind) -> Bool {
    switch (kind, value) {
    case (_, .null): true
    case (.bool, .bool): true
    case (.int, .int): true
    case (.int, .double(let double)): Int(exactly: double) != nil
    case (.number, .int), (.number, .double), (.number, .bigNumber): true
    case (.enumeration(let allowed), .string(let string)): allowed.contains(string)
    case (.array, .array): true
    case (.object, .object): true
    default: false
    }
  }
}
