/// What can be wrong with a payload's shape, in Beagle's terms.
///
/// Decoding never stops at the first problem: each one becomes a ``Diagnostic``
/// and the tree is built as far as possible (like Beagle web), while the severity
/// says whether iOS would have rejected the payload (error) or carried on (warning).
public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `_beagleComponent_` names a type the registry does not know.
  case unknownComponent(String, suggestion: String?)
  /// `_beagleAction_` names a type the registry does not know.
  case unknownAction(String, suggestion: String?)
  /// A component was expected and the object has neither discriminator.
  case notAComponent(found: String)
  /// An action was expected and the value is not an action object.
  case notAnAction(found: String)
  /// An action object stands where a component is expected.
  case actionWhereComponentExpected(String)
  /// A component object stands where an action is expected.
  case componentWhereActionExpected(String)
  /// A field the type requires is absent.
  case missingField(String, type: String)
  /// A key the type does not have (a typo such as `onPres`): Beagle ignores it.
  case unknownField(String, type: String, suggestion: String?)
  /// A field holds a JSON value of the wrong type.
  case wrongType(field: String, expected: String, found: String)
  /// An enumeration field holds a value outside its cases (iOS matches case-sensitively).
  case invalidEnumValue(field: String, value: String, allowed: [String])
  /// A type name without namespace (`container` instead of `beagle:container`).
  case missingNamespace(String, suggestion: String)
  /// A deprecated type or field that Beagle still decodes.
  case deprecated(String, replacement: String)
  /// A field both spellings of which are present (`identifier` and `id`, …).
  case conflictingFields(used: String, ignored: String)
  /// A key that appears twice in one object; the last value is used.
  case duplicateKey(String)
  /// Components and actions nested deeper than beagle-run decodes.
  case nestingTooDeep(limit: Int)

  public var severity: Diagnostic.Severity {
    switch self {
    case .unknownComponent, .unknownAction, .unknownField, .actionWhereComponentExpected,
      .componentWhereActionExpected, .deprecated, .conflictingFields, .duplicateKey:
      .warning
    case .notAComponent, .notAnAction, .missingField, .wrongType, .invalidEnumValue,
      .missingNamespace, .nestingTooDeep:
      .error
    }
  }

  /// Whether web-core accepts the payload anyway: it checks neither required
  /// fields, JSON types nor enum spellings (docs/spec.md §1.4), and takes a single action
  /// or an array of actions in either place; only the type discriminators matter.
  public var isAcceptedByWeb: Bool {
    switch self {
    case .missingField, .invalidEnumValue: true
    case .wrongType(let field, _, _):
      field != DecodingSession.componentKey && field != DecodingSession.actionKey
    default: false
    }
  }

  /// What follows from the problem, shown as `note:` lines.
  public var notes: [String] {
    switch self {
    case .unknownComponent:
      ["it is shown as a placeholder and its children are not decoded (iOS: UnknownComponent)"]
    case .unknownAction:
      ["it does nothing when run (iOS: UnknownAction)"]
    case .unknownField:
      ["Beagle ignores it ('beagle-run components' and 'beagle-run actions' list the fields)"]
    case .notAComponent, .missingField, .wrongType, .invalidEnumValue, .missingNamespace:
      ["iOS fails to decode the whole payload because of this"]
    default:
      []
    }
  }

  public var description: String {
    switch self {
    case .unknownComponent(let type, let suggestion):
      "unknown component '\(type)'" + Self.didYouMean(suggestion)
    case .unknownAction(let type, let suggestion):
      "unknown action '\(type)'" + Self.didYouMean(suggestion)
    case .notAComponent(let found):
      "expected a component (an object with '_beagleComponent_'), found \(found)"
    case .notAnAction(let found):
      "expected an action (an object with '_beagleAction_'), found \(found)"
    case .actionWhereComponentExpected(let type):
      "action '\(type)' stands where a component is expected"
    case .componentWhereActionExpected(let type):
      "component '\(type)' stands where an action is expected"
    case .missingField(let field, let type):
      "missing required field '\(field)' of '\(type)'"
    case .unknownField(let field, let type, let suggestion):
      "unknown field '\(field)' of '\(type)'" + Self.didYouMean(suggestion)
    case .wrongType(let field, let expected, let found):
      "field '\(field)' must be \(expected), found \(found)"
    case .invalidEnumValue(let field, let value, let allowed):
      "invalid value '\(value)' for '\(field)'; expected one of "
        + allowed.map { "'\($0)'" }.joined(separator: ", ")
    case .missingNamespace(let type, let suggestion):
      "type '\(type)' has no namespace; did you mean '\(suggestion)'?"
    case .deprecated(let what, let replacement):
      "\(what) is deprecated; use \(replacement)"
    case .conflictingFields(let used, let ignored):
      "both '\(used)' and '\(ignored)' are present; '\(used)' is used"
    case .duplicateKey(let key):
      "duplicate key '\(key)'; the last value is used"
    case .nestingTooDeep(let limit):
      "components and actions are nested more than \(limit) levels deep; this one and what it "
        + "holds are not decoded"
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}

extension DecodingError {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  public var rule: String {
    switch self {
    case .unknownComponent: "unknown-component"
    case .unknownAction: "unknown-action"
    case .notAComponent: "not-a-component"
    case .notAnAction: "not-an-action"
    case .actionWhereComponentExpected: "action-where-component-expected"
    case .componentWhereActionExpected: "component-where-action-expected"
    case .missingField: "missing-field"
    case .unknownField: "unknown-field"
    case .wrongType: "wrong-type"
    case .invalidEnumValue: "invalid-enum-value"
    case .missingNamespace: "missing-namespace"
    case .deprecated: "deprecated"
    case .conflictingFields: "conflicting-fields"
    case .duplicateKey: "duplicate-key"
    case .nestingTooDeep: "nesting-too-deep"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  public static let rules = [
    "unknown-component", "unknown-action", "not-a-component", "not-an-action",
    "action-where-component-expected", "component-where-action-expected", "missing-field",
    "unknown-field", "wrong-type", "invalid-enum-value", "missing-namespace", "deprecated",
    "conflicting-fields", "duplicate-key", "nesting-too-deep",
  ]
}
