import BeagleExpressions
import BeagleJSON

/// The expression engine on any text: parsing, checking, explained evaluation of the
/// text as a template and as a bare expression, and context paths, against a few
/// contexts and custom operations (recursive ones included).
let library: OperationLibrary = {
  var library = OperationLibrary.standard
  for (name, body) in [
    ("twice", "concat(@0, @0)"), ("wrap", "insert(empty, @0)"), ("loop", "loop(@0)"),
    ("pair", "union(@0, @1)"),
  ] {
    if let registered = try? library.registering(name: name, body: body) { library = registered }
  }
  return library
}()
let scope = ContextScope(
  [
    ("user", ["name": "Ana", "age": 31, "tags": ["a", "b"], "ratio": 0.5]),
    ("list", [1, 2, 3]), ("empty", []), ("text", "héllo"),
  ], global: ["count": 2])
// Small limits: whatever the input, evaluation stays small and fast.
let evaluator = Evaluator(library: library, limits: ValueLimits(maximumBytes: 1 << 16))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressions(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  _ = ExpressionChecker(library: library).check(source: text)
  _ = evaluator.explain(StringTemplate(text), in: scope, source: text)
  _ = evaluator.evaluate(StringTemplate(text), in: scope)
  if let (expression, map) = try? Expression.parse(text, allowsArguments: false) {
    _ = evaluator.explain(expression, in: scope, sourceMap: map)
    _ = expression.description
  }
  _ = try? ContextPath(parsing: text)
  return 0
}
