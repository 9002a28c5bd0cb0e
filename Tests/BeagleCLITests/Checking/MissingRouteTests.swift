import Foundation
import Testing

/// Issue #19: `check` warns of a navigation to a route that no file of the file BFF
/// serves (a run would fail to fetch it: docs/spec.md's file BFF maps `/a` to `a.json`
/// or `a/index.json`), with the closest route it serves, as it does for fields.
@Suite struct MissingRouteTests {
  private func screen(_ action: String, route: String) -> String {
    """
    {
      "_beagleComponent_": "beagle:screenComponent",
      "child": {
        "_beagleComponent_": "beagle:button", "text": "Go",
        "onPress": [{"_beagleAction_": "beagle:\(action)", "route": {"url": "\(route)"}}]
      }
    }
    """
  }

  @Test(
    "a route to no file warns with did-you-mean, located at the url",
    arguments: ["pushView", "pushStack", "resetStack", "resetApplication"])
  func missing(action: String) throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", screen(action, route: "/detials"))
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 1 warning\n")
    // Line 5, the column of the url's value.
    let column = 72 + action.count - "pushView".count
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/home.json:5:\(column): warning: \(action): no screen for '/detials' in"
          + " '\(folder.path)': tried 'detials.json' and 'detials/index.json'; did you mean"
          + " '/details'?"))
    #expect(beagleRun("check", folder.path + "/home.json", "--strict").code == 1)
  }

  @Test(
    "routes a file serves, expressions, URLs and local screens are not flagged",
    arguments: ["/details", "/sub", "/", "@{next}", "https://example.com/x", "/details?x=1"])
  func served(route: String) throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", screen("pushView", route: route))
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    try folder.write("sub/index.json", #"{"_beagleComponent_": "beagle:text", "text": "s"}"#)
    try folder.write("index.json", #"{"_beagleComponent_": "beagle:text", "text": "i"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(!outcome.errors.contains("no screen for"))
  }

  @Test("with --base-url (an HTTP BFF) routes are not looked up in a folder")
  func httpBFF() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", screen("pushView", route: "/detials"))
    let outcome = beagleRun(
      "check", folder.path + "/home.json", "--base-url", "http://127.0.0.1:9")
    #expect(!outcome.errors.contains("no screen for"))
  }
}
