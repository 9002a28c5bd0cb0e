import Foundation
import Testing

/// The navigation example through the CLI: the manifest beside the screen brings its
/// native routes (read from its folder) and analytics configuration.
@Suite struct NavigationCommandTests {
  @Test("a deep link from beagle.json's nativeRoutes opens its screen with its parameters")
  func deepLink() {
    let outcome = beagleRun(
      "Examples/navigation/index.json", "--step", #"tap "Open news 42""#, "--step",
      #"expect text "News 42""#)
    #expect(outcome.code == 0, "\(outcome.errors)")
    #expect(outcome.errors == "")
    #expect(outcome.output.contains("  navigationContext = {\"id\":\"42\",\"source\":\"home\"}\n"))
    #expect(
      outcome.output.contains(
        "navigation: kind native, from /, to /news/42, direction deeper, transition push moveIn fromRight 0.3s\n"
      ))
    #expect(
      outcome.output.contains(
        #"analytics: {"type":"action","platform":"ios","beagleAction":"beagle:opennativeroute","event":"onPress","component":{"id":null,"type":"beagle:button"},"screen":"/","attributes":{"route":"/news/42","data.source":"home"}}"#
      ))
  }

  @Test("an unregistered route is an error in the log; the run exits 1")
  func unregistered() {
    let outcome = beagleRun(
      "Examples/navigation/index.json", "--step",
      #"action {"_beagleAction_": "beagle:openNativeRoute", "route": "/newz/1", "shouldResetApplication": false}"#,
      "--format", "json")
    #expect(outcome.code == 1)
    #expect(
      outcome.output.contains(
        #""message":"openNativeRoute does nothing: no native route matches '/newz/1' (registered: '/news/:id', 'profile'); did you mean '/news/:id'?""#
      ))
    #expect(outcome.errors == "beagle-run: error: the run logged errors (see each state's log)\n")
  }

  @Test("check reads nativeRoutes and analytics without complaint")
  func check() {
    let outcome = beagleRun(
      "check", "Examples/navigation/index.json", "Examples/navigation/catalog.json",
      "Examples/navigation/item.json", "Examples/navigation/login.json",
      "Examples/navigation/welcome.json")
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 5 files: 0 errors, 0 warnings\n")
  }
}
