import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleCLI

@Suite struct EvalCommandTests {
  @Test(
    "eval prints the value as compact JSON (spec §5, §6 examples)",
    arguments: [
      (["@{sum(6, 4)}"], "10"),
      (["sum(4.5, 6.0)"], "10.5"),
      (["divide(6, 4)"], "1"),
      (["@{eq(1, 1.0)}"], "false"),
      (["@{sum(1, '1')}"], "null"),
      (["capitalize('name lastname')"], #""Name Lastname""#),
      (["@{substr('some long string', 5, 4)}"], #""long""#),
      (["insert(c, 3, 2)", "--context", "c=[1,2,3]"], "[1,2,3,3]"),
      (["@{c}", "--context", "c=1", "--context", "c=2"], "2"),
      (["Hi @{user.name}!", "--context", #"user={"name":"Ana"}"#], #""Hi Ana!""#),
      (["@{user.missing}", "--context", "user={}"], "null"),
      (["x @{nothing} y"], #""x  y""#),
      (["@{global.a[1]}", "--global", #"{"a":[1,2.5]}"#], "2.5"),
      (["Total: @{sum(1.5, 1.5)}"], #""Total: 3.0""#),
      (["\\@{a}"], #""@{a}""#),
      (["@{sum()}"], "null"),
      (["@{int('3.7')}"], "3"),
      // --profile web evaluates as web-core (docs/spec.md §6.1 web column, §5.6); android
      // as iOS.
      (["divide(6, 4)", "--profile", "web"], "1.5"),
      (["divide(6, 4)", "--profile", "android"], "1"),
      (["@{eq(1, 1.0)}", "--profile", "web"], "true"),
      (["capitalize('name lastname')", "--profile", "web"], #""Name lastname""#),
      (["@{sum(1, '2')}", "--profile", "web"], #""12""#),
      (["Total: @{sum(1.5, 1.5)}", "--profile", "web"], #""Total: 3""#),
      (
        ["@{c} and @{d}", "--context", "c=[1.0]", "--context", "d=0.5", "--profile", "web"],
        #""[1] and 0.5""#
      ),
      (["condition('false', 'yes', 'no')", "--profile", "web"], #""yes""#),
    ] as [([String], String)])
  func values(arguments: [String], expected: String) {
    let outcome = beagleRunArray(["eval"] + arguments)
    #expect(outcome.code == 0)
    #expect(outcome.output == expected + "\n")
  }

  @Test("a broken expression is a located error and exit 1")
  func broken() {
    let outcome = beagleRunArray(["eval", "@{sun(1, 2)}"])
    #expect(outcome.code == 1)
    #expect(
      outcome.errors == """
        beagle-run: error: unknown operation 'sun'; did you mean 'sum'?
          @{sun(1, 2)}
            ^~~~~~~~~

        """)
  }

  @Test("where iOS crashes, eval warns and gives null")
  func crashCase() {
    let outcome = beagleRunArray(["eval", "divide(1, 0)"])
    #expect(outcome.code == 0)
    #expect(outcome.output == "null\n")
    #expect(outcome.errors.hasPrefix("beagle-run: warning: "))
  }

  @Test("invalid context JSON is a usage error naming the option")
  func badContext() {
    let outcome = beagleRunArray(["eval", "x", "--context", "x={bad"])
    #expect(outcome.code == 64)
    #expect(outcome.errors.hasSuffix("\nSee 'beagle-run help eval'.\n"))
    #expect(outcome.errors.hasPrefix("beagle-run: error: --context x: invalid JSON at column 2: "))
  }
}

@Suite struct EvalHintTests {
  @Test(
    "text that is not an expression is itself, as a payload string without @{…} is (spec §5.1)",
    arguments: [("plain text", #""plain text""#), ("it's", #""it's""#)])
  func plainText(input: String, expected: String) {
    let outcome = beagleRunArray(["eval", input])
    #expect(outcome.code == 0)
    #expect(outcome.output == expected + "\n")
    #expect(
      outcome.errors
        == "beagle-run: note: '\(input)' is not an expression, so it is the text itself (Beagle"
        + " evaluates only what is inside @{…})\n")
  }

  @Test("an operation call that does not parse is still an error")
  func brokenCall() {
    let outcome = beagleRunArray(["eval", "sum(1,"])
    #expect(outcome.code == 1)
    #expect(outcome.output == "")
  }

  @Test("bare words in a call that are not contexts hint that the shell ate the quotes")
  func shellAteQuotes() {
    let outcome = beagleRunArray(["eval", "@{concat(a,b)}"])
    #expect(outcome.code == 0)
    #expect(outcome.output == "null\n")
    #expect(
      outcome.errors
        == "beagle-run: note: 'a' and 'b' are not contexts, so they are null; if they were meant"
        + " as strings, the shell removed the quotes: put the expression in double quotes, as in"
        + " beagle-run eval \"@{concat('a','b')}\"\n")
  }

  @Test("a binding to a context not given says so")
  func missingContext() {
    let outcome = beagleRunArray(["eval", "@{user.name}"])
    #expect(outcome.output == "null\n")
    #expect(
      outcome.errors
        == "beagle-run: note: 'user' is not a context, so it is null; give a context with"
        + " --context ID=JSON\n")
  }

  @Test("double-quoted strings are an error with a hint to Beagle's single quotes")
  func doubleQuotes() {
    let outcome = beagleRunArray(["eval", #"@{concat("a","b")}"#])
    #expect(outcome.code == 1)
    #expect(
      outcome.errors.hasSuffix(
        "beagle-run: note: Beagle's strings are in single quotes ('a'); in a shell, put the"
          + " expression in double quotes: beagle-run eval \"@{concat('a','b')}\"\n"))
  }
}

@Suite struct ReviewFixTests {
  @Test("a wrong argument count warns and evaluates as iOS does (sum() is null, spec §6.1)")
  func arity() {
    let outcome = beagleRunArray(["eval", "@{sum()}"])
    #expect(outcome.code == 0)
    #expect(
      outcome.errors.hasPrefix(
        "beagle-run: warning: operation 'sum' takes at least 1 argument but got 0"))
  }

  @Test(
    "under --profile web, web-core's operations take any count and the 2.x ones exist: no warning",
    arguments: [
      ("@{and()}", "true"), ("@{or()}", "false"), ("@{sum()}", "0"), ("@{int('12')}", "12"),
      ("@{string(5)}", #""5""#),
    ])
  func webArity(expression: String, expected: String) {
    let outcome = beagleRunArray(["eval", expression, "--profile", "web"])
    #expect(outcome.code == 0)
    #expect(outcome.output == expected + "\n")
    #expect(outcome.errors == "")
  }

  @Test("--global @FILE reads the global context from a file")
  func globalFile() throws {
    let file = try temporaryFile(Array(#"{"g": [1, 2]}"#.utf8), name: "global.json")
    #expect(beagleRunArray(["eval", "@{global.g[1]}", "--global", "@" + file]).output == "2\n")
  }

  @Test("control characters of a payload never reach the terminal in a diagnostic")
  func controlCharacters() throws {
    let file = try temporaryFile(Array("{\"a\":\"\u{1B}]0;pwned\u{07}\", }".utf8))
    let outcome = beagleRun("check", file)
    #expect(outcome.code == 1)
    #expect(!outcome.errors.contains("\u{1B}"))
    #expect(!outcome.errors.contains("\u{07}"))
  }
}

@Suite struct ExplainTests {
  /// `--explain`'s text of the screen `payload` (decoded from its tape), in its pieces.
  private func explainedText(_ payload: String) throws -> [String] {
    let document = try JSONDocument(parsing: Array(payload.utf8))
    let root = try #require(Decoder(registry: .builtIn).decode(document).root)
    let screen = Screen(route: "/", root: root)
    var pieces: [String] = []
    ExplainRenderer.writeText(
      { body in ScreenEvaluator().explain(screen, global: .null, each: body) },
      to: { pieces.append($0) })
    return pieces
  }

  @Test("--explain's text is handed on in pieces of 64 KB or more, each ending after a binding")
  func explainInPieces() throws {
    let texts = (0..<3_000).map {
      #"{"_beagleComponent_":"beagle:text","text":"n\#($0) @{c.v}"}"#
    }
    let payload =
      #"{"_beagleComponent_":"beagle:container","context":{"id":"c","value":{"v":7}},"#
      + #""children":["# + texts.joined(separator: ",") + "]}"
    let pieces = try explainedText(payload)
    // The format the manual gives: the pointer and the text as written, each path read
    // with its value, then the result.
    let expected =
      "bindings\n"
      + (0..<3_000).map {
        "  /children/\($0)/text  \"n\($0) @{c.v}\"\n    c.v = 7\n    → \"n\($0) 7\"\n"
      }.joined()
    #expect(pieces.joined() == expected)
    #expect(pieces.count > 1)
    for piece in pieces.dropLast() {
      #expect(piece.utf8.count >= ExplainRenderer.pieceBytes)
      #expect(piece.hasSuffix(" 7\"\n"))
    }
    for piece in pieces.dropFirst() { #expect(piece.hasPrefix("  /children/")) }
    var none: [String] = []
    ExplainRenderer.writeText({ _ in }, to: { none.append($0) })
    #expect(none == ["bindings\n  (none)\n"])
  }

  @Test("--explain lists a binding in style.display, which rendering evaluates")
  func explainStyleDisplay() throws {
    let payload = #"""
      {"_beagleComponent_": "beagle:container", "context": {"id": "ui", "value": {"show": "NONE"}},
       "children": [
         {"_beagleComponent_": "beagle:text", "text": "a",
          "style": {"backgroundColor": "@{ui.show}", "display": "@{ui.show}"}}]}
      """#
    let pieces = try explainedText(payload)
    #expect(
      pieces.joined()
        == "bindings\n  /children/0/style/display  \"@{ui.show}\"\n    ui.show = \"NONE\"\n"
        + "    → \"NONE\"\n")
  }

  @Test("--explain lists each binding, the paths it read and the result")
  func explain() {
    let outcome = beagleRun("Examples/shop/index.json", "--explain")
    #expect(outcome.code == 0)
    #expect(
      outcome.output.hasSuffix(
        """
        bindings
          /child/children/1/text  "Welcome back, @{user.name}!"
            user.name = "Ana"
            → "Welcome back, Ana!"
          /child/children/2/text  "You have @{user.points} points"
            user.points = 120
            → "You have 120 points"

        """))
  }

  @Test(
    "--explain goes into list items: per item, the cases tried, then the chosen template's bindings"
  )
  func explainListItems() {
    let outcome = beagleRun("Examples/shop/products.json", "--explain")
    #expect(outcome.code == 0)
    let catalog =
      #"[{"sku":"A-1","name":"Leash","price":19.9,"inStock":true},"#
      + #"{"sku":"B-2","name":"Bowl","price":9.5,"inStock":false},"#
      + #"{"sku":"C-3","name":"Ball","price":4,"inStock":true}]"#
    #expect(
      outcome.output.hasSuffix(
        """
        bindings
          /child/dataSource  "@{catalog}"
            catalog = \(catalog)
            → \(catalog)
          /child/templates/0/case  "@{not(product.inStock)}"  (item 0)
            product.inStock = true
            → false
          /child/templates/1/view/children/0/text  "@{product.name}"  (item 0)
            product.name = "Leash"
            → "Leash"
          /child/templates/1/view/children/1/text  "$ @{product.price}"  (item 0)
            product.price = 19.9
            → "$ 19.9"
          /child/templates/0/case  "@{not(product.inStock)}"  (item 1)
            product.inStock = false
            → true
          /child/templates/0/view/text  "@{product.name} (sold out)"  (item 1)
            product.name = "Bowl"
            → "Bowl (sold out)"
          /child/templates/0/case  "@{not(product.inStock)}"  (item 2)
            product.inStock = true
            → false
          /child/templates/1/view/children/0/text  "@{product.name}"  (item 2)
            product.name = "Ball"
            → "Ball"
          /child/templates/1/view/children/1/text  "$ @{product.price}"  (item 2)
            product.price = 4
            → "$ 4"

        """))
  }

  @Test("--format json --explain gives a binding inside a list item its 'items'")
  func explainListItemsJSON() throws {
    let outcome = beagleRun("Examples/shop/products.json", "--explain", "--format", "json")
    let line = try #require(outcome.output.split(separator: "\n").first)
    let state = try JSONValue(parsing: String(line))
    let bindings = try #require(state["bindings"]?.arrayValue)
    #expect(bindings.count == 9)
    #expect(bindings[0]["items"] == nil)
    #expect(
      bindings[4]
        == [
          "at": "/child/templates/0/case", "source": "@{not(product.inStock)}",
          "reads": [["path": "product.inStock", "value": false, "contextExists": true]],
          "warnings": [], "result": true, "items": [1],
        ])
  }

  @Test(
    "--explain in nested lists names the item of each list, outermost first; web items see their index"
  )
  func explainNestedLists() throws {
    let screen = """
      {"_beagleComponent_": "beagle:listView", "context": {"id": "rows", "value": [["a", "b"], ["c"]]},
       "dataSource": "@{rows}", "iteratorName": "row",
       "template": {"_beagleComponent_": "beagle:listView", "dataSource": "@{row}", "indexName": "j",
         "templates": [{"case": "@{eq(j, 1)}", "view": {"_beagleComponent_": "beagle:text", "text": "second"}},
                       {"view": {"_beagleComponent_": "beagle:text", "text": "@{item}@{j}"}}]}}
      """
    let file = try temporaryFile(Array(screen.utf8))
    let outcome = beagleRun(file, "--explain", "--profile", "web")
    #expect(outcome.code == 0)
    #expect(
      outcome.output.hasSuffix(
        """
        bindings
          /dataSource  "@{rows}"
            rows = [["a","b"],["c"]]
            → [["a","b"],["c"]]
          /template/dataSource  "@{row}"  (item 0)
            row = ["a","b"]
            → ["a","b"]
          /template/templates/0/case  "@{eq(j, 1)}"  (item 0 › item 0)
            j = 0
            → false
          /template/templates/1/view/text  "@{item}@{j}"  (item 0 › item 0)
            item = "a"
            j = 0
            → "a0"
          /template/templates/0/case  "@{eq(j, 1)}"  (item 0 › item 1)
            j = 1
            → true
          /template/dataSource  "@{row}"  (item 1)
            row = ["c"]
            → ["c"]
          /template/templates/0/case  "@{eq(j, 1)}"  (item 1 › item 0)
            j = 0
            → false
          /template/templates/1/view/text  "@{item}@{j}"  (item 1 › item 0)
            item = "c"
            j = 0
            → "c0"

        """))
  }

  @Test("--global seeds the global context")
  func global() {
    let outcome = beagleRun("Examples/shop/cart.json", "--global", #"{"cart":["A-1","C-3"]}"#)
    #expect(outcome.output.contains("      text #count \"2 items\"\n"))
    #expect(outcome.output.contains("  global = {\"cart\":[\"A-1\",\"C-3\"]}\n"))
  }
}
