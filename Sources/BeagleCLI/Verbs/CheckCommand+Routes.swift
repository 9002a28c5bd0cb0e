import BeagleJSON
import BeagleRuntime
import Foundation

/// What `check` says of a navigation route no file of the file BFF serves.
enum RouteCheckMessage: DiagnosticMessage {
  /// A `pushView`, `pushStack`, `resetStack` or `resetApplication` to a literal route
  /// that no file of the BFF folder matches, with the closest route that one does.
  case routeNotFound(action: String, why: String, suggestion: String?)
  /// A `popToView` to a literal route no screen can have on a stack: no file of the
  /// BFF folder serves it, no local screen has it as identifier, no native route
  /// matches it.
  case popTargetNotFound(why: String, route: String, suggestion: String?)

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .routeNotFound(let action, let why, let suggestion):
      "\(action): \(why)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .popTargetNotFound(let why, let route, let suggestion):
      "popToView: \(why), and no local screen has the identifier '\(route)',"
        + " so no screen on a stack is '\(route)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}

extension CheckCommand {
  /// A warning for each navigation to a literal route (not an expression, not a URL
  /// with a scheme, not a local screen, without a fallback screen) that no file of
  /// the file BFF at `folder`
  /// matches, as a run would fail to fetch it: `graph --strict` calls it a dead link,
  /// `check` says it too, with the closest route the folder serves.
  ///
  /// A `popToView` to such a route is warned about too when no local screen
  /// (`route.screen`) of the folder's screens has it as `identifier` or `id` and no
  /// `nativeRoutes` pattern matches it, and it is not `firstRoute`, the route a run
  /// gives the screen checked: no screen on a stack can then be that route
  /// (docs/spec.md §3.5, route identity), and the pop does nothing.
  ///
  /// - Parameter folderIdentifiers: the local screen identifiers of each BFF folder
  ///   read so far, so that checking many screens of one folder reads it once.
  static func missingRoutes(
    in root: ComponentNode, document: JSONDocument?, bffFolder folder: String,
    firstRoute: String? = nil, nativeRoutes: [NativeRoute] = [],
    folderIdentifiers: inout [String: Set<String>],
    environment: CommandLineTool.Environment
  ) -> [Diagnostic] {
    let client = FileViewClient(root: environment.location(of: folder))
    var routes: [String]?
    var identifiers: Set<String>?
    var diagnostics: [Diagnostic] = []
    var outcomes: [String: NavigationError?] = [:]
    for action in navigations(in: root) {
      let isPop = action.builtIn == .popToView
      let written = isPop ? action.fields["route"] : action.fields["route"]?["url"]
      // A route with a `fallback` screen is one its author expects may fail.
      guard action.screens["route.fallback"] == nil,
        let url = written?.stringValue, !url.isEmpty,
        !url.containsExpressionMarker, !url.prefix(while: { $0 != "/" }).contains(":")
      else { continue }
      // The screen checked is the first of a run: on the root stack as its route.
      if isPop, url == firstRoute || nativeRoutes.contains(where: { $0.pattern.match(url) != nil })
      {
        continue
      }
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
      var local: Set<String> = []
      if isPop {
        if let known = identifiers {
          local = known
        } else {
          let inFolder =
            folderIdentifiers[folder]
            ?? localScreenIdentifiers(bffFolder: folder, environment: environment)
          folderIdentifiers[folder] = inFolder
          local = localScreenIdentifiers(in: root).union(inFolder)
          identifiers = local
        }
      }
      if local.contains(url) { continue }
      let served = routes ?? servedRoutes(bffFolder: folder, environment: environment)
      routes = served
      let why = NavigationError.screenNotFound(url: url, root: folder, candidates: candidates)
        .description
      let location = action.location
      if isPop {
        let offset =
          location.hasPosition
          ? document?.node(atOffset: location.offset)?.descendant(["route"])?.offset
            ?? location.offset : nil
        diagnostics.append(
          RouteCheckMessage.popTargetNotFound(
            why: why, route: url,
            suggestion: Suggestion.closest(to: url, among: served + local.sorted())
          ).diagnostic(at: location.pointer.appending("route"), offset: offset))
        continue
      }
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

  /// The actions that fetch a route, and the popToViews, in the tree's order.
  private static func navigations(in root: ComponentNode) -> [ActionNode] {
    var found: [ActionNode] = []
    forEachAction(in: root) { action in
      switch action.builtIn {
      case .pushView, .pushStack, .resetStack, .resetApplication, .popToView:
        found.append(action)
      default: break
      }
    }
    return found.sorted { $0.location.offset < $1.location.offset }
  }

  /// The `identifier` and `id` of every local screen (`route.screen`) of `root`: what
  /// a popToView can find a local screen by (iOS the identifier, web the id, Android
  /// either).
  private static func localScreenIdentifiers(in root: ComponentNode) -> Set<String> {
    var found: Set<String> = []
    forEachAction(in: root) { action in
      guard let screen = action.screens["route.screen"] else { return }
      for key in ["identifier", "id"] {
        if let name = screen.properties[key]?.stringValue { found.insert(name) }
      }
      if let id = screen.id { found.insert(id) }
    }
    return found
  }

  /// Calls `body` with every action of `root`'s tree: navigation bar items, events,
  /// actions nested in actions, and the components and screens actions carry.
  /// Iterative: the tree's depth is bounded by the decoder, but a stack of work costs
  /// no call frames.
  private static func forEachAction(in root: ComponentNode, _ body: (ActionNode) -> Void) {
    var components = [root]
    var actions: [ActionNode] = []
    while let component = components.popLast() {
      for item in component.navigationBar?.items ?? [] { actions += item.actions }
      for event in component.events { actions += event.actions }
      components += component.children
      components += component.templates.map(\.view)
      while let action = actions.popLast() {
        body(action)
        for event in action.events { actions += event.actions }
        components += action.components
        components += action.screens.values
      }
    }
  }

  /// ``localScreenIdentifiers(in:)`` of every screen of the file BFF at `folder`. A
  /// file that cannot be read or parsed adds none (`check` of that file says why);
  /// links out of the folder and FIFOs are not read (``FolderWalk``).
  private static func localScreenIdentifiers(
    bffFolder folder: String, environment: CommandLineTool.Environment
  ) -> Set<String> {
    var found: Set<String> = []
    let tidy = ScenarioDiscovery.tidy(folder)
    for file in FolderWalk(environment: environment).files(under: tidy).files
    where file.name.hasSuffix(".json") && file.name != "beagle.json" {
      guard let bytes = try? FileBytes.read(atPath: file.location, limit: InputLimit.bytes),
        let document = try? JSONDocument(parsing: bytes)
      else { continue }
      found.formUnion(localScreenIdentifiers(in: document.root.value))
    }
    return found
  }

  /// The `identifier` and `id` of the `route.screen` of every action in `value`, as
  /// written. Iterative: a stack of work costs no call frames, whatever the depth.
  private static func localScreenIdentifiers(in value: JSONValue) -> Set<String> {
    var found: Set<String> = []
    var work = [value]
    while let next = work.popLast() {
      switch next {
      case .array(let elements): work += elements
      case .object(let object):
        if object["_beagleAction_"] != nil,
          let screen = object["route"]?.objectValue?["screen"]?.objectValue
        {
          for key in ["identifier", "id"] {
            if let name = screen[key]?.stringValue { found.insert(name) }
          }
        }
        work += object.values
      default: break
      }
    }
    return found
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
    case .routeNotFound, .popTargetNotFound: "dead-route"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  static let rules = [
    "dead-route"
  ]
}
