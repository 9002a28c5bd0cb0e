import BeagleJSON

/// Numbers that are not finite — NaN and ±infinity, from `divide(0.0, 0.0)`,
/// `divide(1.0, 0.0)` or a double past the largest one (`multiply(1e308, 10.0)`) —
/// and how each platform shows them in a text (docs/spec.md §5.6, non-finite numbers).
///
/// The value model keeps them, as every platform does, so later operations see the
/// same number (`gt(divide(1.0, 0.0), 5.0)` is true). JSON has no such number
/// (RFC 8259 §6): where beagle-run prints a value as JSON it prints `null`, as web's
/// `JSON.stringify` does, and the run warns where one is stored or shown
/// (`non-finite-number`).
public enum NonFiniteNumber {
  /// The rule id of the warnings about them.
  public static let rule = "non-finite-number"

  /// The text of `double` in a text field or an interpolated string under `dialect`;
  /// nil for a finite number (printed as usual).
  ///
  /// - iOS: `DynamicObject.toString()` is Swift's `"\(double)"`:
  ///   `nan`, `inf`, `-inf` (`ZupIT/beagle:iOS/Sources/Beagle/Sources/ContextExpression/DynamicObject.swift`).
  ///   Swift prints a NaN as `nan` whatever its sign bit (an x86 `0.0 / 0.0` sets it,
  ///   an arm64 one does not), and so does this.
  /// - Android: `ContextDataEvaluation.evaluateBindExpression` puts `value.toString()`
  ///   into the text, Kotlin's `Double.toString()`: `NaN`, `Infinity`, `-Infinity`
  ///   (`ZupIT/beagle:android/beagle/src/main/java/br/com/zup/beagle/android/context/ContextDataEvaluation.kt`).
  /// - web: JavaScript's `String(n)`, the same three words.
  public static func text(of double: Double, dialect: OperationLibrary.Dialect) -> String? {
    guard !double.isFinite else { return nil }
    switch dialect {
    case .ios:
      if double.isNaN { return "nan" }
      return double < 0 ? "-inf" : "inf"
    case .android, .web:
      if double.isNaN { return "NaN" }
      return double < 0 ? "-Infinity" : "Infinity"
    }
  }

  /// The first non-finite number inside `value` (depth first, in source order) and
  /// where it is, relative to `value`; nil when every number is finite.
  /// Iterative: a stack of work costs no call frames, whatever the depth.
  public static func first(in value: JSONValue) -> (number: Double, at: JSONPointer)? {
    var work: [(JSONValue, JSONPointer)] = [(value, JSONPointer())]
    while let (next, pointer) = work.popLast() {
      switch next {
      case .double(let double) where !double.isFinite:
        return (double, pointer)
      case .array(let elements):
        for index in elements.indices.reversed() {
          work.append((elements[index], pointer.appending(index)))
        }
      case .object(let object):
        for (key, member) in object.members.reversed() {
          work.append((member, pointer.appending(key)))
        }
      default:
        break
      }
    }
    return nil
  }
}
