/// What reading a registry manifest (`beagle.json`) reports.
enum ManifestMessage: DiagnosticMessage {
  /// The manifest is not a JSON object.
  case notAnObject
  /// A top-level key the manifest does not know, with the closest known one.
  case unknownKey(String, suggestion: String?)
  /// A known top-level key this version does not implement.
  case unsupportedKey(String)
  /// `baseUrl` or `bff` is not a non-empty string.
  case notANonEmptyString(key: String)
  /// `profile` is not one of the three platforms.
  case invalidProfile
  /// `theme` is not an array of strings.
  case invalidTheme
  /// `ignore` is not an array of rule ids.
  case invalidIgnore
  /// `mocks` is neither an array nor a path.
  case invalidMocks
  /// `bff` or `mocks` names a path ``UserPath`` refuses; `problem` says why.
  case invalidPath(key: String, problem: String)
  /// `components` or `actions` is not an object.
  case notADefinitionMap(key: String)
  /// `navigation` is not an object.
  case navigationNotAnObject
  /// `navigation.defaultAnimation` does not parse.
  case invalidDefaultAnimation(reason: String)
  /// `navigation.controllers` is not an object mapping ids to names.
  case invalidNavigationControllers
  /// A controller of `navigation.controllers` whose name is not a non-empty string.
  case invalidNavigationController(id: String)
  /// A key in `navigation` other than the two known ones.
  case unknownNavigationKey(String)
  /// `operations` is not an object.
  case operationsNotAnObject
  /// An operation's body is not a string.
  case operationBodyNotAString(name: String)
  /// An operation's body does not parse.
  case invalidOperation(name: String, reason: String)
  /// A type name without the `custom:` or `beagle:` prefix.
  case invalidTypeName(String)
  /// A type definition that is not an object.
  case definitionNotAnObject(name: String)
  /// `fields` is not an object.
  case fieldsNotAnObject
  /// A field type not among `expected`; `found` is nil when it is not a string.
  case unknownFieldType(found: String?, field: String, suggestion: String?, expected: [String])
  /// `required` is not an array of strings.
  case invalidRequired
  /// A name in `required` that `fields` does not declare, with the closest one it does.
  case requiredNotAField(String, name: String, suggestion: String?)
  /// A key in a type definition other than `fields` and `required`.
  case unknownDefinitionKey(String, name: String)

  var severity: Diagnostic.Severity { .error }

  var description: String {
    switch self {
    case .notAnObject: "the manifest must be a JSON object"
    case .unknownKey(let key, let suggestion):
      "unknown manifest key '\(key)'\(Self.hint(suggestion))"
    case .unsupportedKey(let key):
      "manifest key '\(key)' is not supported by this version of beagle-run yet"
    case .notANonEmptyString(let key): "'\(key)' must be a non-empty string"
    case .invalidProfile: "'profile' must be one of 'ios', 'android', 'web'"
    case .invalidTheme: "'theme' must be an array of style names (strings)"
    case .invalidIgnore:
      "'ignore' must be an array of rule ids (strings), such as [\"unknown-field\"]"
    case .invalidMocks: "'mocks' must be an array of mocks or the path of a mock file"
    case .invalidPath(let key, let problem): "'\(key)': \(problem)"
    case .notADefinitionMap(let key):
      "'\(key)' must be an object mapping type names to definitions"
    case .navigationNotAnObject: "'navigation' must be an object"
    case .invalidDefaultAnimation(let reason): "defaultAnimation: \(reason)"
    case .invalidNavigationControllers:
      "'navigation.controllers' must be an object mapping controller ids to the names of the "
        + "app's navigation controllers"
    case .invalidNavigationController(let id):
      "navigation controller '\(id)' must be named by a non-empty string (the app's "
        + "controller, such as \"ModalNavigationController\")"
    case .unknownNavigationKey(let key):
      "unknown key '\(key)' in 'navigation'; expected 'defaultAnimation' or 'controllers'"
    case .operationsNotAnObject:
      "'operations' must be an object mapping operation names to expressions"
    case .operationBodyNotAString(let name):
      "the body of operation '\(name)' must be a string such as \"concat(@0, ' ', @1)\""
    case .invalidOperation(let name, let reason): "operation '\(name)': \(reason)"
    case .invalidTypeName(let name):
      "type name '\(name)' must start with 'custom:' (or 'beagle:' to replace a built-in)"
    case .definitionNotAnObject(let name):
      "the definition of '\(name)' must be an object with 'fields' and 'required'"
    case .fieldsNotAnObject: "'fields' must be an object mapping field names to types"
    case .unknownFieldType(let found, let field, let suggestion, let expected):
      "unknown field type \(found.map { "'\($0)'" } ?? "(not a string)") for '\(field)'"
        + "\(Self.hint(suggestion)) (expected one of "
        + expected.map { "'\($0)'" }.joined(separator: ", ") + ")"
    case .invalidRequired: "'required' must be an array of field names"
    case .requiredNotAField(let field, let name, let suggestion):
      "required field '\(field)' is not among the fields of '\(name)'\(Self.hint(suggestion))"
    case .unknownDefinitionKey(let key, let name):
      "unknown key '\(key)' in the definition of '\(name)'; expected 'fields' or 'required'"
    }
  }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}

extension ManifestMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .notAnObject: "manifest-not-an-object"
    case .unknownKey: "manifest-unknown-key"
    case .unsupportedKey: "manifest-unsupported-key"
    case .notANonEmptyString: "manifest-not-a-non-empty-string"
    case .invalidProfile: "manifest-invalid-profile"
    case .invalidTheme: "manifest-invalid-theme"
    case .invalidIgnore: "manifest-invalid-ignore"
    case .invalidMocks: "manifest-invalid-mocks"
    case .invalidPath: "manifest-invalid-path"
    case .notADefinitionMap: "manifest-not-a-definition-map"
    case .navigationNotAnObject: "manifest-navigation-not-an-object"
    case .invalidDefaultAnimation: "manifest-invalid-default-animation"
    case .invalidNavigationControllers: "manifest-invalid-navigation-controllers"
    case .invalidNavigationController: "manifest-invalid-navigation-controller"
    case .unknownNavigationKey: "manifest-unknown-navigation-key"
    case .operationsNotAnObject: "manifest-operations-not-an-object"
    case .operationBodyNotAString: "manifest-operation-body-not-a-string"
    case .invalidOperation: "manifest-invalid-operation"
    case .invalidTypeName: "manifest-invalid-type-name"
    case .definitionNotAnObject: "manifest-definition-not-an-object"
    case .fieldsNotAnObject: "manifest-fields-not-an-object"
    case .unknownFieldType: "manifest-unknown-field-type"
    case .invalidRequired: "manifest-invalid-required"
    case .requiredNotAField: "manifest-required-not-a-field"
    case .unknownDefinitionKey: "manifest-unknown-definition-key"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  package static let rules = [
    "manifest-not-an-object", "manifest-unknown-key", "manifest-unsupported-key",
    "manifest-not-a-non-empty-string", "manifest-invalid-profile", "manifest-invalid-theme",
    "manifest-invalid-ignore", "manifest-invalid-mocks", "manifest-invalid-path",
    "manifest-not-a-definition-map", "manifest-navigation-not-an-object",
    "manifest-invalid-default-animation", "manifest-invalid-navigation-controllers",
    "manifest-invalid-navigation-controller",
    "manifest-unknown-navigation-key", "manifest-operations-not-an-object",
    "manifest-operation-body-not-a-string", "manifest-invalid-operation",
    "manifest-invalid-type-name", "manifest-definition-not-an-object",
    "manifest-fields-not-an-object", "manifest-unknown-field-type", "manifest-invalid-required",
    "manifest-required-not-a-field", "manifest-unknown-definition-key",
  ]
}
