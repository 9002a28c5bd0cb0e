import Foundation
import Testing

/// Values computed at run time have limits (docs/performance.md "Limits"): each case here exhausted
/// the stack or memory before.
@Suite struct ValueLimitCommandTests {
  /// A screen whose onInit runs `count` setContext actions with `value`.
  static func screen(initial: String, value: String, count: Int) -> [UInt8] {
    let action = #"{"_beagleAction_": "beagle:setContext", "contextId": "c", "value": \#(value)}"#
    let actions = Array(repeating: action, count: count).joined(separator: ",\n")
    return Array(
      #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": \#(initial)},
       "onInit": [\#(actions)],
       "children": [{"_beagleComponent_": "beagle:text", "text": "x"}]}
      """#.utf8)
  }

  /// The log's errors in `output`. Action k of ``screen(initial:value:count:)`` is on
  /// line k + 2 (from column 13 for the first, column 1 for the others).
  static func errors(in output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(": error: ") }
  }

  @Test(
    "200 setContext actions nesting a context 256 levels each stop at the depth limit, without crashing"
  )
  func deepNesting() throws {
    let nested =
      String(repeating: "[", count: 256) + #""@{c}""# + String(repeating: "]", count: 256)
    let bytes = Self.screen(initial: "0", value: nested, count: 200)
    #expect(bytes.count > 100_000)
    let path = try temporaryFile(bytes)
    let outcome = beagleRun(path)
    #expect(outcome.code == 1)
    let first =
      "\(path):4:1: error: setContext: the new value of 'c' would be nested deeper than 512 levels (--max-depth); nothing happens"
    #expect(
      outcome.errors == "beagle-run: error: the run logged errors; the first, at step 0: \(first)\n"
    )
    // The first two writes nest 0 512 levels deep; the third would go beyond.
    let errors = Self.errors(in: outcome.output)
    #expect(errors.count == 198)
    #expect(errors.first == "  \(first) [context-over-limit] (at /onInit/2/value)")
    let kept = String(repeating: "[", count: 512) + "0" + String(repeating: "]", count: 512)
    #expect(outcome.output.contains("\n  c = \(kept)  (at /)\n"))
  }

  @Test("40 × setContext c = @{concat(c, c)} stops at --max-value-bytes; c keeps its last value")
  func doublingString() throws {
    let path = try temporaryFile(
      Self.screen(initial: #""ab""#, value: #""@{concat(c, c)}""#, count: 40))
    let outcome = beagleRun(path, "--max-value-bytes", "4096")
    #expect(outcome.code == 1)
    // "ab" doubled 10 times is 2048 bytes (2080 counted); the 11th doubling is refused.
    let errors = Self.errors(in: outcome.output)
    #expect(errors.count == 30)
    #expect(
      errors.first
        == "  \(path):12:1: error: setContext: 'concat' would give a value larger than 4096 bytes (--max-value-bytes); nothing happens [set-context-value-refused] (at /onInit/10/value)"
    )
    #expect(
      outcome.output.contains("\n  c = \"\(String(repeating: "ab", count: 1024))\"  (at /)\n"))
    // A refused write is listed with its expression as written, not as a null it never wrote.
    let listed = outcome.output.split(separator: "\n").filter {
      $0.hasPrefix("  onInit → setContext")
    }
    #expect(listed.count == 40)
    #expect(listed.last?.hasSuffix("setContext c = \"@{concat(c, c)}\"") == true)
    #expect(!outcome.output.contains("setContext c = null"))
  }

  @Test("40 × setContext c = @{union(c, c)} stops at --max-value-bytes")
  func doublingArray() throws {
    let path = try temporaryFile(
      Self.screen(initial: "[1]", value: #""@{union(c, c)}""#, count: 40))
    let outcome = beagleRun(path, "--max-value-bytes", "4096")
    #expect(outcome.code == 1)
    // 64 elements count 65 × 32 = 2080 bytes; 128 would count 4128.
    let errors = Self.errors(in: outcome.output)
    #expect(errors.count == 34)
    #expect(
      errors.first
        == "  \(path):8:1: error: setContext: 'union' would give a value larger than 4096 bytes (--max-value-bytes); nothing happens [set-context-value-refused] (at /onInit/6/value)"
    )
    let kept = "[" + Array(repeating: "1", count: 64).joined(separator: ",") + "]"
    #expect(outcome.output.contains("\n  c = \(kept)  (at /)\n"))
  }

  @Test("a template nesting the context in itself twice per write is refused past the size limit")
  func templateDoubling() throws {
    let path = try temporaryFile(
      Self.screen(initial: "1", value: #"["@{c}", "@{c}"]"#, count: 40))
    let outcome = beagleRun(path, "--max-value-bytes", "65536")
    #expect(outcome.code == 1)
    // After k writes: 2^k leaves and 2^k - 1 arrays, all shared, but printed in full;
    // 2^11 - 1 values count 65 504 bytes, 2^12 - 1 would count 131 040.
    let errors = Self.errors(in: outcome.output)
    #expect(errors.count == 30)
    #expect(
      errors.first
        == "  \(path):12:1: error: setContext: the new value of 'c' would be larger than 65536 bytes (--max-value-bytes); nothing happens [context-over-limit] (at /onInit/10/value)"
    )
  }

  @Test("eval: a custom operation concat(@0, @0) nested 40 deep is a located error, exit 1")
  func evalDoubling() throws {
    let manifest = try temporaryFile(
      Array(#"{"operations": {"twice": "concat(@0, @0)"}}"#.utf8), name: "beagle.json")
    var expression = "twice('ab')"
    for _ in 1..<40 { expression = "twice(\(expression))" }
    let outcome = beagleRun("eval", expression, "--registry", manifest)
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(
      outcome.errors.hasPrefix(
        "beagle-run: error: 'concat' would give a value larger than 64 MB (--max-value-bytes)\n"))
  }

  @Test(
    "eval: a custom operation calling itself twice is a located error after 10 000 calls, exit 1")
  func evalExponentialCalls() throws {
    let manifest = try temporaryFile(
      Array(#"{"operations": {"twice": "concat(twice(@0), twice(@0))"}}"#.utf8),
      name: "beagle.json")
    let outcome = beagleRun("eval", "@{twice('a')}", "--registry", manifest)
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
    #expect(
      outcome.errors
        == """
        beagle-run: warning: evaluation of 'twice' is nested more than 256 levels deep (custom operations calling each other?); the result is null
          @{twice('a')}
            ^~~~~~~~~~
        beagle-run: error: evaluation of 'twice' makes more than 10000 operation calls (a custom operation calling itself more than once?)
          @{twice('a')}
            ^~~~~~~~~~

        """
    )
  }

  @Test("setContext with a custom operation calling itself twice is refused; the run ends")
  func setContextExponentialCalls() throws {
    let screen = Self.screen(initial: #""a""#, value: #""@{twice(c)}""#, count: 3)
    let path = try temporaryFile(screen, name: "index.json")
    let manifest = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("beagle.json")
    try Data(#"{"operations": {"twice": "concat(twice(@0), twice(@0))"}}"#.utf8).write(to: manifest)
    let outcome = beagleRun(path)
    #expect(outcome.code == 1)
    let errors = Self.errors(in: outcome.output)
    #expect(
      errors
        == [(2, 13), (3, 1), (4, 1)].enumerated().map { index, place in
          "  \(path):\(place.0):\(place.1): error: setContext: evaluation of 'twice' makes more than 10000 operation calls (a custom operation calling itself more than once?); nothing happens [set-context-value-refused] (at /onInit/\(index)/value)"
        })
    #expect(outcome.output.contains("\n  c = \"a\"  (at /)\n"))
  }

  @Test("--max-value-bytes takes a whole number of bytes")
  func usage() {
    let outcome = beagleRun("eval", "1", "--max-value-bytes", "0")
    #expect(outcome.code == 64)
    #expect(
      outcome.errors
        == "beagle-run: error: '--max-value-bytes' takes a whole number of bytes, at least 1, not '0'\nSee 'beagle-run help eval'.\n"
    )
  }
}

/// `--max-depth` bounds every JSON input, and a rendered text over `--max-value-bytes`
/// is the error a `setContext` of the same value is (issue #19).
@Suite struct ValueLimitInputTests {
  static let nested = "[[[1]]]"
  static let depthError =
    "invalid JSON at column 3: arrays and objects are nested more than 2 levels deep"

  @Test("--global nested deeper than --max-depth is refused")
  func globalDepth() throws {
    let path = try temporaryFile(Array(#"{"_beagleComponent_": "beagle:text", "text": "x"}"#.utf8))
    let outcome = beagleRun(path, "--max-depth", "2", "--global", Self.nested)
    #expect(outcome.code == 1)
    #expect(outcome.errors.contains("--global: \(Self.depthError)"))
  }

  @Test("eval --context and --global nested deeper than --max-depth are refused")
  func evalDepth() {
    let context = beagleRun("eval", "@{a}", "--max-depth", "2", "--context", "a=\(Self.nested)")
    #expect(context.code == 1)
    #expect(context.errors == "beagle-run: error: --context a: \(Self.depthError)\n")
    let global = beagleRun("eval", "@{global}", "--max-depth", "2", "--global", Self.nested)
    #expect(global.code == 1)
    #expect(global.errors == "beagle-run: error: --global: \(Self.depthError)\n")
  }

  @Test("a respond step's JSON nested deeper than --max-depth is refused")
  func respondDepth() throws {
    let path = try temporaryFile(Array(#"{"_beagleComponent_": "beagle:text", "text": "x"}"#.utf8))
    let outcome = beagleRun(path, "--max-depth", "2", "--step", "respond 200 \(Self.nested)")
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasPrefix("--step:1: error: "))
    #expect(outcome.errors.contains("nested more than 2 levels deep"))
  }

  @Test("a text over --max-value-bytes is the error setContext gives for the same value")
  func renderedTextTooLarge() throws {
    let parts = String(repeating: "@{c}", count: 20)
    let path = try temporaryFile(
      Array(
        #"""
        {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "\#(String(repeating: "x", count: 100))"},
         "children": [{"_beagleComponent_": "beagle:text", "text": "\#(parts)"}]}
        """#.utf8))
    let outcome = beagleRun(path, "--max-value-bytes", "1000")
    #expect(outcome.code == 1)
    #expect(
      ValueLimitCommandTests.errors(in: outcome.output) == [
        "  \(path):2:15: error: 'text': the interpolated string would give a value larger than 1000 bytes (--max-value-bytes); it renders empty [render-value-refused] (at /children/0/text)"
      ])
  }
}
