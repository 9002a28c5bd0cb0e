import BeagleExpressions
import BeagleJSON
import BeagleRuntime

/// The expression section of the report: evaluation rates of pre-parsed
/// expressions, the parse rate of expression strings, and the time to re-evaluate
/// every binding of a 10 000-node screen after a `setContext`.
enum ExpressionBenchmark {
  /// One timed measurement: a name, a rate or a time, and its target.
  struct Row {
    var name: String
    var value: String
    var target: String?
    var passes: Bool?
  }

  static func run(runs: Int) throws -> [Row] {
    let scope = realisticScope()
    let evaluator = Evaluator()
    var rows: [Row] = []
    let kinds: [(String, String, Double?)] = [
      ("plain path", "@{user.name}", 2_000_000),
      ("interpolated, two paths", "Hello @{user.name}, you have @{cart.count} items", nil),
      ("nested operations", "@{condition(gt(sum(cart.count, 1), 2), 'many', 'few')}", nil),
    ]
    for (name, source, target) in kinds {
      let template = StringTemplate(source)
      let iterations = 1_000_000
      let seconds = median(runs) {
        var kept = 0
        for _ in 0..<iterations where !evaluator.evaluate(template, in: scope).isNull { kept += 1 }
        return kept
      }
      let rate = Double(iterations) / seconds
      rows.append(
        Row(
          name: "evaluate \(name) `\(source)`", value: "\(Format.count(rate))/s",
          target: target.map { "≥ \(Format.count($0))/s" }, passes: target.map { rate >= $0 }))
    }

    let sources = [
      "@{user.name}", "Hello @{user.name}, you have @{cart.count} items",
      "@{condition(gt(sum(cart.count, 1), 2), 'many', 'few')}", "@{insert(cart.items, 'x', 0)}",
      "plain text without expressions", "\\@{escaped} and @{global.flags[3]}",
    ]
    let parses = 200_000
    let parseSeconds = median(runs) {
      var count = 0
      for index in 0..<parses {
        count += StringTemplate(sources[index % sources.count]).expressions.count
      }
      return count
    }
    rows.append(
      Row(
        name: "parse expression strings (a mix of 6)",
        value: "\(Format.count(Double(parses) / parseSeconds))/s", target: nil, passes: nil))

    let (session, origin) = try tenThousandNodeScreen()
    var screenSession = session
    var value = 0
    let reevaluate = median(runs) {
      value += 1
      screenSession.setContext(
        "user", path: nil, value: ["name": .string("Ana \(value)"), "count": .int(value)],
        origin: origin)
      return screenSession.state(step: value, event: "bench").screen?.children.count ?? 0
    }
    let milliseconds = reevaluate * 1000
    rows.append(
      Row(
        name: "setContext, then re-evaluate every binding of a 10 000-node screen",
        value: Format.milliseconds(milliseconds), target: "< 20 ms", passes: milliseconds < 20))
    return rows
  }

  static func render(_ rows: [Row]) -> String {
    var out = "\nExpressions (release build, median of runs, one core)\n\n"
    for row in rows {
      out += "  \(row.name): \(row.value)"
      if let target = row.target, let passes = row.passes {
        out += "  [\(passes ? "PASS" : "FAIL") target \(target)]"
      }
      out += "\n"
    }
    return out
  }

  // MARK: - Fixtures

  /// A user of 20 fields and a cart of 50 items, inside two outer contexts.
  static func realisticScope() -> ContextScope {
    var user = JSONObject()
    user["name"] = "Ana"
    for index in 0..<19 { user["field\(index)"] = .string("value \(index)") }
    let items = JSONValue.array(
      (0..<50).map { .object(["sku": .string("S-\($0)"), "price": .double(Double($0) * 1.5)]) })
    return ContextScope(
      [
        ("app", ["theme": "dark"]), ("user", .object(user)),
        ("cart", ["count": 3, "items": items]),
      ],
      global: ["flags": [true, false, true, false]])
  }

  /// A screen whose 10 000 text nodes each bind the `user` context.
  static func tenThousandNodeScreen() throws -> (Session, JSONPointer) {
    let text = #"{"_beagleComponent_": "beagle:text", "text": "Hi @{user.name} (@{user.count})"}"#
    var rows: [String] = []
    for _ in 0..<100 {
      rows.append(
        #"{"_beagleComponent_": "beagle:container", "children": ["#
          + Array(repeating: text, count: 99).joined(separator: ",") + "]}")
    }
    let json =
      #"{"_beagleComponent_": "beagle:screenComponent", "context": {"id": "user", "value": {"name": "Ana", "count": 0}}, "child": {"_beagleComponent_": "beagle:container", "children": ["#
      + rows.joined(separator: ",") + "]}}"
    let document = try JSONDocument(parsing: Array(json.utf8))
    guard let root = Decoder().decode(document).root else {
      throw BenchError.childFailed(command: "expressions", detail: "screen did not decode")
    }
    let session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    return (session, JSONPointer(["child"]))
  }

  /// Median seconds of `runs` timed calls of `body` (its result is kept so the work
  /// is not optimised away).
  static func median(_ runs: Int, _ body: () -> Int) -> Double {
    var times: [Double] = []
    var sink = 0
    for _ in 0..<max(1, runs) {
      let start = ContinuousClock.now
      sink &+= body()
      let elapsed = ContinuousClock.now - start
      times.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    if sink == Int.min { print("") }
    return times.sorted()[times.count / 2]
  }
}
