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

  // MARK: - popToView

  /// A screen whose button pops to `route` (popToView's `route` is a string).
  private func popScreen(_ route: String) -> String {
    """
    {
      "_beagleComponent_": "beagle:screenComponent",
      "child": {
        "_beagleComponent_": "beagle:button", "text": "Back",
        "onPress": [{"_beagleAction_": "beagle:popToView", "route": "\(route)"}]
      }
    }
    """
  }

  @Test("a popToView to a route no screen can have warns with did-you-mean, at the route")
  func popToNowhere() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", popScreen("/detials"))
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 1 warning\n")
    // Line 5, the column of the route's value.
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/home.json:5:65: warning: popToView: no screen for '/detials' in"
          + " '\(folder.path)': tried 'detials.json' and 'detials/index.json', and no local"
          + " screen has the identifier '/detials', so no screen on a stack is '/detials';"
          + " did you mean '/details'? [dead-route]\n"))
    #expect(outcome.errors.contains("note: at /child/onPress/0/route\n"))
    #expect(beagleRun("check", folder.path + "/home.json", "--strict").code == 1)
    #expect(
      beagleRun("check", folder.path + "/home.json", "--ignore", "dead-route").output
        == "checked 1 file: 0 errors, 0 warnings\n")
  }

  @Test("a popToView to a local screen's identifier, in any screen of the folder, is not flagged")
  func popToLocalScreen() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", popScreen("step1"))
    // iOS finds a local screen by its identifier (docs/spec.md §3.5); another file
    // declares it, as a flow's first screen may.
    try folder.write(
      "start.json",
      #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"screen": {"_beagleComponent_": "beagle:screenComponent", "identifier": "step1", "child": {"_beagleComponent_": "beagle:text", "text": "1"}}}}]}"#
    )
    #expect(!beagleRun("check", folder.path + "/home.json").errors.contains("[dead-route]"))
    // The same identifier missing: flagged, with the identifier as suggestion.
    try folder.write("home.json", popScreen("stepl"))
    #expect(
      beagleRun("check", folder.path + "/home.json").errors.contains(
        "so no screen on a stack is 'stepl'; did you mean 'step1'? [dead-route]"))
  }

  /// The folder's files are read on their tapes (keys as written, escapes decoded, the
  /// last of a repeated key), and the screen checked from its own document.
  @Test("local screen identifiers are found in the screen checked and as any file writes them")
  func popToLocalScreenAsWritten() throws {
    let folder = try ScenarioFolder()
    // The screen checked pushes a local screen 'own' and pops to it and to the others.
    try folder.write(
      "home.json",
      #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"screen": {"_beagleComponent_": "beagle:screenComponent", "identifier": "own", "child": {"_beagleComponent_": "beagle:text", "text": "1"}}}}]},
        {"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "own"}]},
        {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "escaped"}]},
        {"_beagleComponent_": "beagle:button", "text": "c", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "last"}]},
        {"_beagleComponent_": "beagle:button", "text": "d", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "first"}]}
      ]}
      """#)
    // Another file: a key spelled with escapes, and a repeated `identifier` (the last
    // counts, as Beagle's decoders read it), inside a list of actions inside an action.
    try folder.write(
      "flow.json",
      #"""
      {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [
        {"_beagleAction_": "beagle:condition", "condition": true, "onTrue": [
          {"_beagleAction_": "beagle:pushView", "route": {"scr\u0065en": {"_beagleComponent_": "beagle:screenComponent", "identifi\u0065r": "escaped", "child": {"_beagleComponent_": "beagle:text", "text": "2"}}}},
          {"_beagleAction_": "beagle:pushView", "route": {"screen": {"_beagleComponent_": "beagle:screenComponent", "identifier": "first", "identifier": "last", "child": {"_beagleComponent_": "beagle:text", "text": "3"}}}}]}]}
      """#)
    let errors = beagleRun("check", folder.path + "/home.json").errors
    let flagged = errors.split(separator: "\n").filter { $0.contains("[dead-route]") }
    #expect(flagged.count == 1)
    #expect(flagged.first?.contains("no screen on a stack is 'first'") == true)
  }

  /// A repeated key keeps its last value, as Beagle's decoders read it: a local screen
  /// written only under an earlier one is no screen.
  @Test("a local screen under a repeated key's earlier value is not found")
  func popToShadowedLocalScreen() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", popScreen("hidden"))
    try folder.write(
      "flow.json",
      #"""
      {"_beagleComponent_": "beagle:container",
       "child": {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"screen": {"_beagleComponent_": "beagle:screenComponent", "identifier": "hidden", "child": {"_beagleComponent_": "beagle:text", "text": "1"}}}}]},
       "child": {"_beagleComponent_": "beagle:text", "text": "shown"}}
      """#)
    #expect(
      beagleRun("check", folder.path + "/home.json").errors.contains(
        "so no screen on a stack is 'hidden'"))
  }

  /// Checking a folder reads its identifiers once, while checking its first screen that
  /// pops to one: the screen being checked counts for the screens after it.
  @Test("checking a folder, a local screen of the first screen checked is found from the next")
  func popToLocalScreenOfAnotherChecked() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "a.json",
      #"""
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"screen": {"_beagleComponent_": "beagle:screenComponent", "identifier": "x", "child": {"_beagleComponent_": "beagle:text", "text": "1"}}}}]},
        {"_beagleComponent_": "beagle:button", "text": "a", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "zzz"}]}
      ]}
      """#)
    try folder.write("b.json", popScreen("x"))
    let errors = beagleRun("check", folder.path).errors
    let flagged = errors.split(separator: "\n").filter { $0.contains("[dead-route]") }
    #expect(flagged.count == 1)
    #expect(flagged.first?.contains("'zzz'") == true)
  }

  @Test(
    "popToView to a served route, an expression, a URL, or a native route is not flagged",
    arguments: ["/details", "/", "@{back}", "https://example.com/x", "/news/7"])
  func popToReachable(route: String) throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", popScreen(route))
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    try folder.write("index.json", #"{"_beagleComponent_": "beagle:text", "text": "i"}"#)
    try folder.write("news.json", #"{"_beagleComponent_": "beagle:text", "text": "n"}"#)
    try folder.write(
      "beagle.json", #"{"nativeRoutes": {"/news/:id": "news.json"}}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(!outcome.errors.contains("[dead-route]"))
  }

  @Test("a popToView to the route a run gives the screen checked is not flagged, BFF elsewhere")
  func popToFirstScreen() throws {
    let folder = try ScenarioFolder()
    // `run home.json --bff screens` starts at '/home', which screens/ does not serve.
    try folder.write("home.json", popScreen("/home"))
    try folder.write("screens/other.json", #"{"_beagleComponent_": "beagle:text", "text": "o"}"#)
    let outcome = beagleRun(
      "check", folder.path + "/home.json", "--bff", folder.path + "/screens")
    #expect(!outcome.errors.contains("[dead-route]"))
    // Standard input starts at '/'.
    let piped = beagleRun(
      "check", "-", "--bff", folder.path + "/screens", stdin: popScreen("/"))
    #expect(!piped.errors.contains("[dead-route]"))
    // Any other route screens/ does not serve still is.
    try folder.write("home.json", popScreen("/homme"))
    #expect(
      beagleRun("check", folder.path + "/home.json", "--bff", folder.path + "/screens")
        .errors.contains("[dead-route]"))
  }

  // MARK: - A folder that is not the screen's BFF

  /// A screen whose buttons push `routes`, one button per line (line 4 onwards).
  private func manyRoutes(_ routes: [String]) -> String {
    let buttons = routes.map { route in
      #"    {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "\#(route)"}}]}"#
    }
    return """
      {
        "_beagleComponent_": "beagle:screenComponent",
        "child": {"_beagleComponent_": "beagle:container", "children": [
      \(buttons.joined(separator: ",\n"))
        ]}
      }
      """
  }

  private static let lonelyRoutes = ["/cart", "/checkout", "/orders", "/cart", "/profile"]

  @Test("the screen's own folder serving none of its routes: one warning for all of them")
  func folderNotBFF() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", manyRoutes(Self.lonelyRoutes))
    try folder.write("notes.json", #"{"_beagleComponent_": "beagle:text", "text": "n"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    // A warning: exit 0 (DESIGN.md: exit 1 only for errors), 1 with --strict.
    #expect(outcome.code == 0)
    #expect(outcome.output == "checked 1 file: 0 errors, 1 warning\n")
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/home.json:4:125: warning: the screen's folder '\(folder.path)' serves"
          + " none of the screen's 4 literal routes ('/cart', '/checkout', '/orders' and 1 more)"
          + " in 5 navigations, so it is not the screen's BFF; give the BFF with --bff DIR or"
          + " --base-url URL (or 'bff' in beagle.json) to check each route [folder-not-bff]\n"))
    #expect(
      outcome.errors.hasSuffix(
        "note: at /child/children/0/onPress/0/route/url\n"
          + "note: this is the first navigation to one of them; for '/cart' the folder has no"
          + " 'cart.json' or 'cart/index.json'\n"))
    #expect(beagleRun("check", folder.path + "/home.json", "--strict").code == 1)
    for rule in ["folder-not-bff", "dead-route"] {
      let ignored = beagleRun("check", folder.path + "/home.json", "--ignore", rule)
      #expect(ignored.output == "checked 1 file: 0 errors, 0 warnings\n", "\(rule)")
    }
  }

  @Test("a folder serving none lists its routes in source order, not the tree's")
  func folderNotBFFSourceOrder() throws {
    // The tree visits a container's actions before its children's: '/first', nested a
    // level deeper, is visited after '/second' and '/third', but written before them.
    let folder = try ScenarioFolder()
    try folder.write(
      "home.json",
      """
      {
        "_beagleComponent_": "beagle:screenComponent",
        "child": {"_beagleComponent_": "beagle:container", "children": [
          {"_beagleComponent_": "beagle:container", "children": [
            {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/first"}}]}]},
          {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:popToView", "route": "/second"}]},
          {"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/third"}}]}
        ]}
      }
      """)
    try folder.write("notes.json", #"{"_beagleComponent_": "beagle:text", "text": "n"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.output == "checked 1 file: 0 errors, 1 warning\n")
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/home.json:5:127: warning: the screen's folder '\(folder.path)' serves"
          + " none of the screen's 3 literal routes ('/first', '/second', '/third'), so it is"
          + " not the screen's BFF;"))
    #expect(
      outcome.errors.hasSuffix(
        "note: at /child/children/0/children/0/onPress/0/route/url\n"
          + "note: this is the first navigation to one of them; for '/first' the folder has no"
          + " 'first.json' or 'first/index.json'\n"))
    // Named, the folder gives each its own warning: the pop's says it is a pop.
    let named = beagleRun("check", folder.path + "/home.json", "--bff", folder.path)
    #expect(named.output == "checked 1 file: 0 errors, 3 warnings\n")
    let warnings = named.errors.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(
      warnings.map { $0.split(separator: " ")[2] } == ["pushView:", "popToView:", "pushView:"])
    #expect(warnings.map { $0.split(separator: ":")[1] } == ["5", "6", "7"])
  }

  @Test("one route no file serves, in a folder serving none, keeps its own warning")
  func oneRouteAlone() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", manyRoutes(["/cart", "/cart"]))
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.output == "checked 1 file: 0 errors, 2 warnings\n")
    #expect(
      outcome.errors.hasPrefix(
        "\(folder.path)/home.json:4:125: warning: pushView: no screen for '/cart' in"
          + " '\(folder.path)': tried 'cart.json' and 'cart/index.json' [dead-route]\n"))
  }

  @Test("a BFF named with --bff or the manifest's bff keeps a warning per navigation")
  func namedBFFServingNone() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", manyRoutes(Self.lonelyRoutes))
    try folder.write("notes.json", #"{"_beagleComponent_": "beagle:text", "text": "n"}"#)
    let named = beagleRun("check", folder.path + "/home.json", "--bff", folder.path)
    #expect(named.output == "checked 1 file: 0 errors, 5 warnings\n")
    #expect(named.errors.components(separatedBy: "[dead-route]\n").count == 6)
    #expect(!named.errors.contains("folder-not-bff"))
    try folder.write("beagle.json", #"{"bff": "."}"#)
    let manifest = beagleRun("check", folder.path + "/home.json")
    #expect(manifest.output == "checked 1 file: 0 errors, 5 warnings\n")
    #expect(!manifest.errors.contains("folder-not-bff"))
  }

  @Test("the screen's folder serving one of its routes keeps a warning per dead navigation")
  func folderServingOne() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", manyRoutes(Self.lonelyRoutes))
    try folder.write("orders.json", #"{"_beagleComponent_": "beagle:text", "text": "o"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.output == "checked 1 file: 0 errors, 4 warnings\n")
    #expect(
      outcome.errors.contains(
        "\(folder.path)/home.json:5:125: warning: pushView: no screen for '/checkout' in"
          + " '\(folder.path)': tried 'checkout.json' and 'checkout/index.json' [dead-route]\n"))
    #expect(!outcome.errors.contains("folder-not-bff"))
  }

  @Test("in a folder serving none, a route with a close match keeps its own did-you-mean")
  func closeMatchKept() throws {
    let folder = try ScenarioFolder()
    try folder.write("home.json", manyRoutes(["/detials", "/cart", "/orders"]))
    try folder.write("details.json", #"{"_beagleComponent_": "beagle:text", "text": "d"}"#)
    let outcome = beagleRun("check", folder.path + "/home.json")
    #expect(outcome.output == "checked 1 file: 0 errors, 2 warnings\n")
    #expect(outcome.errors.contains("did you mean '/details'? [dead-route]\n"))
    #expect(
      outcome.errors.contains(
        "\(folder.path)/home.json:5:125: warning: the screen's folder '\(folder.path)' serves"
          + " none of the screen's 2 literal routes ('/cart', '/orders'), so it is not"))
  }
}
