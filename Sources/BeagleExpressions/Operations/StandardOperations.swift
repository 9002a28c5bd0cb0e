import BeagleJSON

/// The one list of default operations: name, signature and implementation (spec §6.1).
/// Evaluation and static checking both read it through ``OperationLibrary/standard``.
enum StandardOperations {
  struct Definition: Sendable {
    var name: String
    var signature: OperationSignature
    var implementation: @Sendable ([JSONValue]) -> OperationOutcome
  }

  private static func define(
    _ name: String, _ minimum: Int, _ maximum: Int?, _ kinds: [OperationSignature.Kind],
    _ result: OperationSignature.Kind, _ summary: String,
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
    define("sum", 1, nil, [.number], .number, "adds all ints or all doubles", Arithmetic.sum),
    define("subtract", 1, nil, [.number], .number, "first minus the others", Arithmetic.subtract),
    define(
      "multiply", 1, nil, [.number], .number, "multiplies all ints or all doubles",
      Arithmetic.multiply),
    define(
      "divide", 1, nil, [.number], .number, "first divided by the others; ints truncate",
      Arithmetic.divide),
    // Logic
    define(
      "condition", 3, 3, [.bool, .any, .any], .any, "second if true, else third (same kind)",
      Logic.condition),
    define("not", 1, 1, [.bool], .bool, "negates a boolean", Logic.not),
    define("and", 1, nil, [.bool], .bool, "true if no argument is false", Logic.and),
    define("or", 1, nil, [.bool], .bool, "true if some argument is true", Logic.or),
    // Comparison
    define(
      "gt", 2, 2, [.number], .bool, "first > second (both ints or both doubles)", Comparison.gt),
    define(
      "gte", 2, 2, [.number], .bool, "first >= second (both ints or both doubles)", Comparison.gte),
    define(
      "lt", 2, 2, [.number], .bool, "first < second (both ints or both doubles)", Comparison.lt),
    define(
      "lte", 2, 2, [.number], .bool, "first <= second (both ints or both doubles)", Comparison.lte),
    define(
      "eq", 2, 2, [.any], .bool, "deep equality; int 1 differs from double 1.0", Comparison.eq),
    // String
    define("concat", 1, nil, [.string], .string, "joins strings", Strings.concat),
    define("capitalize", 1, 1, [.string], .string, "capitalises every word", Strings.capitalize),
    define("uppercase", 1, 1, [.string], .string, "upper-cases a string", Strings.uppercase),
    define("lowercase", 1, 1, [.string], .string, "lower-cases a string", Strings.lowercase),
    define(
      "substr", 2, 3, [.string, .int, .int], .string,
      "characters from an index, optionally a count", Strings.substr),
    // Array
    define(
      "insert", 2, 3, [.array, .any, .int], .array, "inserts at an index, or appends", Arrays.insert
    ),
    define(
      "remove", 2, 2, [.array, .any], .array, "removes every element equal to a value",
      Arrays.remove),
    define(
      "removeIndex", 1, 2, [.array, .int], .array, "removes the element at an index, or the last",
      Arrays.removeIndex),
    define(
      "contains", 2, 2, [.array, .any], .bool, "whether an array has an element equal to a value",
      Arrays.contains),
    define(
      "union", 0, nil, [.array], .array, "concatenates the arguments that are arrays", Arrays.union),
    // Other
    define("isNull", 1, 1, [.any], .bool, "whether the value is null", Other.isNull),
    define(
      "isEmpty", 1, 1, [.collection], .bool, "whether a string, array or object is empty",
      Other.isEmpty),
    define("length", 1, 1, [.collection], .int, "characters, elements or keys", Other.length),
    // Conversion (web 2.x only)
    define(
      "int", 1, 1, [.any], .int, "number or numeric string, truncated to an int", origin: .beagle2,
      Conversion.int),
    define(
      "double", 1, 1, [.any], .number, "number or numeric string as a double", origin: .beagle2,
      Conversion.double),
    define(
      "string", 1, 1, [.any], .string, "the value's text", origin: .beagle2, Conversion.string),
  ]
}
