import BeagleJSON
import BeagleRuntime

/// `beagle-run components` and `beagle-run actions`: every type the registry knows
/// (the built-ins, and the manifest's with `--registry FILE`) with its fields,
/// printed from the same definitions the decoder uses, so the list cannot drift.
struct ReferenceCommand {
  enum Kind {
    case components, actions
  }

  var kind: Kind
  var registry: Registry
  var format: OutputFormat

  /// One type as listed.
  private struct Entry {
    var name: String
    var fields: [FieldSpec]
    var deprecation: String?
    var isCustom: Bool
  }

  func execute(output: (String) -> Void) -> Int32 {
    let entries = self.entries
    if format == .json {
      for entry in entries { output(JSONPrinter().print(json(entry)) + "\n") }
    } else {
      output(text(entries))  // dot and mermaid are graph's; the reference is text
    }
    return CommandLineTool.ExitCode.success
  }

  private var entries: [Entry] {
    switch kind {
    case .components:
      registry.componentDefinitions.map {
        Entry(
          name: $0.name, fields: $0.fields, deprecation: $0.deprecation,
          isCustom: Registry.builtIn.component(named: $0.name) != $0)
      }
    case .actions:
      registry.actionDefinitions.map {
        Entry(
          name: $0.name, fields: $0.fields, deprecation: $0.deprecation,
          isCustom: Registry.builtIn.action(named: $0.name) != $0)
      }
    }
  }

  /// Objects described once at the end rather than under every type holding them.
  private static let shared: [(name: String, spec: FieldSpec)] = [
    ("style", BuiltIns.style),
    ("accessibility", FieldSpec("accessibility", .structure(BuiltIns.accessibilityFields))),
  ]

  // MARK: - Text

  private func text(_ entries: [Entry]) -> String {
    var out = ""
    for entry in entries {
      out += entry.name
      if entry.isCustom { out += " (custom)" }
      if let deprecation = entry.deprecation { out += " (deprecated: use \(deprecation))" }
      out += "\n"
      if entry.fields.isEmpty { out += "  (no fields)\n" }
      out += lines(entry.fields, indent: "  ", sharing: true)
    }
    switch kind {
    case .components:
      out +=
        "\nEvery component may also carry id, style, accessibility and context; iOS reads them"
        + " only where listed.\n"
      for shared in Self.shared {
        out += "\n\(shared.name) object\n"
        if case .structure(let fields) = shared.spec.kind {
          out += lines(fields, indent: "  ", sharing: false)
        }
      }
    case .actions:
      out += "\nEvery action may also carry analytics.\n"
    }
    return out
  }

  /// `  name  kind, required, @{…}`, nested objects indented below their field.
  private func lines(_ fields: [FieldSpec], indent: String, sharing: Bool) -> String {
    let width = (fields.map(\.name.count).max() ?? 0) + 2
    var out = ""
    for field in fields {
      let isShared = sharing && Self.shared.contains { $0.spec == field }
      var notes = [isShared ? "\(field.name) object (below)" : Self.kindText(field.kind)]
      if field.isRequired { notes.append("required") }
      if field.acceptsExpression { notes.append("@{…}") }
      if let deprecation = field.deprecation { notes.append("deprecated: use \(deprecation)") }
      out += indent + field.name + String(repeating: " ", count: width - field.name.count)
      out += notes.joined(separator: ", ") + "\n"
      if !isShared, let nested = Self.nested(field.kind) {
        out += lines(nested, indent: indent + "  ", sharing: false)
      }
    }
    return out
  }

  private static func nested(_ kind: FieldKind) -> [FieldSpec]? {
    switch kind {
    case .structure(let fields), .objects(let fields): fields
    default: nil
    }
  }

  /// A field's kind as the manifest names kinds, with enumerations' values.
  static func kindText(_ kind: FieldKind) -> String {
    switch kind {
    case .string: "string"
    case .bool: "boolean"
    case .int: "integer"
    case .number: "number"
    case .enumeration(let values): values.joined(separator: "|")
    case .object: "object"
    case .array: "array"
    case .any: "any"
    case .component: "component"
    case .components: "components"
    case .actions: "actions"
    case .action: "action"
    case .context: "context {id, value}"
    case .route: "route {url or screen, shouldPrefetch, fallback, httpAdditionalData}"
    case .imagePath: "image path {_beagleImagePath_: local|remote, mobileId or url}"
    case .tabIcon: "icon {mobileId}"
    case .tabItems: "tab items [{title, icon, child}]"
    case .navigationBar:
      "navigation bar {title, showBackButton, styleId, backButtonAccessibility, "
        + "navigationBarItems}"
    case .templates: "templates [{case, view}]"
    case .screen: "screen"
    case .objects: "array of objects"
    case .structure: "object"
    case .componentsOrExpression: "components or @{…}"
    case .analytics: "boolean or {attributes, additionalEntries}"
    }
  }

  // MARK: - JSON

  private func json(_ entry: Entry) -> JSONValue {
    var object = JSONObject()
    object["type"] = .string(entry.name)
    object["custom"] = .bool(entry.isCustom)
    object["deprecated"] = entry.deprecation.map(JSONValue.string) ?? .null
    object["fields"] = .array(entry.fields.map(Self.json))
    return .object(object)
  }

  private static func json(_ field: FieldSpec) -> JSONValue {
    var object = JSONObject()
    object["name"] = .string(field.name)
    object["kind"] = .string(kindName(field.kind))
    object["required"] = .bool(field.isRequired)
    object["expression"] = .bool(field.acceptsExpression)
    object["deprecated"] = field.deprecation.map(JSONValue.string) ?? .null
    if case .enumeration(let values) = field.kind {
      object["values"] = .array(values.map(JSONValue.string))
    }
    if let nested = nested(field.kind) { object["fields"] = .array(nested.map(json)) }
    return .object(object)
  }

  /// One word per kind for JSON: `string`, `enumeration`, `structure`…
  private static func kindName(_ kind: FieldKind) -> String {
    switch kind {
    case .enumeration: "enumeration"
    case .objects: "objects"
    case .structure: "structure"
    case .context: "context"
    case .route: "route"
    case .imagePath: "imagePath"
    case .tabIcon: "tabIcon"
    case .tabItems: "tabItems"
    case .navigationBar: "navigationBar"
    case .templates: "templates"
    case .analytics: "analytics"
    case .componentsOrExpression: "componentsOrExpression"
    default: kindText(kind)
    }
  }
}

// MARK: - Validation

extension ReferenceCommand {
  /// No argument: the types listed are the built-ins and the `--registry` manifest's.
  static func validate(_ line: ParsedCommandLine) throws(UsageError) {
    if let extra = line.inputs.first {
      throw UsageError(
        message: "'\(line.verb.rawValue)' takes no argument, found '\(extra)'"
          + "; give a manifest with --registry FILE")
    }
  }
}
