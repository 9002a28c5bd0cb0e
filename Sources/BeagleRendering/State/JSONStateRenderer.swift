import BeagleJSON
import BeagleRuntime

/// Prints a ``RunState`` as one JSON object on one line (JSON Lines), with the
/// field names of DESIGN.md's `--format json` contract.
public struct JSONStateRenderer: Sendable {
  /// Turns a diagnostic into its position, when its source is known.
  public var position: @Sendable (Diagnostic) -> (file: String?, position: SourcePosition)?
  /// Screen trees of at least this many components are printed by two threads, split
  /// where ``PrintSplit`` splits them (the same bytes); nil: by the calling thread alone.
  public var parallelThreshold: Int?

  public init(
    position: @escaping @Sendable (Diagnostic) -> (file: String?, position: SourcePosition)? = {
      _ in nil
    }
  ) {
    self.position = position
  }

  public func render(_ state: RunState) -> String {
    JSONPrinter().print(value(of: state))
  }

  public func value(of state: RunState) -> JSONValue {
    .object(members(of: state, screen: state.screen.map(Self.tree) ?? .null))
  }

  /// The state's members in contract order, with `screen` given (the streaming
  /// writer passes a placeholder and writes the tree itself); without the log's
  /// entries when `withLog` is false (the streaming writer writes them one by one), nor
  /// the `actions`, `contexts` and `requests` when `withRecords` is false (the streaming
  /// writer prints them from their records).
  func members(
    of state: RunState, screen: JSONValue, withLog: Bool = true, withRecords: Bool = true
  ) -> JSONObject {
    var object = JSONObject()
    object["step"] = .int(state.step)
    object["event"] = .string(state.event)
    object["actions"] = withRecords ? .array(state.actions.map { Self.value(of: $0) }) : .null
    object["navigation"] = [
      "stacks": .array(
        state.stacks.map { stack in
          .array(stack.map { ["route": .string($0.route), "title": .string($0.title)] })
        }),
      "event": state.navigationEvent.map { Self.value(of: $0) } ?? .null,
    ]
    object["navigationBar"] =
      state.navigationBar.map { bar in
        [
          "title": .string(bar.title),
          "backButton": bar.backButton.map(JSONValue.string) ?? .null,
          "items": .array(bar.items.map(JSONValue.string)),
        ]
      } ?? .null
    object["screen"] = screen
    object["contexts"] =
      withRecords
      ? .array(
        state.contexts.map { context in
          [
            "id": .string(context.id), "value": context.value,
            "at": context.declaredAt.map { .string($0.printed) } ?? .null,
          ]
        }) : .null
    object["dialog"] = state.dialog.map { Self.value(of: $0) } ?? .null
    object["requests"] = withRecords ? .array(state.requests.map { Self.value(of: $0) }) : .null
    object["externalURLs"] = .array(state.externalURLs.map(JSONValue.string))
    object["analytics"] = .array(state.analytics.map { Self.value(of: $0) })
    object["log"] = withLog ? .array(state.log.map(logEntry)) : .null
    return object
  }

  func logEntry(_ diagnostic: Diagnostic) -> JSONValue {
    var entry = JSONObject()
    entry.reserveCapacity(7)
    entry["severity"] = .string(diagnostic.severity.rawValue)
    entry["message"] = .string(diagnostic.message)
    entry["pointer"] = diagnostic.pointer.map { .string($0.printed) } ?? .null
    entry["rule"] = diagnostic.rule.map(JSONValue.string) ?? .null
    if let located = position(diagnostic) {
      if let file = located.file { entry["file"] = .string(file) }
      entry["line"] = .int(located.position.line)
      entry["column"] = .int(located.position.column)
    }
    return .object(entry)
  }

  /// `{event: [{action, summary, events?}]}` for the action lists of a component
  /// or an action, nested callbacks (`onSuccess`, `onTrue`, …) included.
  static func events(_ handlers: [EventHandler]) -> JSONValue {
    var lists = JSONObject()
    for handler in handlers {
      lists[handler.name] = .array(
        handler.actions.map { action in
          var object: JSONObject = [
            "action": .string(action.typeName),
            "summary": .string(ActionSummary.summary(of: action)),
          ]
          if !action.events.isEmpty { object["events"] = events(action.events) }
          return .object(object)
        })
    }
    return .object(lists)
  }

  /// `{type, id?, properties, events?, templates?, children}` for a component tree.
  public static func tree(_ node: ComponentNode) -> JSONValue {
    var object = JSONObject()
    object["type"] = .string(node.typeName)
    if let id = node.id { object["id"] = .string(id) }
    object["properties"] = .object(node.properties.object)
    if !node.events.isEmpty {
      object["events"] = events(node.events)
    }
    if let context = node.context {
      object["context"] = ["id": .string(context.id), "value": context.value]
    }
    if !node.templates.isEmpty {
      object["templates"] = .array(
        node.templates.map { template in
          ["case": template.condition ?? .null, "view": tree(template.view)]
        })
    }
    object["children"] = .array(node.children.map(tree))
    return .object(object)
  }
}
