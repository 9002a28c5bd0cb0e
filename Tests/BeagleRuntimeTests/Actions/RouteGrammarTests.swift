import BeagleJSON
import Testing

@testable import BeagleRuntime

/// URL templates (a route's `url`, `sendRequest.url`) are read with the profile's grammar
/// (docs/spec.md §5.3): under web, web-core's, which trims each argument ("should ignore
/// space between parameters") and reads an unreadable part as "" with a warning ("should
/// log error and replace with empty string when operation name is invalid", "should
/// return and give a warning if path is invalid";
/// `ZupIT/beagle-web-core:__tests__/unit/old-structure/bindings/expressions.spec.ts`).
/// Under iOS and Android neither string is an expression (iOS
/// `ContextExpression/Expression/Parser.swift` allows whitespace only around commas), so
/// it is used as written.
@Suite struct RouteGrammarTests {
  static let server = screenServer(["/detail": screenJSON("detail", texts: ["detail"])])

  func start(profile: NavigationProfile) throws -> Session {
    let root = try #require(
      try decode(
        """
        {"_beagleComponent_": "beagle:screenComponent", "identifier": "home",
         "context": {"id": "ctx", "value": {"id": 7}},
         "child": {"_beagleComponent_": "beagle:text", "text": "home"}}
        """
      ).root)
    return Session(
      configuration: Session.Configuration(
        registry: .builtIn, viewClient: Self.server, profile: profile),
      firstScreen: Screen(route: "/", root: root))
  }

  @Test(
    "a route's url: spaces around arguments and an unreadable part follow web's grammar on web only",
    arguments: [
      (NavigationProfile.web, "/@{concat( 'de' ,'tail' )}", [["/", "/detail"]]),
      (.web, "/detail@{ctx.[.]}", [["/", "/detail"]]),
      (.ios, "/@{concat( 'de' ,'tail' )}", [["/"]]),
      (.ios, "/detail@{ctx.[.]}", [["/"]]),
      (.android, "/@{concat( 'de' ,'tail' )}", [["/"]]),
      // Both grammars read a plain call the same way.
      (.ios, "/@{concat('de','tail')}", [["/", "/detail"]]),
    ])
  func routeURL(profile: NavigationProfile, url: String, expected: [[String]]) throws {
    var session = try start(profile: profile)
    try act(&session, #"{"_beagleAction_": "beagle:pushView", "route": {"url": "\#(url)"}}"#)
    #expect(routes(session) == expected)
  }

  @Test(
    "a sendRequest url: web's grammar on web, the text as written elsewhere",
    arguments: [
      (NavigationProfile.web, "/api/@{concat( 'a' ,'b' )}", "/api/ab"),
      (.web, "/api/@{sum-test(4, 2)}", "/api/"),
      (.ios, "/api/@{concat( 'a' ,'b' )}", "/api/@%7Bconcat(%20'a'%20,'b'%20)%7D"),
    ])
  func requestURL(profile: NavigationProfile, url: String, expected: String) throws {
    var session = try start(profile: profile)
    try act(&session, #"{"_beagleAction_": "beagle:sendRequest", "url": "\#(url)"}"#)
    let requests = session.state(step: 1, event: "").requests
    #expect(requests.map(\.url) == [expected])
  }
}
