import BeagleJSON
import Testing

@testable import BeagleRuntime

@Suite struct SessionConfigurationTests {
  func manifest(_ text: String) throws -> Manifest {
    let (manifest, diagnostics) = Manifest.parse(
      try JSONDocument(parsing: Array(text.utf8)), source: "beagle.json")
    #expect(diagnostics == [])
    return manifest
  }

  @Test("a session starts as its configuration says: profile, global, coverage")
  func initialization() throws {
    let root = try #require(try decode(screenJSON("home")).root)
    let session = Session(
      configuration: Session.Configuration(
        registry: .builtIn, global: ["user": "Ana"], profile: .android, collectsCoverage: true),
      firstScreen: Screen(route: "/home", root: root))
    #expect(session.navigator.profile == .android)
    #expect(session.global == ["user": "Ana"])
    #expect(session.coverage == CoverageLog())
    #expect(routes(session) == [["/home"]])
    #expect(session.configuration.profile == .android)
  }

  @Test("adopting a manifest takes its native routes, read from its folder, and its analytics")
  func adoptsManifest() throws {
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.adopt(
      try manifest(
        #"{"nativeRoutes": {"/news/:id": "news.json"}, "analytics": {"enableScreenAnalytics": false}}"#
      ), folder: "app", location: "/project/app")
    let handler = try #require(configuration.deepLinkHandler)
    #expect(handler.routes.map(\.screen) == ["news.json"])
    #expect(handler.folder == "app")
    #expect(handler.location == "/project/app")
    #expect(configuration.analytics == AnalyticsConfig(enableScreenAnalytics: false))
  }

  @Test("a manifest without native routes or analytics leaves none and the default analytics")
  func adoptsEmptyManifest() throws {
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.adopt(try manifest("{}"), folder: "")
    #expect(configuration.deepLinkHandler == nil)
    #expect(configuration.analytics == AnalyticsConfig())
  }

  @Test("native routes of a manifest in the working directory are read from '.'")
  func workingDirectory() throws {
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.adopt(try manifest(#"{"nativeRoutes": {"/a": "a.json"}}"#), folder: "")
    #expect(configuration.deepLinkHandler?.folder == ".")
  }
}
