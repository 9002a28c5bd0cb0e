import BeagleJSON
import BeagleRuntime
import Foundation

/// What `check` says of a navigation route no file of the file BFF serves.
enum RouteCheckMessage: DiagnosticMessage {
  /// A `pushView`, `pushStack`, `resetStack` or `resetApplication` to a literal route
  /// that no file of the BFF folder matches, with the closest route that one does.
  case routeNotFound(action: String, why: String, suggestion: String?)

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .routeNotFound(let action, let why, let suggestion):
      "\(action): \(why)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}

extension CheckCommand {
  /// A warning for each navigation to a literal route (not an expression, not a URL
  /// with a scheme, not a local screen, without a fallback screen) that no file of
  /// the file BFF at `folder`
  /// matches, as a run would fail to fetch it: `graph --strict` calls it a dead link,
  /// `check` says it too, with the closest route the folder serves.
  static func missingRoutes(
    in root: ComponentNode, document: JSONDocument?, bffFolder folder: String,
    environment: CommandLineTool.Environment
  ) -> [Diagnostic] {
    let client = FileViewClient(root: environment.location(of: folder))
    var routes: [String]?
    var diagnostics: [Diagnostic] = []
    var outcomes: [String: NavigationError?] = [:]
    for action in navigations(in: root) {
      // A route with a `fallback` screen is one its author expects may fail.
      guard action.screens["route.fallback"] == nil,
        let url = action.fields["route"]?["url"]?.stringValue, !url.isEmpty,
        !url.containsExpressionMarker, !url.prefix(while: { $0 != "/" }).contains(":")
      else { continue }
      let failure: NavigationError?
      if let known = outcomes[url] {
        failure = known
      } else {
        if case .failure(let error) = client.fetch(ScreenRequest(url: url)) {
          failure = error
        } else {
          failure = nil
        }
        outcomes[url] = failure
      }
      guard case .screenNotFound(_, _, let candidates) = failure else { continue }
      let served = routes ?? servedRoutes(bffFolder: folder, environment: environment)
      routes = served
      let why = NavigationError.screenNotFound(url: url, root: folder, candidates: candidates)
        .description
      let location = action.location
      let offset =
        location.hasPosition
        ? document?.node(atOffset: location.offset)?.descendant(["route", "url"])?.offset
          ?? location.offset : nil
      diagnostics.append(
        RouteCheckMessage.routeNotFound(
          action: action.shortName, why: why,
          suggestion: Suggestion.closest(to: url, among: served)
        ).diagnostic(at: location.pointer.appending("route").appending("url"), offset: offset))
    }
    return diagnostics
  }

  /// The actions that fetch a route, in the tree's order. Iterative: the tree's depth
  /// is bounded by the decoder, but a stack of work costs no call frames.
  private static func navigations(in root: ComponentNode) -> [ActionNode] {
    var found: [ActionNode] = []
    var components = [root]
    var actions: [ActionNode] = []
    while let component = components.popLast() {
      for item in component.navigationBar?.items ?? [] { actions += item.actions }
      for event in component.events { actions += event.actions }
      components += component.children
      components += component.templates.map(\.view)
      while let action = actions.popLast() {
        switch action.builtIn {
        case .pushView, .pushStack, .resetStack, .resetApplication: found.append(action)
        default: break
        }
        for event in action.events { actions += event.actions }
        components += action.components
        components += action.screens.values
      }
    }
    return found.sorted { $0.location.offset < $1.location.offset }
  }

  /// The routes the file BFF at `folder` serves: `/a/b` for `a/b.json`, `/a` for
  /// `a/index.json`, `/` for `index.json` (manifests and mock files are no screens).
  private static func servedRoutes(
    bffFolder folder: String, environment: CommandLineTool.Environment
  ) -> [String] {
    let tidy = ScenarioDiscovery.tidy(folder)
    let walk = FolderWalk(environment: environment).files(under: tidy)
    var routes: [String] = []
    for file in walk.files
    where file.name.hasSuffix(".json") && file.name != "beagle.json"
      && !isMockFile(atPath: file.location)
    {
      var relative = tidy == "." ? file.path : String(file.path.dropFirst(tidy.count + 1))
      relative = String(relative.dropLast(".json".count))
      if relative == "index" {
        relative = ""
      } else if relative.hasSuffix("/index") {
        relative = String(relative.dropLast("/index".count))
      }
      routes.append("/" + relative)
    }
    return routes.sorted()
  }
}

extension RouteCheckMessage {
  /// The stable id of each message (`--ignore`, the manifest's `ignore`); a test
  /// lists them all, so none changes unnoticed.
  var rule: String {
    switch self {
    case .routeNotFound: "dead-route"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  static let rules = [
    "dead-route"
  ]
}
