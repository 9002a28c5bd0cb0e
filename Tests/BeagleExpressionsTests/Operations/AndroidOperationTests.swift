import BeagleJSON
import Testing

@testable import BeagleExpressions

/// `--profile android`: the default operations as Beagle Android 1.x computes them where it
/// differs from iOS (docs/spec.md §6.1 Android notes, §10.14).
@Suite struct AndroidOperationTests {
  /// Rows taken from Android's own tests (`ZupIT/beagle`,
  /// `android/beagle/src/test/{java,kotlin}/br/com/zup/beagle/android/operation/**`):
  /// expression, result on Android, result on iOS (the standard library).
  static let fromAndroidTests: [(String, JSONValue, JSONValue)] = [
    // AndOperationTest: one true, three true, one false among trues, no parameters.
    ("and(true)", true, true),
    ("and(true, true, true)", true, true),
    ("and(true, false, true)", false, false),
    ("and()", false, .null),
    // OrOperationTest.
    ("or(true)", true, true),
    ("or(true, false, true)", true, true),
    ("or(false, false, true)", true, true),
    ("or()", false, .null),
    // ConcatOperationTest.
    ("concat('aa', 'bb', 'cc')", "aabbcc", "aabbcc"),
    ("concat('', '')", "", ""),
    ("concat()", "", .null),
    // LengthOperationTest (kotlin): strings, lists, objects, null, no parameter.
    ("length('')", 0, 0),
    ("length('a')", 1, 1),
    ("length(empty)", 0, 0),
    ("length(obj)", 2, 2),
    ("length(null)", 0, .null),
    ("length()", 0, .null),
    // IsEmptyOperationTest: null is empty; no parameter throws (null).
    ("isEmpty('')", true, true),
    ("isEmpty('a')", false, false),
    ("isEmpty(empty)", true, true),
    ("isEmpty(obj)", false, false),
    ("isEmpty(null)", true, .null),
    ("isEmpty()", .null, .null),
    // OperationsTest (capitalize): first character only, the rest kept.
    ("capitalize('aaa')", "Aaa", "Aaa"),
    ("capitalize('AAA')", "AAA", "Aaa"),
    ("capitalize('aaA')", "AaA", "Aaa"),
    // SubstrOperationTest (kotlin) on "123456789".
    ("substr('123456789', 5, 0)", "", ""),
    ("substr('123456789', 0, 5)", "12345", "12345"),
    ("substr('123456789', 3, 3)", "456", "456"),
    ("substr('123456789', 5)", "6789", "6789"),
    // InsertOperationTest / OperationsTest: first position, appended.
    ("insert(context, 9, 0)", [9, 1, 2, 3], [9, 1, 2, 3]),
    ("insert(context, 9)", [1, 2, 3, 9], [1, 2, 3, 9]),
    // RemoveIndexOperationTest, RemoveOperationTest.
    ("removeIndex(context, 0)", [2, 3], [2, 3]),
    ("remove(insert(context, 2), 2)", [1, 3], [1, 3]),
  ]

  @Test("Android's own test rows", arguments: fromAndroidTests)
  func androidTests(text: String, android: JSONValue, ios: JSONValue) throws {
    #expect(try evaluated(text, library: .android) == android)
    #expect(try evaluated(text) == ios)
  }

  /// Rows read from Android's sources (`Android:operation/builtin/**`) where no Android
  /// test covers the input: expression, result on Android, result on iOS.
  static let fromAndroidSources: [(String, JSONValue, JSONValue)] = [
    // AndOperation: only an explicit false makes it false.
    ("and(null)", true, .null),
    ("and(true, 1)", true, .null),
    ("or(null)", false, .null),
    ("or(1, 'true')", false, .null),
    // ConcatOperation: non-null arguments appended as text.
    ("concat('a', null, 'b')", "ab", .null),
    ("concat('n', 1)", "n1", .null),
    ("concat(null)", "", .null),
    // CapitalizeOperation.
    ("capitalize('name lastname')", "Name lastname", "Name Lastname"),
    ("capitalize('')", "", ""),
    ("capitalize(1)", .null, .null),
    // LengthOperation / IsEmptyOperation: other kinds.
    ("length(5)", 0, .null),
    ("length('👍')", 2, 1),
    ("isEmpty(5)", true, .null),
    ("isEmpty(false)", true, .null),
    // InsertOperation: an index outside 0..<count leaves the array as it was.
    ("insert(context, 9, 3)", [1, 2, 3], .null),
    ("insert(context, 9, 10)", [1, 2, 3], .null),
    ("insert(context, 9, -1)", [1, 2, 3], .null),
    ("insert(empty, 9, 0)", [], .null),
    ("insert(context, 9, 1.9)", [1, 9, 2, 3], .null),
    ("insert(context, 9, '1')", [1, 2, 3, 9], .null),
    // RemoveIndexOperation: JSONArray.remove ignores an index out of range.
    ("removeIndex(context, 3)", [1, 2, 3], .null),
    ("removeIndex(context, -1)", [1, 2, 3], .null),
    ("removeIndex(context)", .null, [1, 2]),
    ("removeIndex(context, 1.0)", .null, .null),
    // RemoveOperation: as iOS (int 3 and double 3.0 differ).
    ("remove(c4, 3.0)", [1, 2], [1, 2]),
    ("remove(c4, 3)", [1, 2, 3.0, 3.0], [1, 2, 3.0, 3.0]),
    // SubstrOperation: a length of 0 is "" anywhere; the end of the text is a start.
    ("substr('str', 3)", "", .null),
    ("substr('', 0)", "", .null),
    ("substr('str', 10, 0)", "", .null),
    ("substr('str', 3, 2)", .null, .null),
    ("substr('str', 0, 5)", .null, .null),
    ("substr('str', -1, 1)", .null, .null),
    ("substr('str', 4)", .null, .null),
    ("substr('str', 1, -1)", .null, .null),
    ("substr('a👍b', 1, 2)", "👍", "👍b"),
  ]

  @Test("Android's sources, where no Android test covers the input", arguments: fromAndroidSources)
  func androidSources(text: String, android: JSONValue, ios: JSONValue) throws {
    #expect(try evaluated(text, library: .android) == android)
    #expect(try evaluated(text) == ios)
  }

  @Test("Android takes no argument where its operations accept none")
  func signatures() {
    let android = OperationLibrary.android
    for name in ["and", "or", "concat", "length"] {
      #expect(android.signature(of: name)?.accepts(argumentCount: 0) == true)
      #expect(OperationLibrary.standard.signature(of: name)?.accepts(argumentCount: 0) == false)
    }
    #expect(android.signature(of: "isEmpty")?.accepts(argumentCount: 0) == false)
    #expect(android.dialect == .android)
    #expect(android.adopting(.web).signature(of: "and")?.minimumArguments == 1)
    #expect(android.adopting(.ios).signature(of: "and")?.minimumArguments == 1)
    #expect(android.text(of: 5.0) == "5.0")
  }
}
