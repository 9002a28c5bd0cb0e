import BeagleJSON

/// The one list of default operations: name, signature and implementation (docs/spec.md §6.1).
/// Evaluation and static checking both read it through ``OperationLibrary/standard``.
enum StandardOperations {
  struct Definition: Sendable {
    var name: String
    var signature: OperationSignature
    var implementation: @Sendable ([JSONValue]) -> OperationOutcome
  }

  /// One row of ``table``: `maximum` nil means any number of arguments; `kinds`
  /// gives each argument's kind, the last one repeating for the rest.
  private static func define(
    _ name: String, minimum: Int, maximum: Int?, kinds: [OperationSignature.Kind],
    returns result: OperationSignature.Kind, summary: String,
    origin: OperationSignature.Origin = .beagle1,
    _ implementation: @escaping @Sendable ([JSONValue]) -> OperationOutcome
  ) -> Definition {
    Definition(
      name: name,
      signature: OperationSignature(
        minimumArguments: minimum, maximumArguments: maximum, argumentKinds: kinds,
        resultKind: result, summary: summary, origin: origin),
      implementation: implementation)
  }

  static let table: [Definition] = [
    // Arithmetic
    define(
      "sum", minimum: 1, maximum: nil, kinds: [.number], returns: .number,
      summary: "adds all ints or all doubles", Arithmetic.sum),
    define(
      "subtract", minimum: 1, maximum: nil, kinds: [.number], returns: .number,
      summary: "first minus the others", Arithmetic.subtract),
    define(
      "multiply", minimum: 1, maximum: nil, kinds: [.number], returns: .number,
      summary: "multiplies all ints or all doubles", Arithmetic.multiply),
    define(
      "divide", minimum: 1, maximum: nil, kinds: [.number], returns: .number,
      summary: "first divided by the others; ints truncate", Arithmetic.divide),
    // Logic
    define(
      "condition", minimum: 3, maximum: 3, kinds: [.bool, .any, .any], returns: .any,
      summary: "second if true, else third (same kind)", Logic.condition),
    define(
      "not", minimum: 1, maximum: 1, kinds: [.bool], returns: .bool, summary: "negates a boolean",
      Logic.not),
    define(
      "and", minimum: 1, maximum: nil, kinds: [.bool], returns: .bool,
      summary: "true if no argument is false", Logic.and),
    define(
      "or", minimum: 1, maximum: nil, kinds: [.bool], returns: .bool,
      summary: "true if some argument is true", Logic.or),
    // Comparison
    define(
      "gt", minimum: 2, maximum: 2, kinds: [.number], returns: .bool,
      summary: "first > second (both ints or both doubles)", Comparison.gt),
    define(
      "gte", minimum: 2, maximum: 2, kinds: [.number], returns: .bool,
      summary: "first >= second (both ints or both doubles)", Comparison.gte),
    define(
      "lt", minimum: 2, maximum: 2, kinds: [.number], returns: .bool,
      summary: "first < second (both ints or both doubles)", Comparison.lt),
    define(
      "lte", minimum: 2, maximum: 2, kinds: [.number], returns: .bool,
      summary: "first <= second (both ints or both doubles)", Comparison.lte),
    define(
      "eq", minimum: 2, maximum: 2, kinds: [.any], returns: .bool,
      summary: "deep equality; int 1 differs from double 1.0", Comparison.eq),
    // String
    define(
      "concat", minimum: 1, maximum: nil, kinds: [.string], returns: .string,
      summary: "joins strings", Strings.concat),
    define(
      "capitalize", minimum: 1, maximum: 1, kinds: [.string], returns: .string,
      summary: "capitalises every word", Strings.capitalize),
    define(
      "uppercase", minimum: 1, maximum: 1, kinds: [.string], returns: .string,
      summary: "upper-cases a string", Strings.uppercase),
    define(
      "lowercase", minimum: 1, maximum: 1, kinds: [.string], returns: .string,
      summary: "lower-cases a string", Strings.lowercase),
    define(
      "substr", minimum: 2, maximum: 3, kinds: [.string, .int, .int], returns: .string,
      summary: "characters from an index, optionally a count", Strings.substr),
    // Array
    define(
      "insert", minimum: 2, maximum: 3, kinds: [.array, .any, .int], returns: .array,
      summary: "inserts at an index, or appends", Arrays.insert),
    define(
      "remove", minimum: 2, maximum: 2, kinds: [.array, .any], returns: .array,
      summary: "removes every element equal to a value", Arrays.remove),
    define(
      "removeIndex", minimum: 1, maximum: 2, kinds: [.array, .int], returns: .array,
      summary: "removes the element at an index, or the last", Arrays.removeIndex),
    define(
      "contains", minimum: 2, maximum: 2, kinds: [.array, .any], returns: .bool,
      summary: "whether an array has an element equal to a value", Arrays.contains),
    define(
      "union", minimum: 0, maximum: nil, kinds: [.array], returns: .array,
      summary: "concatenates the arguments that are arrays", Arrays.union),
    // Other
    define(
      "isNull", minimum: 1, maximum: 1, kinds: [.any], returns: .bool,
      summary: "whether the value is null", Other.isNull),
    define(
      "isEmpty", minimum: 1, maximum: 1, kinds: [.collection], returns: .bool,
      summary: "whether a string, array or object is empty", Other.isEmpty),
    define(
      "length", minimum: 1, maximum: 1, kinds: [.collection], returns: .int,
      summary: "characters, elements or keys", Other.length),
    // Conversion (web 2.x only)
    define(
      "int", minimum: 1, maximum: 1, kinds: [.any], returns: .int,
      summary: "number or numeric string, truncated to an int", origin: .beagle2, Conversion.int),
    define(
      "double", minimum: 1, maximum: 1, kinds: [.any], returns: .number,
      summary: "number or numeric string as a double", origin: .beagle2, Conversion.double),
    define(
      "string", minimum: 1, maximum: 1, kinds: [.any], returns: .string,
      summary: "the value's text", origin: .beagle2, Conversion.string),
  ]
}
