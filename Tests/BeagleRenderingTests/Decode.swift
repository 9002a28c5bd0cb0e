import BeagleJSON
import BeagleRuntime

/// Decodes `text` with the built-in registry.
func decode(_ text: String) throws -> Decoder.Result {
  try Decoder(registry: .builtIn).decode(JSONDocument(parsing: Array(text.utf8)))
}
