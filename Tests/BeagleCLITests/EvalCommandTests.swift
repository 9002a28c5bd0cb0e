import Testing

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
      // --profile web evaluates as web-core (spec §6.1 web column, §5.6); android as iOS.
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

  @Test("invalid context JSON is an error naming the option")
  func badContext() {
    let outcome = beagleRunArray(["eval", "x", "--context", "x={bad"])
    #expect(outcome.code == 1)
    #expect(outcome.errors.hasPrefix("beagle-run: error: --context x: invalid JSON at column 2: "))
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

  @Test("--global seeds the global context")
  func global() {
    let outcome = beagleRun("Examples/shop/cart.json", "--global", #"{"cart":["A-1","C-3"]}"#)
    #expect(outcome.output.contains("      text #count \"2 items\"\n"))
    #expect(outcome.output.contains("  global = {\"cart\":[\"A-1\",\"C-3\"]}\n"))
  }
}
