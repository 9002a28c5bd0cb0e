import BeagleTestSupport
import Testing

@testable import BeagleExpressions

/// ``ExpressionChecker/check(source:options:)`` finds a string's expressions without
/// building its text parts, and parses an expression again for its source map only when
/// the expression has problems to locate. These check it against the whole way: the
/// template classified, every expression checked with its map.
@Suite struct ExpressionCheckerMapTests {
  /// What `check(source:)` found before its shortcuts, from the public steps.
  private static func checkedWithMaps(
    _ source: String, library: OperationLibrary, options: StringTemplate.Options
  ) -> ExpressionCheck {
    let checker = ExpressionChecker(library: library)
    let parsed = StringTemplate.parse(source, options: options)
    var result = ExpressionCheck()
    if let error = parsed.error { result.diagnostics.append(error) }
    let bytes = Array(source.utf8)
    var located: [(Expression, Range<Int>)] = []
    switch parsed.template {
    case .plain: break
    case .single(let expression): located = [(expression, 0..<bytes.count)]
    case .interpolated(let parts):
      for case .expression(let expression, let range) in parts {
        located.append((expression, range))
      }
    }
    for (expression, range) in located {
      let inner = range.lowerBound + 2..<max(range.lowerBound + 2, range.upperBound - 1)
      let one = checker.check(expression, sourceMap: SourceMap(parsing: bytes, range: inner))
      result.diagnostics += one.diagnostics
      for id in one.contextIds where !result.contextIds.contains(id) {
        result.contextIds.append(id)
      }
    }
    return result
  }

  /// An expression: a binding, a literal or a call, known or not, of any arity.
  private static func expression(_ random: inout SplitMix, depth: Int = 0) -> String {
    switch depth > 2 ? random.below(2) : random.below(4) {
    case 0: return ["a", "b.c", "user.name", "item", "global.x", "a[0].b"][random.below(6)]
    case 1: return ["1", "'s'", "true", "null", "2.5"][random.below(5)]
    default:
      let name = ["sum", "sun", "not", "condition", "int", "isEmpty", "lenght", "eq"][
        random.below(8)]
      let arguments = (0..<random.below(4)).map { _ in expression(&random, depth: depth + 1) }
      return "\(name)(\(arguments.joined(separator: ", ")))"
    }
  }

  /// A string of text and expressions, now and then malformed or escaped.
  private static func source(_ random: inout SplitMix) -> String {
    (0..<(1 + random.below(4))).map { _ in
      switch random.below(8) {
      case 0: "texto é "
      case 1: #"\@{a} "#
      case 2: "@{" + expression(&random)  // unclosed, or closed by a later one
      case 3: "@{ \(expression(&random)) }"
      case 4: "@{" + expression(&random) + ")}"
      default: "@{" + expression(&random) + "}"
      }
    }.joined()
  }

  @Test("the same diagnostics, ranges and contexts as checking with every map (seeded)")
  func sameAsWithEveryMap() {
    var random = SplitMix(seed: 2_026_112_7)
    var located = 0
    for library in [OperationLibrary.standard, OperationLibrary.standard.adopting(.web)] {
      let checker = ExpressionChecker(library: library)
      // Web's grammar classifies its own way (``StringTemplate/parse(_:options:)``).
      let options = StringTemplate.Options(grammar: library.dialect == .web ? .web : .ios)
      for _ in 0..<2000 {
        let source = Self.source(&random)
        let found = checker.check(source: source, options: options)
        let expected = Self.checkedWithMaps(source, library: library, options: options)
        #expect(found == expected, "\(source)")
        located += found.diagnostics.filter { !$0.range.isEmpty }.count
      }
    }
    // Many strings have problems to locate, so the maps are compared, not only skipped.
    #expect(located > 1000)
  }
}
