import BeagleJSON

/// What the report shows in the "parse + decode" column while there is no decoder.
let decodeUnavailableNote = "n/a (decoder not built yet)"

/// Parses `bytes` and decodes the screen with the runtime decoder: the work the
/// "parse + decode" column times (and whose peak memory it reports).
///
/// Return the decoded result itself: the harness keeps it alive until the clock
/// has stopped, so freeing it is not timed (as for the other columns). Return nil
/// while there is nothing to measure; the report then prints
/// ``decodeUnavailableNote``.
///
/// To wire it to the runtime decoder:
/// 1. add `"BeagleRuntime"` to the `beagle-bench` target in `Package.swift`
///    (the line marked `BENCH-DECODER`);
/// 2. `import BeagleRuntime` here and replace the body, e.g.
///    ```swift
///    let document = try JSONDocument(parsing: bytes)
///    return try Decoder(registry: Registry.builtIn).decodeScreen(document.root)
///    ```
///
/// - Parameter bytes: a whole generated payload, as read from disk.
/// - Returns: the decoded screen, or nil when no decoder is available.
/// - Throws: the parser's or the decoder's error; the harness reports it.
func decodeBenchmark(bytes: [UInt8]) throws -> Any? {
  nil
}
