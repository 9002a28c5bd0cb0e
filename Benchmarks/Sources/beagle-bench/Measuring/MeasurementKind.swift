/// One of the measurements that run in a child process of their own, so that
/// each one's peak memory can be read in isolation.
enum MeasurementKind: String, CaseIterable, Sendable {
  /// `JSONDocument(parsing:)`: the tape only.
  case parse = "ours-parse"
  /// `JSONDocument(parsing:)` then `document.root.value`.
  case materialize = "ours-materialize"
  /// `decodeBenchmark(bytes:)`: parse and decode with the runtime decoder.
  case decode = "ours-decode"
  /// Foundation's `JSONSerialization.jsonObject(with:)`.
  case foundation = "jsonserialization"

  /// The column title in the report.
  var title: String {
    switch self {
    case .parse: "parse"
    case .materialize: "parse+materialise"
    case .decode: "parse+decode"
    case .foundation: "JSONSerialization"
    }
  }
}
