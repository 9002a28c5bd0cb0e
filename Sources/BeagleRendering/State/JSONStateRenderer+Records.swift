import BeagleJSON
import BeagleRuntime

/// The JSON of the typed records a ``RunState`` carries, with the member names
/// and order of DESIGN.md's `--format json` contract. The JSON state renderer is
/// the only place that builds them; the text renderer prints some of them as JSON.
extension JSONStateRenderer {
  /// `{event, action, summary, known, at, fields}`.
  public static func value(of action: ExecutedAction) -> JSONValue {
    [
      "event": .string(action.event), "action": .string(action.type),
      "summary": .string(action.summary), "known": .bool(action.isKnown),
      "at": .string(action.pointer.printed), "fields": .object(action.fields),
    ]
  }

  /// The state's `navigation.event`: `{kind, from, to, direction, transition}`,
  /// with null for absent values, and `controller` when the new stack has a declared
  /// navigation controller (the manifest's `navigation.controllers`).
  public static func value(of event: NavigationEvent) -> JSONValue {
    var object: JSONObject = [
      "kind": .string(event.kind.rawValue),
      "from": .string(event.from),
      "to": event.to.map(JSONValue.string) ?? .null,
      "direction": event.direction.map { .string($0.rawValue) } ?? .null,
      "transition": event.transition.map { value(of: $0) } ?? .null,
    ]
    if let controller = event.controller { object["controller"] = .string(controller) }
    return .object(object)
  }

  /// A transition: `push`/`pop`: `{"style", "type", "subtype", "duration"}`, with
  /// `type` `"system"` and null subtype and duration for the platform default;
  /// `present`/`dismiss`: `{"style", "modalPresentationStyle", "modalTransitionStyle"}`;
  /// `replace`: `{"style"}`.
  public static func value(of transition: NavigationTransition) -> JSONValue {
    var object: JSONObject = ["style": .string(transition.style.rawValue)]
    switch transition.style {
    case .push, .pop:
      object["type"] = .string(transition.animation?.type ?? "system")
      object["subtype"] = transition.animation?.subtype.map(JSONValue.string) ?? .null
      object["duration"] = transition.animation.map { .double($0.duration) } ?? .null
    case .present, .dismiss:
      object["modalPresentationStyle"] =
        transition.modalPresentationStyle.map(JSONValue.string) ?? .null
      object["modalTransitionStyle"] =
        transition.modalTransitionStyle.map(JSONValue.string) ?? .null
    case .replace:
      break
    }
    return .object(object)
  }

  /// `{type, title, message, buttons}` for the state's `dialog`.
  public static func value(of dialog: Dialog) -> JSONValue {
    [
      "type": .string(dialog.kind.rawValue), "title": dialog.title.map(JSONValue.string) ?? .null,
      "message": .string(dialog.message),
      "buttons": .array(dialog.buttons.map { .string($0.label) }),
    ]
  }

  /// `{kind, id, method, url, status, pending, origin, error}` with null for absent values.
  public static func value(of request: RequestRecord) -> JSONValue {
    [
      "kind": .string(request.kind.rawValue),
      "id": request.id.map(JSONValue.int) ?? .null,
      "method": .string(request.method.rawValue),
      "url": .string(request.url),
      "status": request.status.map(JSONValue.int) ?? .null,
      "pending": .bool(request.isPending),
      "origin": .string(request.origin.rawValue),
      "error": request.error.map { .string($0.description) } ?? .null,
    ]
  }

  /// Appends what `JSONPrinter().write(value(of: action), into:)` appends, without
  /// building the value.
  static func write(_ action: ExecutedAction, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"event":"#.utf8)
    JSONPrinter.writeString(action.event, into: &bytes)
    bytes.append(contentsOf: #","action":"#.utf8)
    JSONPrinter.writeString(action.type, into: &bytes)
    bytes.append(contentsOf: #","summary":"#.utf8)
    JSONPrinter.writeString(action.summary, into: &bytes)
    bytes.append(contentsOf: action.isKnown ? #","known":true"#.utf8 : #","known":false"#.utf8)
    bytes.append(contentsOf: #","at":"#.utf8)
    writePointer(action.pointer, into: &bytes)
    bytes.append(contentsOf: #","fields":"#.utf8)
    JSONPrinter().write(.object(action.fields), into: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends what `JSONPrinter().write(` the state's value of `context` `, into:)`
  /// appends: `{id, value, at}`.
  static func write(_ context: ContextEntry, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"id":"#.utf8)
    JSONPrinter.writeString(context.id, into: &bytes)
    bytes.append(contentsOf: #","value":"#.utf8)
    JSONPrinter().write(context.value, into: &bytes)
    bytes.append(contentsOf: #","at":"#.utf8)
    if let pointer = context.declaredAt {
      writePointer(pointer, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends `pointer`'s ``JSONPointer/printed`` as a JSON string, no string made of it.
  static func writePointer(_ pointer: JSONPointer, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    let start = bytes.count
    pointer.appendDescription(to: &bytes)
    JSONPrinter.escape(from: start, in: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends what `JSONPrinter().write(value(of: request), into:)` appends, without
  /// building the value: a state prints every request made so far (106 on the 1 MB
  /// screen), and building each object cost more than printing it.
  static func write(_ request: RequestRecord, into bytes: inout [UInt8]) {
    let printer = JSONPrinter()
    bytes.append(contentsOf: #"{"kind":"#.utf8)
    JSONPrinter.writeString(request.kind.rawValue, into: &bytes)
    bytes.append(contentsOf: #","id":"#.utf8)
    printer.write(request.id.map(JSONValue.int) ?? .null, into: &bytes)
    bytes.append(contentsOf: #","method":"#.utf8)
    JSONPrinter.writeString(request.method.rawValue, into: &bytes)
    bytes.append(contentsOf: #","url":"#.utf8)
    JSONPrinter.writeString(request.url, into: &bytes)
    bytes.append(contentsOf: #","status":"#.utf8)
    printer.write(request.status.map(JSONValue.int) ?? .null, into: &bytes)
    bytes.append(
      contentsOf: request.isPending ? #","pending":true"#.utf8 : #","pending":false"#.utf8)
    bytes.append(contentsOf: #","origin":"#.utf8)
    JSONPrinter.writeString(request.origin.rawValue, into: &bytes)
    bytes.append(contentsOf: #","error":"#.utf8)
    if let error = request.error {
      JSONPrinter.writeString(error.description, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// `{type: "screen", platform, screen}` or `{type: "action", platform,
  /// beagleAction, event, component: {id, type}, screen, attributes,
  /// additionalEntries?}`.
  public static func value(of record: AnalyticsRecord) -> JSONValue {
    guard let action = record.action else {
      return [
        "type": "screen", "platform": .string(record.platform), "screen": .string(record.screen),
      ]
    }
    var object: JSONObject = [
      "type": "action", "platform": .string(record.platform),
      "beagleAction": .string(action.beagleAction), "event": .string(action.event),
      "component": [
        "id": action.componentId.map(JSONValue.string) ?? .null,
        "type": .string(action.componentType),
      ],
      "screen": .string(record.screen), "attributes": .object(action.attributes),
    ]
    if let entries = action.additionalEntries { object["additionalEntries"] = .object(entries) }
    return .object(object)
  }
}
