import BeagleExpressions
import BeagleJSON

/// The registry manifest (`beagle.json`): what an app configures in code through
/// Beagle's dependencies, written as one JSON file for the CLI.
///
/// ```json
/// {
///   "components": {
///     "custom:productCard": {
///       "fields": {"title": "string", "price": "number", "content": "component",
///                  "onBuy": "actions"},
///       "required": ["title"]
///     }
///   },
///   "actions": {
///     "custom:track": {"fields": {"event": "string"}, "required": ["event"]}
///   }
/// }
/// ```
///
/// Field types: `string`, `bool`, `int`, `number`, `object`, `array`, `any`
/// (data; all accept `@{…}` expressions), `component`, `components`, `action`,
/// `actions`, `context`, `route`, `imagePath`.
public struct Manifest: Sendable {
  public var components: [ComponentDefinition] = []
  public var actions: [ActionDefinition] = []
  /// The operation library with the manifest's `operations` registered.
  public var operations: OperationLibrary = .standard
  /// The initial value of the global context (`global`), if given.
  public var global: JSONValue?
  /// `baseUrl`: where remote routes are fetched over HTTP.
  public var baseURL: String?
  /// `bff`: a folder of screens for remote routes, as written (relative to the manifest).
  public var bff: String?
  /// `profile`: whose rules apply where Beagle's platforms differ.
  public var profile: NavigationProfile?
  /// `navigation.defaultAnimation`: the transitions navigation events report.
  public var animation: NavigationAnimation?
  /// `navigation.controllers`: the app's custom navigation controllers, by the
  /// `controllerId` actions name them with (iOS `registerNavigationController(builder:
  /// forId:)`, web `navigationControllers`), each with the name of the app's controller.
  public var navigationControllers: [String: String]?
  /// `theme`: the style names the app's theme registers, which `styleId`s may use.
  public var theme: [String]?
  /// `mocks` written inline (an array): canned answers for `sendRequest`.
  public var mocks: MockSet?
  /// `mocks` written as the path of a mock file (relative to the manifest), with the
  /// byte offset of that string in the manifest for diagnostics.
  public var mocksFile: (path: String, offset: Int)?
  /// Whether the inline `mocks` have errors (a run then stops before it starts).
  public var hasInvalidMocks = false
  /// `nativeRoutes`: deep-link route patterns and their screen files, in order.
  public var nativeRoutes: [NativeRoute] = []
  /// `analytics`: the analytics provider's configuration, if given.
  public var analytics: AnalyticsConfig?
  /// `ignore`: the rule ids (``Diagnostic/rule``) whose diagnostics are not shown,
  /// each with the byte offset of its string in the manifest (the CLI checks the ids).
  public var ignore: [(rule: String, offset: Int)] = []

  /// Every key DESIGN.md reserves for the manifest, and whether this version
  /// implements it yet.
  static let keys: [(name: String, isSupported: Bool)] = [
    ("components", true), ("actions", true), ("operations", true), ("global", true),
    ("baseUrl", true), ("bff", true), ("nativeRoutes", true), ("navigation", true),
    ("analytics", true), ("mocks", true), ("theme", true), ("profile", true), ("ignore", true),
  ]

  static let fieldTypes: [String: FieldKind] = [
    "string": .string, "bool": .bool, "boolean": .bool, "int": .int, "integer": .int,
    "number": .number, "object": .object, "array": .array, "any": .any,
    "component": .component, "components": .components, "action": .action,
    "actions": .actions, "context": .context, "route": .route, "imagePath": .imagePath,
  ]

  public init() {}

  /// The registry with the manifest's types added (replacing same-named ones).
  public func apply(to registry: Registry) -> Registry {
    var result = registry
    for definition in components { result = result.registering(definition) }
    for definition in actions { result = result.registering(definition) }
    return result
  }

  /// Reads a manifest; problems are diagnostics located in the manifest file.
  public static func parse(
    _ document: JSONDocument, source: String?
  ) -> (
    Manifest, [Diagnostic]
  ) {
    var reader = ManifestReader(source: source)
    let manifest = reader.read(document.root)
    return (manifest, reader.diagnostics)
  }
}

private struct ManifestReader {
  let source: String?
  var diagnostics: [Diagnostic] = []

  mutating func error(_ message: ManifestMessage, _ node: JSONNode, _ pointer: JSONPointer) {
    diagnostics.append(message.diagnostic(at: pointer, offset: node.offset, source: source))
  }

  mutating func read(_ root: JSONNode) -> Manifest {
    var manifest = Manifest()
    guard root.kind == .object else {
      error(.notAnObject, root, JSONPointer())
      return manifest
    }
    for (key, value) in root.members {
      let pointer = JSONPointer([key])
      guard let known = Manifest.keys.first(where: { $0.name == key }) else {
        let names = Manifest.keys.map(\.name)
        error(
          .unknownKey(key, suggestion: Suggestion.closest(to: key, among: names)), value, pointer)
        continue
      }
      guard known.isSupported else {
        error(.unsupportedKey(key), value, pointer)
        continue
      }
      if key == "global" {
        manifest.global = value.value
        continue
      }
      if key == "baseUrl" || key == "bff" {
        guard let text = value.stringValue, !text.isEmpty else {
          error(.notANonEmptyString(key: key), value, pointer)
          continue
        }
        if key == "bff", let problem = UserPath.problem(in: text) {
          error(.invalidPath(key: key, problem: problem), value, pointer)
          continue
        }
        if key == "baseUrl" { manifest.baseURL = text } else { manifest.bff = text }
        continue
      }
      if key == "profile" {
        guard let text = value.stringValue, let profile = NavigationProfile(rawValue: text) else {
          error(.invalidProfile, value, pointer)
          continue
        }
        manifest.profile = profile
        continue
      }
      if key == "navigation" {
        readNavigation(value, pointer: pointer, into: &manifest)
        continue
      }
      if key == "theme" {
        let names = value.kind == .array ? value.elements.compactMap(\.stringValue) : []
        guard value.kind == .array, names.count == value.count else {
          error(.invalidTheme, value, pointer)
          continue
        }
        manifest.theme = names
        continue
      }
      if key == "ignore" {
        let rules = value.kind == .array ? value.elements.compactMap(\.stringValue) : []
        guard value.kind == .array, rules.count == value.count else {
          error(.invalidIgnore, value, pointer)
          continue
        }
        manifest.ignore = zip(rules, value.elements.map(\.offset)).map { ($0, $1) }
        continue
      }
      if key == "mocks" {
        if let path = value.stringValue, let problem = UserPath.problem(in: path) {
          error(.invalidPath(key: key, problem: problem), value, pointer)
          manifest.hasInvalidMocks = true
        } else if let path = value.stringValue, !path.isEmpty {
          manifest.mocksFile = (path, value.offset)
        } else if value.kind == .array {
          let (mocks, problems) = MockSet.parse(value, source: source, pointer: pointer)
          manifest.mocks = mocks
          manifest.hasInvalidMocks = problems.hasErrors
          diagnostics += problems
        } else {
          error(.invalidMocks, value, pointer)
          manifest.hasInvalidMocks = true
        }
        continue
      }
      if key == "operations" {
        readOperations(value, pointer: pointer, into: &manifest)
        continue
      }
      if key == "nativeRoutes" {
        let parsed = NativeRoute.parseAll(value, pointer: pointer, source: source)
        manifest.nativeRoutes = parsed.routes
        diagnostics += parsed.diagnostics
        continue
      }
      if key == "analytics" {
        let parsed = AnalyticsConfig.parse(value, pointer: pointer, source: source)
        manifest.analytics = parsed.config
        diagnostics += parsed.diagnostics
        continue
      }
      guard value.kind == .object else {
        error(.notADefinitionMap(key: key), value, pointer)
        continue
      }
      for (name, definition) in value.members {
        let typePointer = pointer.appending(name)
        guard let fields = readType(name, definition, pointer: typePointer) else { continue }
        if key == "components" {
          manifest.components.append(ComponentDefinition(name, fields: fields))
        } else {
          manifest.actions.append(ActionDefinition(name, fields: fields))
        }
      }
    }
    return manifest
  }

  /// `"navigation": {"defaultAnimation": {…}}` (the navigator's configuration).
  mutating func readNavigation(
    _ node: JSONNode, pointer: JSONPointer, into manifest: inout Manifest
  ) {
    guard node.kind == .object else {
      error(.navigationNotAnObject, node, pointer)
      return
    }
    for (key, value) in node.members {
      let memberPointer = pointer.appending(key)
      switch key {
      case "defaultAnimation":
        do {
          manifest.animation = try NavigationAnimation(parsing: value.value)
        } catch let failure {
          error(.invalidDefaultAnimation(reason: failure.description), value, memberPointer)
        }
      case "controllers":
        guard value.kind == .object else {
          error(.invalidNavigationControllers, value, memberPointer)
          continue
        }
        var controllers: [String: String] = [:]
        for (id, name) in value.members {
          guard let text = name.stringValue, !text.isEmpty else {
            error(.invalidNavigationController(id: id), name, memberPointer.appending(id))
            continue
          }
          controllers[id] = text
        }
        manifest.navigationControllers = controllers
      default:
        error(.unknownNavigationKey(key), value, memberPointer)
      }
    }
  }

  /// `"operations": {"fullName": "concat(@0, ' ', @1)"}`: expressions over
  /// positional arguments (iOS operationsProvider).
  mutating func readOperations(
    _ node: JSONNode, pointer: JSONPointer, into manifest: inout Manifest
  ) {
    guard node.kind == .object else {
      error(.operationsNotAnObject, node, pointer)
      return
    }
    for (name, body) in node.members {
      let bodyPointer = pointer.appending(name)
      guard let text = body.stringValue else {
        error(.operationBodyNotAString(name: name), body, bodyPointer)
        continue
      }
      do {
        manifest.operations = try manifest.operations.registering(name: name, body: text)
      } catch let failure {
        error(.invalidOperation(name: name, reason: failure.description), body, bodyPointer)
      }
    }
  }

  mutating func readType(_ name: String, _ node: JSONNode, pointer: JSONPointer) -> [FieldSpec]? {
    let lowered = name.lowercased()
    guard lowered.hasPrefix("custom:") || lowered.hasPrefix("beagle:"), name.count > 7 else {
      error(.invalidTypeName(name), node, pointer)
      return nil
    }
    guard node.kind == .object else {
      error(.definitionNotAnObject(name: name), node, pointer)
      return nil
    }
    var specs: [FieldSpec] = []
    var required: [(name: String, node: JSONNode, pointer: JSONPointer)] = []
    // Every name `fields` declares, even one whose type is wrong (reported there).
    var declared: [String] = []
    for (key, value) in node.members {
      let memberPointer = pointer.appending(key)
      switch key {
      case "fields":
        guard value.kind == .object else {
          error(.fieldsNotAnObject, value, memberPointer)
          continue
        }
        for (field, type) in value.members {
          declared.append(field)
          let fieldPointer = memberPointer.appending(field)
          guard let typeName = type.stringValue, let kind = Manifest.fieldTypes[typeName] else {
            let names = Manifest.fieldTypes.keys.sorted()
            let suggestion = type.stringValue.flatMap { Suggestion.closest(to: $0, among: names) }
            error(
              .unknownFieldType(
                found: type.stringValue, field: field, suggestion: suggestion, expected: names),
              type, fieldPointer)
            continue
          }
          let isData: Bool
          switch kind {
          case .string, .bool, .int, .number, .object, .array, .any, .imagePath: isData = true
          default: isData = false
          }
          specs.append(FieldSpec(field, kind, acceptsExpression: isData))
        }
      case "required":
        let elements = value.elements
        let names = elements.compactMap(\.stringValue)
        guard value.kind == .array, names.count == elements.count else {
          error(.invalidRequired, value, memberPointer)
          continue
        }
        required = zip(names, elements).enumerated().map { index, element in
          (element.0, element.1, memberPointer.appending(index))
        }
      default:
        error(.unknownDefinitionKey(key, name: name), value, memberPointer)
      }
    }
    for (field, element, elementPointer) in required {
      if let index = specs.firstIndex(where: { $0.name == field }) {
        specs[index].isRequired = true
      } else if !declared.contains(field) {
        // A required name that is no field is a typo (`titel`): requiring it would make
        // every screen using the type fail for a field it cannot declare.
        error(
          .requiredNotAField(
            field, name: name, suggestion: Suggestion.closestName(to: field, among: declared)),
          element, elementPointer)
      }
    }
    if !specs.contains(where: { $0.name == "id" }) { specs.append(FieldSpec("id", .string)) }
    if !specs.contains(where: { $0.name == "style" }) { specs.append(FieldSpec("style", .object)) }
    return specs
  }
}
