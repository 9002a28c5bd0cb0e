import BeagleJSON
import BeagleRuntime

/// What the report shows in the "parse + decode" column when decoding fails.
let decodeUnavailableNote = "n/a (decoder failed)"

/// Parses `bytes` and decodes the screen with the runtime decoder and the built-in
/// registry: the work the "parse + decode" column times (and whose peak memory it
/// reports). The decoded tree is returned so that freeing it is not timed.
///
/// - Parameter bytes: a whole generated payload, as read from disk.
/// - Returns: the decoded tree with its diagnostics.
/// - Throws: the parser's error; the harness reports it.
func decodeBenchmark(bytes: [UInt8]) throws -> Any? {
  let document = try JSONDocument(parsing: bytes)
  return Decoder(registry: .builtIn).decode(document)
}
