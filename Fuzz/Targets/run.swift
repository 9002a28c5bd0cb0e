import BeagleCLI
import Foundation

/// A whole run, in-process: the input is a screen read from standard input, then
/// (after a line `---`) script steps, one a line; text and JSON output.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRun(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  var screen = bytes[...]
  var steps: [String] = []
  if let marker = find(Array("\n---\n".utf8), in: bytes) {
    screen = bytes[..<marker]
    steps = String(decoding: bytes[(marker + 5)...], as: UTF8.self)
      .split(separator: "\n").prefix(20).map(String.init)
  }
  let input = Array(screen)
  let tool = CommandLineTool(
    environment: .init(
      standardInput: { input }, workingDirectory: "/nonexistent-beagle-fuzz", processorCount: 1))
  for format in ["text", "json"] {
    var arguments = ["beagle-run", "-", "--format", format, "--max-value-bytes", "1000000"]
    for step in steps { arguments += ["--step", step] }
    _ = tool.run(arguments, output: { _ in }, errors: { _ in })
  }
  _ = tool.run(["beagle-run", "check", "-"], output: { _ in }, errors: { _ in })
  return 0
}

private func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
  guard bytes.count >= needle.count else { return nil }
  for index in 0...(bytes.count - needle.count) where bytes[index..<index + needle.count].elementsEqual(needle) {
    return index
  }
  return nil
}
