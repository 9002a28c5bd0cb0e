extension Session {
  /// What a user reads on `node` and a `TARGET` text matches: a text's or a
  /// button's text, a text input's value or placeholder (the labels `tap "…"`,
  /// `type "…"` and `expect text` look for).
  public static func visibleLabels(of node: ComponentNode) -> [String] { labels(of: node) }

  /// Whether a text input ignores touches and typing (disabled or read-only), as
  /// `tap` and `type` treat it.
  public static func isReadOnlyInput(_ node: ComponentNode) -> Bool { isReadOnly(node) }
}

extension Session {
  /// The requests still waiting for a `respond` step, oldest first, as the state's
  /// `requests` records them (status nil, origin `pending`).
  public var waitingRequests: [RequestRecord] {
    context.requestQueue.waiting.map { $0.record(nil) }
  }
}
