import BeagleJSON

/// The JSON parser on any bytes: it returns a value or throws a located error, never
/// crashes; a value it returns prints as JSON that parses back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let value = try? JSONValue(parsing: bytes) else { return 0 }
  let printed = JSONPrinter().print(value)
  guard let again = try? JSONValue(parsing: printed) else {
    fatalError("printed JSON does not parse: \(printed)")
  }
  guard again == value else { fatalError("round trip changed the value: \(printed)") }
  _ = ValueLimits().violation(of: value)
  return 0
}
