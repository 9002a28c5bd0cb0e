/// Every diagnostic's stable id (``Diagnostic/rule``), as linters name their rules:
/// `[unknown-field]` at the end of a diagnostic's first line, `"rule"` in JSON, and
/// what `--ignore` and the manifest's `ignore` silence.
///
/// Each message type lists its own ids beside its cases (`rules`, and `rule` for a
/// message); the few diagnostics made without a message type use the constants here.
/// A test lists every id, so none changes unnoticed.
package enum RuleCatalog {
  /// The input is not JSON.
  package static let invalidJSON = "invalid-json"
  /// A file, standard input or the first screen's route could not be read.
  package static let unreadableInput = "unreadable-input"
  /// A file a manifest names is outside the project root.
  package static let outsideRoot = "outside-root"
  /// An expression that does not parse or calls what does not exist.
  package static let invalidExpression = "invalid-expression"
  /// An operation Beagle 2.x has and the profile's 1.x library does not.
  package static let beagle2Operation = "beagle2-operation"
  /// A mock that is not `{method, url, status, headers, body, delay}`.
  package static let invalidMocks = "invalid-mocks"
  /// What the navigator noted about an operation (a note).
  package static let navigationNote = "navigation-note"

  /// The ids made without a message type.
  package static let standalone = [
    invalidJSON, unreadableInput, outsideRoot, invalidExpression, beagle2Operation, invalidMocks,
    navigationNote,
  ]

  /// Every id of the runtime, by message type, in a fixed order.
  package static let runtime: [(owner: String, rules: [String])] = [
    ("DecodingError", DecodingError.rules),
    ("DecodingMessage", DecodingMessage.rules),
    ("CheckerMessage", CheckerMessage.rules),
    ("ContextMessage", ContextMessage.rules),
    ("LifecycleMessage", LifecycleMessage.rules),
    ("RenderMessage", RenderMessage.rules),
    ("ScriptMessage", ScriptMessage.rules),
    ("ManifestMessage", ManifestMessage.rules),
    ("AnalyticsMessage", AnalyticsMessage.rules),
    ("ActionAnalyticsMessage", ActionAnalyticsMessage.rules),
    ("NativeRouteMessage", NativeRouteMessage.rules),
    ("GraphMessage", GraphMessage.rules),
    ("ActionChainMessage", ActionChainMessage.rules),
    ("AlertMessage", AlertMessage.rules),
    ("NavigationMessage", NavigationMessage.rules),
    ("SetContextMessage", SetContextMessage.rules),
    ("ConditionMessage", ConditionMessage.rules),
    ("SendRequestMessage", SendRequestMessage.rules),
    ("AddChildrenMessage", AddChildrenMessage.rules),
    ("FormMessage", FormMessage.rules),
    ("standalone", standalone),
  ]

  /// Ids that cannot be ignored: the input is not valid or not readable, or reading
  /// it would break the project root. Nothing can be checked or run past them.
  package static let unignorable: Set<String> = [
    invalidJSON, unreadableInput, outsideRoot, "nesting-too-deep",
  ]
}
