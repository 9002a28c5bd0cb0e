import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The manifest's `navigation.controllers` (docs/spec.md §3.5, custom navigation
/// controllers).
@Suite struct NavigationControllersTests {
  func parse(_ text: String) throws -> (Manifest, [Diagnostic]) {
    Manifest.parse(try JSONDocument(parsing: Array(text.utf8)), source: "beagle.json")
  }

  @Test("navigation.controllers maps controller ids to the app's controllers")
  func reads() throws {
    let (manifest, diagnostics) = try parse(
      #"{"navigation": {"controllers": {"modal": "ModalNavigationController"}}}"#)
    #expect(diagnostics == [])
    #expect(manifest.navigationControllers == ["modal": "ModalNavigationController"])
  }

  @Test(
    "navigation.controllers mistakes are located errors",
    arguments: [
      (
        #"{"navigation": {"controllers": ["modal"]}}"#,
        "'navigation.controllers' must be an object mapping controller ids to the names of the "
          + "app's navigation controllers", "/navigation/controllers"
      ),
      (
        #"{"navigation": {"controllers": {"modal": ""}}}"#,
        "navigation controller 'modal' must be named by a non-empty string (the app's "
          + "controller, such as \"ModalNavigationController\")", "/navigation/controllers/modal"
      ),
    ])
  func mistakes(text: String, message: String, pointer: String) throws {
    let (_, diagnostics) = try parse(text)
    #expect(diagnostics.map(\.message) == [message])
    #expect(diagnostics.first?.pointer?.description == pointer)
  }

  @Test("a session adopts the manifest's controllers: pushStack's event reports the controller")
  func session() throws {
    let (manifest, _) = try parse(
      #"{"navigation": {"controllers": {"modal": "ModalNavigationController"}}}"#)
    let payload = """
      {"_beagleComponent_": "beagle:button", "text": "go", "onPress": [
        {"_beagleAction_": "beagle:pushStack", "controllerId": "modal",
         "route": {"screen": {"identifier": "login",
           "child": {"_beagleComponent_": "beagle:text", "text": "login"}}}}]}
      """
    let root = try #require(try decode(payload).root)
    var configuration = Session.Configuration(registry: .builtIn)
    configuration.adopt(manifest, folder: ".")
    var session = Session(configuration: configuration, firstScreen: Screen(route: "/", root: root))
    #expect(session.perform(.tap(.text("go"))) == .done)
    let state = session.state(step: 1, event: "tap")
    #expect(state.navigationEvent?.controller == "modal")
    #expect(state.stacks.count == 2)
  }
}
