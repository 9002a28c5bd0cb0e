import BeagleJSON

/// Validates JSON values against the subset of JSON Schema (2020-12) that
/// docs/state.schema.json uses: `type`, `enum`, `const`, `required`, `properties`,
/// `additionalProperties`, `items`, `minimum`, `oneOf`, and `$ref` into `$defs`.
///
/// A schema that uses any other keyword is refused when the validator is made, so
/// the published schema cannot say more than the tests check.
struct SchemaValidator {
  enum SchemaError: Error, Equatable, CustomStringConvertible {
    case unsupportedKeyword(String, at: String)
    case badReference(String)

    var description: String {
      switch self {
      case .unsupportedKeyword(let keyword, let at):
        "the schema uses '\(keyword)' at '\(at)', which this validator does not check"
      case .badReference(let reference): "the schema's reference '\(reference)' leads nowhere"
      }
    }
  }

  static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
  static let assertions: Set<String> = [
    "type", "enum", "const", "required", "properties", "additionalProperties", "items", "minimum",
    "oneOf", "$ref",
  ]

  let root: JSONValue

  init(schema: JSONValue) throws(SchemaError) {
    root = schema
    try check(schema, at: "")
  }

  /// Every way `value` breaks the schema, as `POINTER: problem` lines; empty when it holds.
  func problems(in value: JSONValue) -> [String] {
    problems(in: value, against: root, at: "")
  }

  // MARK: - Checking the schema

  private func check(_ schema: JSONValue, at pointer: String) throws(SchemaError) {
    guard let object = schema.objectValue else { return }
    for (keyword, value) in object.members {
      let here = pointer + "/" + keyword
      guard Self.annotations.contains(keyword) || Self.assertions.contains(keyword) else {
        throw .unsupportedKeyword(keyword, at: pointer)
      }
      switch keyword {
      case "$defs", "properties":
        for (name, member) in value.objectValue?.members ?? JSONObject().members {
          try check(member, at: here + "/" + name)
        }
      case "items", "additionalProperties":
        try check(value, at: here)
      case "oneOf":
        for (index, member) in (value.arrayValue ?? []).enumerated() {
          try check(member, at: here + "/\(index)")
        }
      case "$ref":
        guard let reference = value.stringValue, resolve(reference) != nil else {
          throw .badReference(value.stringValue ?? "?")
        }
      default:
        break
      }
    }
  }

  private func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/$defs/") else { return nil }
    return root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
  }

  // MARK: - Validating

  private func problems(
    in value: JSONValue, against schema: JSONValue, at pointer: String
  ) -> [String] {
    guard let schema = schema.objectValue else { return [] }
    let place = pointer.isEmpty ? "/" : pointer
    var found: [String] = []
    if let reference = schema["$ref"]?.stringValue, let target = resolve(reference) {
      found += problems(in: value, against: target, at: pointer)
    }
    if let types = schema["type"] {
      let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
      if !allowed.contains(where: { Self.value(value, isOfType: $0) }) {
        found.append(
          "\(place): expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
        return found
      }
    }
    if let options = schema["enum"]?.arrayValue, !options.contains(value) {
      found.append("\(place): \(JSONPrinter().print(value)) is not one of the allowed values")
    }
    if let constant = schema["const"], constant != value {
      found.append("\(place): expected \(JSONPrinter().print(constant))")
    }
    if let minimum = schema["minimum"]?.doubleValue, let number = value.doubleValue,
      number < minimum
    {
      found.append(
        "\(place): \(JSONPrinter().print(value)) is less than \(JSONPrinter().print(schema["minimum"] ?? .null))"
      )
    }
    if let object = value.objectValue {
      for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
      where object[name] == nil {
        found.append("\(place): missing required member '\(name)'")
      }
      let properties = schema["properties"]?.objectValue ?? JSONObject()
      for (name, member) in object.members {
        let here = pointer + "/" + name
        if let property = properties[name] {
          found += problems(in: member, against: property, at: here)
        } else if let additional = schema["additionalProperties"] {
          if additional == .bool(false) {
            found.append("\(place): unexpected member '\(name)'")
          } else {
            found += problems(in: member, against: additional, at: here)
          }
        }
      }
    }
    if let items = schema["items"], let array = value.arrayValue {
      for (index, element) in array.enumerated() {
        found += problems(in: element, against: items, at: pointer + "/\(index)")
      }
    }
    if let options = schema["oneOf"]?.arrayValue {
      let results = options.map { problems(in: value, against: $0, at: pointer) }
      let matching = results.filter(\.isEmpty).count
      if matching == 0 {
        // An option for the value's type explains best what is wrong.
        let typed = zip(options, results).filter { hasType(of: value, $0.0) }.map(\.1)
        found += (typed.isEmpty ? results : typed).min(by: { $0.count < $1.count }) ?? []
      } else if matching > 1 {
        found.append("\(place): matches \(matching) of the 'oneOf' options, not exactly one")
      }
    }
    return found
  }

  /// Whether `schema` (or the definition it refers to) allows the type of `value`.
  private func hasType(of value: JSONValue, _ schema: JSONValue) -> Bool {
    if let reference = schema["$ref"]?.stringValue, let target = resolve(reference) {
      return hasType(of: value, target)
    }
    guard let types = schema["type"] else { return true }
    let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
    return allowed.contains { Self.value(value, isOfType: $0) }
  }

  private static func value(_ value: JSONValue, isOfType type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("integer", .int), ("string", .string),
      ("array", .array), ("object", .object), ("number", .int), ("number", .double),
      ("number", .bigNumber):
      true
    case ("integer", .double(let double)): double.rounded() == double
    default: false
    }
  }
}
