import BeagleJSON

/// One-line summaries of actions, as outlines and the `actions` field show them:
/// `pushView /cart`, `setContext user.name = "Ana"`, `sendRequest POST /login`.
public enum ActionSummary {
  /// Longest value text shown before it is cut with `…`.
  static let maximumValueLength = 48

  public static func summary(of action: ActionNode) -> String {
    guard action.isKnown else { return "\(action.type) (unknown action)" }
    let fields = action.fields
    let name = action.shortName
    switch action.lowercasedTypeName {
    case "beagle:pushview", "beagle:pushstack", "beagle:resetstack", "beagle:resetapplication":
      return "\(name) \(route(fields["route"]))"
    case "beagle:poptoview":
      return "\(name) \(text(fields["route"]))"
    case "beagle:openexternalurl":
      return "\(name) \(text(fields["url"]))"
    case "beagle:opennativeroute":
      return "\(name) \(text(fields["route"]))"
    case "beagle:setcontext":
      var target = fields["contextId"]?.stringValue ?? "?"
      if let path = fields["path"]?.stringValue {
        target += path.hasPrefix("[") ? path : "." + path
      }
      return "\(name) \(target) = \(short(fields["value"] ?? .null))"
    case "beagle:sendrequest":
      let method = fields["method"]?.stringValue ?? "GET"
      return "\(name) \(method) \(text(fields["url"]))"
    case "beagle:alert", "beagle:confirm":
      return "\(name) \(short(fields["message"] ?? .null))"
    case "beagle:condition":
      return "\(name) \(short(fields["condition"] ?? .null))"
    case "beagle:addchildren":
      let mode = fields["mode"]?.stringValue ?? "APPEND"
      return "\(name) #\(text(fields["componentId"])) \(mode)"
    default:
      let data = fields.members.filter { $0.0 != "analytics" }.map { "\($0.0)=\(short($0.1))" }
      return ([name] + data).joined(separator: " ")
    }
  }

  static func route(_ value: JSONValue?) -> String {
    guard let route = value?.objectValue else { return text(value) }
    if let url = route["url"] { return text(url) }
    if let screen = route["screen"]?.objectValue {
      let name = screen["identifier"]?.stringValue ?? screen["id"]?.stringValue
      return name.map { "screen '\($0)'" } ?? "(local screen)"
    }
    return "(route)"
  }

  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "?" }
    if case .string(let string) = value { return string }
    return short(value)
  }

  /// Compact JSON, cut to a readable length.
  public static func short(_ value: JSONValue) -> String {
    let printed = JSONPrinter().print(value)
    guard printed.count > maximumValueLength else { return printed }
    return String(printed.prefix(maximumValueLength - 1)) + "…"
  }
}
