import BeagleJSON
import BeagleRendering
import BeagleRuntime

extension RunState {
  /// The state's `requests` as the JSON state shows them.
  var requestsJSON: [JSONValue] { requests.map { JSONStateRenderer.value(of: $0) } }

  /// The state's `analytics` as the JSON state shows them.
  var analyticsJSON: [JSONValue] { analytics.map { JSONStateRenderer.value(of: $0) } }
}
