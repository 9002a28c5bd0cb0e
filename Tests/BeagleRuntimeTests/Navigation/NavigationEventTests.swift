import BeagleJSON
import BeagleRendering
import Testing

@testable import BeagleRuntime

@Suite struct NavigationEventTests {
  @Test(
    "direction compares routes as paths",
    arguments: [
      ("/news", "/news/1", NavigationDirection.deeper),
      ("/news/1", "/news/2", .sideways),
      ("/news/1", "/news", .higher),
      ("/news", "/news", .sideways),
      ("/", "/news", .deeper),
      ("/news", "/", .higher),
      ("/news/", "/news/1", .deeper),
      ("/news?page=2", "/news/1#top", .deeper),
      ("home", "cart", .sideways),
      ("home", "home/details", .deeper),
      ("https://a.com/x", "https://a.com/x/y", .deeper),
      ("https://a.com/x/y", "/x", .sideways),
      ("https://a.com/x", "https://b.com/x/y", .sideways),
      ("/news", "/newsroom", .sideways),
    ])
  func direction(_ from: String, _ to: String, _ expected: NavigationDirection) {
    #expect(NavigationDirection(from: from, to: to) == expected)
  }

  @Test(
    "each operation reports the transition iOS would run with the default animation",
    arguments: [
      (
        NavigatorStep.push("/b"),
        #"{"style":"push","type":"system","subtype":null,"duration":null}"#
      ),
      (.pop, #"{"style":"pop","type":"system","subtype":null,"duration":null}"#),
      (.popTo("/a"), #"{"style":"pop","type":"system","subtype":null,"duration":null}"#),
      (
        .pushStack("/m"),
        #"{"style":"present","modalPresentationStyle":"automatic","modalTransitionStyle":"coverVertical"}"#
      ),
      (.resetStack("/r"), #"{"style":"replace"}"#),
      (.resetApplication("/r"), #"{"style":"replace"}"#),
      (
        .native("n", reset: false),
        #"{"style":"push","type":"system","subtype":null,"duration":null}"#
      ),
      (.native("n", reset: true), #"{"style":"replace"}"#),
      (.external("https://x"), "null"),
    ])
  func defaultTransitions(_ operation: NavigatorStep, _ expected: String) throws {
    var subject = navigator([["/a", "/b"]])
    let event = perform(&subject) { operation.apply(to: &$0) }
    #expect(JSONStateRenderer.value(of: event)["transition"] == (try JSONValue(parsing: expected)))
  }

  @Test("popStack and popView on a presented root report a dismissal with the modal styles")
  func dismissal() throws {
    let animation = try NavigationAnimation(
      parsing: ["modalPresentationStyle": "fullScreen", "modalTransitionStyle": "crossDissolve"])
    var subject = Navigator(root: screen("/a"), animation: animation)
    let present = perform(&subject) { $0.pushStack(screen("/b")) }
    let dismiss = perform(&subject) { $0.pop() }
    let expected = try JSONValue(
      parsing:
        #"{"style":"dismiss","modalPresentationStyle":"fullScreen","modalTransitionStyle":"crossDissolve"}"#
    )
    #expect(dismiss.transition.map { JSONStateRenderer.value(of: $0) } == expected)
    #expect(present.transition?.style == .present)
    #expect(present.transition?.modalPresentationStyle == "fullScreen")
  }

  @Test("configured push and pop transitions appear in the events")
  func configured() throws {
    let animation = try NavigationAnimation(
      parsing: try JSONValue(
        parsing: #"""
          {"pushTransition": {"type": "push", "subtype": "fromRight", "duration": 0.3},
           "popTransition": {}}
          """#))
    var subject = Navigator(root: screen("/a"), animation: animation)
    let push = perform(&subject) { $0.push(screen("/b")) }
    let pop = perform(&subject) { $0.pop() }
    #expect(
      push.transition.map { JSONStateRenderer.value(of: $0) }
        == (try JSONValue(
          parsing: #"{"style":"push","type":"push","subtype":"fromRight","duration":0.3}"#)))
    // An empty transition object takes iOS's Transition defaults: moveIn, no subtype, 0.5 s.
    #expect(
      pop.transition.map { JSONStateRenderer.value(of: $0) }
        == (try JSONValue(
          parsing: #"{"style":"pop","type":"moveIn","subtype":null,"duration":0.5}"#)))
  }

  @Test("the event's JSON has the keys of navigation.event in order")
  func eventJSON() throws {
    var subject = navigator([["/news"]])
    let push = perform(&subject) { $0.push(screen("/news/1")) }
    #expect(
      JSONStateRenderer.value(of: push).objectValue?.keys == [
        "kind", "from", "to", "direction", "transition",
      ])
    #expect(JSONStateRenderer.value(of: push)["kind"] == "push")
    #expect(JSONStateRenderer.value(of: push)["from"] == "/news")
    #expect(JSONStateRenderer.value(of: push)["to"] == "/news/1")
    #expect(JSONStateRenderer.value(of: push)["direction"] == "deeper")
    let none = perform(&subject) { $0.popStack() }
    #expect(
      JSONStateRenderer.value(of: none)
        == (try JSONValue(
          parsing: #"{"kind":"none","from":"/news/1","to":null,"direction":null,"transition":null}"#
        )))
  }

  @Test(
    "defaultAnimation errors",
    arguments: [
      (#"[]"#, "'defaultAnimation' must be an object, found an array"),
      (#"{"pushTransitions": {}}"#, "unknown field 'pushTransitions' in 'defaultAnimation'"),
      (
        #"{"pushTransition": {"type": "slide"}}"#,
        "'pushTransition.type' cannot be 'slide'; expected one of 'fade', 'moveIn', 'push', 'reveal'"
      ),
      (
        #"{"popTransition": {"duration": "fast"}}"#,
        "'popTransition.duration' must be a number of seconds (0 or more), found the string 'fast'"
      ),
      (
        #"{"popTransition": {"duration": -1}}"#,
        "'popTransition.duration' must be a number of seconds (0 or more), found the number -1"
      ),
      (#"{"popTransition": {"curve": 1}}"#, "unknown field 'curve' in 'popTransition'"),
      (
        #"{"modalPresentationStyle": 3}"#,
        "'modalPresentationStyle' must be a string, found the number 3"
      ),
      (
        #"{"modalTransitionStyle": "zoom"}"#,
        "'modalTransitionStyle' cannot be 'zoom'; expected one of 'coverVertical',"
          + " 'flipHorizontal', 'crossDissolve', 'partialCurl'"
      ),
    ])
  func animationErrors(_ json: String, _ message: String) throws {
    let value = try JSONValue(parsing: json)
    #expect(throws: NavigationError.self) { try NavigationAnimation(parsing: value) }
    do {
      _ = try NavigationAnimation(parsing: value)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("an empty defaultAnimation is iOS's defaults")
  func emptyAnimation() throws {
    #expect(try NavigationAnimation(parsing: [:]) == NavigationAnimation())
    #expect(NavigationAnimation().modalPresentationStyle == "automatic")
    #expect(NavigationAnimation().modalTransitionStyle == "coverVertical")
    #expect(NavigationAnimation().pushTransition == nil)
  }
}
