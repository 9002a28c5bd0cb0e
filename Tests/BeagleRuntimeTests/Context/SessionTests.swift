import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct SessionTests {
  let payload = """
    {"_beagleComponent_": "beagle:screenComponent",
     "context": {"id": "user", "value": {"name": "Ana", "age": 30}},
     "child": {"_beagleComponent_": "beagle:container",
       "context": {"id": "counter", "value": 1},
       "children": [
         {"_beagleComponent_": "beagle:text", "text": "Hi @{user.name}, @{counter}"},
         {"_beagleComponent_": "beagle:text", "text": "@{user.age}"},
         {"_beagleComponent_": "beagle:button", "text": "b", "enabled": "@{gt(user.age, 17)}"},
         {"_beagleComponent_": "beagle:button", "text": "c", "enabled": "@{user.name}"},
         {"_beagleComponent_": "beagle:container", "context": {"id": "user", "value": {"name": "Bo"}},
          "children": [{"_beagleComponent_": "beagle:text", "text": "@{user.name} @{global.x}"}]}
       ]}}
    """

  func session() throws -> Session {
    let root = try #require(try decode(payload).root)
    return Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
  }

  func texts(_ session: Session) -> [String] {
    var session = session
    var result: [String] = []
    var work = [session.state(step: 0, event: "").screen].compactMap { $0 }
    while let node = work.first {
      work.removeFirst()
      if node.isType("beagle:text"), let text = node.properties["text"]?.stringValue {
        result.append(text)
      }
      work.append(contentsOf: node.children)
    }
    return result
  }

  @Test("bindings show the nearest context's value; string fields show values as text (spec §5.6)")
  func evaluated() throws {
    #expect(texts(try session()) == ["Hi Ana, 1", "30", "Bo "])
  }

  @Test("a whole expression keeps its type and must fit the field's type, else the field is absent")
  func typed() throws {
    var session = try session()
    let screen = try #require(session.state(step: 0, event: "").screen)
    let buttons = screen.children[0].children.filter { $0.isType("beagle:button") }
    #expect(buttons[0].properties["enabled"] == .bool(true))
    #expect(!buttons[1].properties.keys.contains("enabled"))
  }

  @Test("setContext changes what every binding shows, with iOS's path rules (spec §4.5, §7.1)")
  func setContext() throws {
    var session = try session()
    let origin = try #require(JSONPointer(parsing: "/child/children/0"))
    #expect(session.setContext("counter", path: nil, value: 5, origin: origin) == nil)
    session.setContext("user", path: try ContextPath(parsing: "name"), value: "Cy", origin: origin)
    session.setContext("global", path: try ContextPath(parsing: "x[1]"), value: "g", origin: origin)
    // An array in an interpolated string shows as compact JSON (docs/spec.md §5.6).
    #expect(texts(session) == ["Hi Cy, 5", "30", #"Bo [null,"g"]"#])
    #expect(session.global == ["x": [.null, "g"]])
    let contexts = session.contexts(of: try #require(session.topScreen))
    #expect(contexts.map(\.id) == ["user", "counter", "user", "global"])
    #expect(contexts[0].value == ["name": "Cy", "age": 30])
  }

  @Test("setContext reaches the nearest declaration from the origin, shadowing outer ones")
  func shadowing() throws {
    var session = try session()
    let inner = try #require(JSONPointer(parsing: "/child/children/4/children/0"))
    session.setContext("user", path: try ContextPath(parsing: "name"), value: "Di", origin: inner)
    #expect(texts(session) == ["Hi Ana, 1", "30", "Di "])
  }

  @Test("setContext on an id nobody declares changes nothing and says so")
  func missing() throws {
    var session = try session()
    let warning = session.setContext("nope", path: nil, value: 1, origin: JSONPointer())
    #expect(
      warning?.message
        == "setContext: no context 'nope' is in scope; nothing happens (iOS does nothing)")
    #expect(texts(session) == ["Hi Ana, 1", "30", "Bo "])
  }

  @Test("custom operations from the manifest evaluate in bindings")
  func customOperation() throws {
    let manifest = Manifest.parse(
      try JSONDocument(
        parsing: Array(#"{"operations": {"greet": "concat('Hi ', @0)"}, "global": 7}"#.utf8)),
      source: nil)
    #expect(manifest.1 == [])
    let root = try #require(
      try decode(#"{"_beagleComponent_": "beagle:text", "text": "@{greet('Ana')} @{global}"}"#).root
    )
    var session = Session(
      configuration: Session.Configuration(
        registry: .builtIn, global: manifest.0.global ?? .null, operations: manifest.0.operations),
      firstScreen: Screen(route: "/", root: root))
    #expect(
      session.state(step: 0, event: "").screen?.children.first?.properties["text"] == "Hi Ana 7")
  }
}

@Suite struct BindingCheckerTests {
  func check(_ text: String) throws -> [Diagnostic] {
    BindingChecker().check(try #require(try decode(text).root))
  }

  @Test("implicit contexts of events and list iterators count as declared")
  func implicit() throws {
    let diagnostics = try check(
      """
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{global.items}", "iteratorName": "p",
       "templates": [{"case": "@{p.ok}", "view": {"_beagleComponent_": "beagle:textInput", "value": "@{p.name}",
         "onChange": [{"_beagleAction_": "beagle:sendRequest", "url": "/@{onChange.value}",
           "onSuccess": [{"_beagleAction_": "beagle:alert", "message": "@{onSuccess.data} @{onChange.value}"}]}]}}]}
      """)
    #expect(diagnostics == [])
  }

  @Test("the deprecated single template sees the list's iterator, as templates do")
  func deprecatedTemplate() throws {
    let diagnostics = try check(
      """
      {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": ["a"]}, "children": [
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}",
         "template": {"_beagleComponent_": "beagle:text", "text": "@{item}"}},
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}", "iteratorName": "x",
         "template": {"_beagleComponent_": "beagle:text", "text": "@{x} @{item}"}}]}
      """)
    // The second list names its iterator 'x': 'item' is not in scope there.
    #expect(diagnostics.map(\.message) == ["no enclosing component declares context 'item'"])
    #expect(diagnostics.first?.pointer?.description == "/children/1/template/text")
    #expect(
      diagnostics.first?.notes.first
        == "contexts in scope here: 'x', 'c', 'global', 'navigationContext'")
  }

  static let indexedLists = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": ["a"]}, "children": [
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}", "iteratorName": "x",
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "x=@{x} i=@{index}"}}]},
      {"_beagleComponent_": "beagle:listView", "dataSource": "@{c}", "indexName": "i",
       "template": {"_beagleComponent_": "beagle:text", "text": "@{item} i=@{i} @{index}"}}]}
    """

  @Test(
    "a list item's index is a context on web only; elsewhere a binding to it is a warning saying so",
    arguments: [
      (NavigationProfile.ios, "iOS (ios rule)"), (.android, "Android (android rule)"),
    ])
  func indexOutsideWeb(profile: NavigationProfile, platform: String) throws {
    let root = try #require(try decode(Self.indexedLists).root)
    let diagnostics = BindingChecker(profile: profile).check(root)
    let because = ": a list item's index context exists on web 2.x only, not on " + platform
    #expect(
      diagnostics.map(\.message) == [
        "no enclosing component declares context 'index'" + because,
        "no enclosing component declares context 'i'" + because,
        // The second list names its index 'i': 'index' is no index there.
        "no enclosing component declares context 'index'",
      ])
    #expect(
      diagnostics.map { $0.pointer?.description ?? "" } == [
        "/children/0/templates/0/view/text", "/children/1/template/text",
        "/children/1/template/text",
      ])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("a local screen inside a list item does not see the item's index name")
  func indexInLocalScreen() throws {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:listView", "dataSource": "@{global}", "templates": [{"view":
          {"_beagleComponent_": "beagle:button", "text": "Open", "onPress": [
            {"_beagleAction_": "beagle:pushView", "route": {"screen": {"child":
              {"_beagleComponent_": "beagle:text", "text": "@{index}"}}}}]}}]}
        """
      ).root)
    #expect(
      BindingChecker(profile: .ios).check(root).map(\.message) == [
        "no enclosing component declares context 'index'"
      ])
  }

  @Test("under the web profile a list item's index is in scope by its indexName")
  func indexOnWeb() throws {
    let root = try #require(try decode(Self.indexedLists).root)
    let diagnostics = BindingChecker(profile: .web).check(root)
    #expect(diagnostics.map(\.message) == ["no enclosing component declares context 'index'"])
    #expect(diagnostics.first?.pointer?.description == "/children/1/template/text")
    #expect(
      diagnostics.first?.notes.first
        == "contexts in scope here: 'item', 'i', 'c', 'global', 'navigationContext'")
  }

  static let cart = """
    {"_beagleComponent_": "beagle:container", "context": {"id": "cart", "value": []}, "children": [
      {"_beagleComponent_": "beagle:button", "text": "Add", "onPress": [
        {"_beagleAction_": "beagle:setContext", "contextId": "cart", "value": [1]},
        {"_beagleAction_": "beagle:setContext", "contextId": "crt", "value": [2]},
        {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": 3},
        {"_beagleAction_": "beagle:setContext", "contextId": "zzzzz", "value": 4}]}]}
    """

  @Test("setContext naming a context nothing in scope declares is a warning at its contextId")
  func setContextTarget() throws {
    let diagnostics = try check(Self.cart)
    #expect(
      diagnostics.map(\.message) == [
        "setContext: no enclosing component declares context 'crt'; did you mean 'cart'?",
        "setContext: no enclosing component declares context 'zzzzz'",
      ])
    #expect(
      diagnostics.map { $0.pointer?.description ?? "" } == [
        "/children/0/onPress/1/contextId", "/children/0/onPress/3/contextId",
      ])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
    #expect(
      diagnostics.first?.notes == [
        "contexts in scope here: 'cart', 'global', 'navigationContext'",
        "iOS does nothing when the action runs",
      ])
  }

  @Test(
    "the check's note on a setContext target says what the profile's platform does",
    arguments: [
      (NavigationProfile.ios, "iOS does nothing when the action runs"),
      (.android, "Android does nothing when the action runs"),
      (.web, "web warns that it is not found when the action runs"),
    ])
  func setContextTargetNote(profile: NavigationProfile, note: String) throws {
    let root = try #require(try decode(Self.cart).root)
    let diagnostics = BindingChecker(profile: profile).check(root)
    #expect(diagnostics.map { $0.notes.last } == [note, note])
  }

  @Test("at run time, setContext to a context not in scope does nothing and warns at its contextId")
  func setContextTargetAtRunTime() throws {
    var session = try BeagleRuntimeTests.session(Self.cart)
    #expect(session.perform(.tap(.text("Add"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(
      state.log.map(\.description) == [
        "warning: setContext: no context 'crt' is in scope; nothing happens (iOS does nothing);"
          + " did you mean 'cart'? (at /children/0/onPress/1/contextId)",
        "warning: setContext: no context 'zzzzz' is in scope; nothing happens (iOS does nothing)"
          + " (at /children/0/onPress/3/contextId)",
      ])
    #expect(state.contexts.map(\.value) == [[1], 3])
  }

  @Test("an undeclared context is a warning naming what was considered")
  func undeclared() throws {
    let diagnostics = try check(
      #"{"_beagleComponent_": "beagle:container", "context": {"id": "a", "value": 1}, "children": [{"_beagleComponent_": "beagle:text", "text": "@{b}"}]}"#
    )
    #expect(diagnostics.map(\.message) == ["no enclosing component declares context 'b'"])
    #expect(diagnostics.first?.severity == .warning)
    #expect(
      diagnostics.first?.notes.first == "contexts in scope here: 'a', 'global', 'navigationContext'"
    )
  }

  @Test("unknown operations, wrong arity and syntax errors are errors")
  func errors() throws {
    let diagnostics = try check(
      #"{"_beagleComponent_": "beagle:button", "text": "@{sun(1)}", "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "global", "value": "@{not(true, false)}"}, {"_beagleAction_": "beagle:alert", "message": "@{a"}]}"#
    )
    #expect(diagnostics.allSatisfy { $0.severity == .error })
    #expect(diagnostics.count == 3)
    #expect(diagnostics[0].message == "unknown operation 'sun'; did you mean 'sum'?")
    #expect(diagnostics[0].pointer?.description == "/text")
    #expect(diagnostics[1].pointer?.description == "/onPress/0/value")
    #expect(diagnostics[2].pointer?.description == "/onPress/1/message")
  }
}
