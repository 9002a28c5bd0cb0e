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
  /// The screen's own folder, taken for its BFF because none was named, serves none
  /// of the screen's literal routes: one warning for all of them (`routes`, distinct,
  /// in source order; `navigations` the actions that go to them).
  case folderNotBFF(folder: String, routes: [String], navigations: Int)

  var severity: Diagnostic.Severity { .warning }

  var description: String {
    switch self {
    case .routeNotFound(let action, let why, let suggestion):
      "\(action): \(why)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .popTargetNotFound(let why, let route, let suggestion):
      "popToView: \(why), and no local screen has the identifier '\(route)',"
        + " so no screen on a stack is '\(route)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .folderNotBFF(let folder, let routes, let navigations):
      "the screen's folder '\(folder)' serves none of the screen's "
        + Self.routesPhrase(routes, navigations)
        + ", so it is not the screen's BFF; give the BFF with --bff DIR or --base-url URL"
        + " (or 'bff' in beagle.json) to check each route"
    }
  }

  /// `3 literal routes ('/a', '/b', '/c')`, `168 literal routes ('/a', '/b', '/c' and 165 more) in 244
  /// navigations`: the count, the first three, and the navigations when more.
  private static func routesPhrase(_ routes: [String], _ navigations: Int) -> String {
    let shown = routes.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
    let more = routes.count > 3 ? " and \(routes.count - 3) more" : ""
    let through = navigations > routes.count ? " in \(navigations) navigations" : ""
    return "\(routes.count) literal routes (\(shown)\(more))\(through)"
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
  /// When the folder is only the screen's own (`isNamed` false: no `--bff`, no
  /// manifest `bff`) and serves none of the screen's literal routes, it is not the
  /// screen's BFF (a screen saved alone, in Downloads or a temporary folder): the
  /// routes without a close match, when there are two or more, are said once, in one
  /// warning
  /// (``RouteCheckMessage/folderNotBFF(folder:routes:navigations:)``), at the first
  /// of them; a route with a close match keeps its own warning and "did you mean".
  ///
  /// - Parameter folderIdentifiers: the local screen identifiers of each BFF folder
  ///   read so far, so that checking many screens of one folder reads it once.
  static func missingRoutes(
    in root: ComponentNode, document: JSONDocument?, bffFolder folder: String,
    isNamed: Bool = true, firstRoute: String? = nil, nativeRoutes: [NativeRoute] = [],
    checkedFile: String? = nil, folderIdentifiers: inout [String: Set<String>],
    environment: CommandLineTool.Environment
  ) -> [Diagnostic] {
    let client = FileViewClient(root: environment.location(of: folder))
    // Found once: each look-up below would find it again.
    let realRoot = client.realRoot
    var folders = FileViewClient.FolderCache()
    var routes: [String]?
    var identifiers: Set<String>?
    // Each route's candidate files when no file serves it, nil when one does (or it
    // fails otherwise): all that is read of its outcome, a word, not the error.
    var outcomes: [String: [String]?] = [:]
    var suggestions: [String: String?] = [:]
    // Read once for every look-up: the routes served, and for a pop those and the
    // local screens' identifiers.
    var pushCandidates: Suggestion.Candidates?
    var popCandidates: Suggestion.Candidates?
    let navigations = navigations(in: root)
    // At most one each: room for them all at once (grown by doubling, the list held up
    // to twice that while the binding check runs beside it).
    var dead: [DeadRoute] = []
    dead.reserveCapacity(navigations.order.count)
    var servesOne = false
    for position in navigations.order {
      let action = navigations.actions[position]
      let isPop = action.builtIn == .popToView
      let written =
        isPop ? action.fields["route"] : action.fields.value(forKey: "route", member: "url")
      // A route with a `fallback` screen is one its author expects may fail.
      guard action.screens["route.fallback"] == nil,
        let url = written?.stringValue, !url.isEmpty,
        !url.containsExpressionMarker, !Self.hasSchemeLikePrefix(url)
      else { continue }
      // The screen checked is the first of a run: on the root stack as its route.
      if isPop, url == firstRoute || nativeRoutes.contains(where: { $0.pattern.match(url) != nil })
      {
        continue
      }
      let notFound: [String]?
      if let known = outcomes[url] {
        notFound = known
      } else {
        // Located, not read: only "not found" matters here, and a file that is
        // there fails no other way before it is read.
        if case .failure(.screenNotFound(_, _, let candidates)) = client.locate(
          url, realRoot: realRoot, folders: &folders)
        {
          notFound = candidates
        } else {
          notFound = nil
        }
        outcomes[url] = notFound
      }
      guard let candidates = notFound else {
        servesOne = true
        continue
      }
      var local: Set<String> = []
      if isPop {
        if let known = identifiers {
          local = known
        } else {
          // The screen checked, when it is one of the folder's files, is `document`.
          let checked = checkedFile.flatMap { file in
            document.flatMap { document in
              FileIdentity(path: file).map { (identity: $0, document: document) }
            }
          }
          let inFolder =
            folderIdentifiers[folder]
            ?? localScreenIdentifiers(bffFolder: folder, checked: checked, environment: environment)
          folderIdentifiers[folder] = inFolder
          local = localScreenIdentifiers(in: root).union(inFolder)
          identifiers = local
        }
      }
      if local.contains(url) { continue }
      let served = routes ?? servedRoutes(bffFolder: folder, environment: environment)
      routes = served
      // A pop may also name a local screen, so its suggestions differ from a push's.
      let key = (isPop ? "p" : "f") + url
      let suggestion: String?
      if let known = suggestions[key] {
        suggestion = known
      } else {
        let among: Suggestion.Candidates
        if isPop {
          among = popCandidates ?? Suggestion.Candidates(served + local.sorted())
          popCandidates = among
        } else {
          among = pushCandidates ?? Suggestion.Candidates(served)
          pushCandidates = among
        }
        suggestion = among.closest(to: url)
        suggestions[key] = suggestion
      }
      dead.append(
        DeadRoute(action: action, url: url, candidates: candidates, suggestion: suggestion))
    }
    let isNotTheBFF = !isNamed && !servesOne
    var diagnostics: [Diagnostic] = []
    // Positions in `dead`, not copies of its routes.
    var unmatched: [Int] = []
    for position in dead.indices {
      if isNotTheBFF, dead[position].suggestion == nil {
        unmatched.append(position)
        continue
      }
      diagnostics.append(dead[position].diagnostic(folder: folder, document: document))
    }
    var distinct: [String] = []
    var seen: Set<String> = []
    for position in unmatched where seen.insert(dead[position].url).inserted {
      distinct.append(dead[position].url)
    }
    // One route missing says little about the folder: it keeps its own warning.
    if distinct.count == 1 {
      diagnostics += unmatched.map { dead[$0].diagnostic(folder: folder, document: document) }
    } else if let firstPosition = unmatched.first {
      let first = dead[firstPosition]
      let (pointer, offset) = first.place(in: document)
      diagnostics.append(
        RouteCheckMessage.folderNotBFF(
          folder: folder, routes: distinct, navigations: unmatched.count
        ).diagnostic(
          at: pointer, offset: offset,
          notes: [
            "this is the first navigation to one of them; for '\(first.url)' the folder has no "
              + first.candidates.map { "'\($0)'" }.joined(separator: " or ")
          ]))
    }
    return diagnostics
  }

  /// The actions that fetch a route, and the popToViews, in the tree's order, and
  /// their positions in source order (by offset; stable, as the offsets of two
  /// actions differ). The actions are not moved into that order, nor copied into a
  /// second list: an action is nine words, and the lists are held while the binding
  /// check runs beside this one, at the run's peak of memory.
  static func navigations(in root: ComponentNode) -> (actions: [ActionNode], order: [Int]) {
    var found: [ActionNode] = []
    forEachAction(in: root) { action in
      switch action.builtIn {
      case .pushView, .pushStack, .resetStack, .resetApplication, .popToView:
        found.append(action)
      default: break
      }
    }
    let order = found.indices.sorted {
      (found[$0].location.offset, $0) < (found[$1].location.offset, $1)
    }
    return (found, order)
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

  /// Whether a `:` comes before the first `/` of `url` (a scheme, or a Windows
  /// drive): read on the bytes when they are all ASCII (each one a character).
  private static func hasSchemeLikePrefix(_ url: String) -> Bool {
    var isASCII = true
    for byte in url.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if byte == UInt8(ascii: "/") { return false }
      if byte == UInt8(ascii: ":") { return true }
    }
    return isASCII ? false : url.prefix(while: { $0 != "/" }).contains(":")
  }

  /// Calls `body` with every action of `root`'s tree: navigation bar items, events,
  /// actions nested in actions, and the components and screens actions carry.
  /// Iterative: the tree's depth is bounded by the decoder, but a stack of work costs
  /// no call frames. The stacks hold the tree's arrays, not copies of their
  /// elements (a node retains a dozen references).
  private static func forEachAction(in root: ComponentNode, _ body: (ActionNode) -> Void) {
    var componentLists: [[ComponentNode]] = [[root]]
    var actionLists: [[ActionNode]] = []
    while let components = componentLists.popLast() {
      components.withUnsafeBufferPointer { components in
        for index in components.indices {
          for item in components[index].navigationBar?.items ?? [] {
            actionLists.append(item.actions)
          }
          // Empty lists are not stacked: most components are leaves without events.
          components[index].events.withUnsafeBufferPointer { events in
            for event in events.indices where !events[event].actions.isEmpty {
              actionLists.append(events[event].actions)
            }
          }
          if !components[index].children.isEmpty {
            componentLists.append(components[index].children)
          }
          if !components[index].templates.isEmpty {
            componentLists.append(components[index].templates.map(\.view))
          }
          while let actions = actionLists.popLast() {
            actions.withUnsafeBufferPointer { actions in
              for action in actions.indices {
                body(actions[action])
                actions[action].events.withUnsafeBufferPointer { events in
                  for event in events.indices where !events[event].actions.isEmpty {
                    actionLists.append(events[event].actions)
                  }
                }
                if !actions[action].components.isEmpty {
                  componentLists.append(actions[action].components)
                }
                if !actions[action].screens.isEmpty {
                  componentLists.append(Array(actions[action].screens.values))
                }
              }
            }
          }
        }
      }
    }
  }

  /// ``localScreenIdentifiers(in:)`` of every screen of the file BFF at `folder`. A
  /// file that cannot be read or parsed adds none (`check` of that file says why);
  /// links out of the folder and FIFOs are not read (``FolderWalk``). The screen being
  /// checked (`checked`, when it is a file of the folder) is read from its document,
  /// not again from the disk: a 10 MB screen alone in its folder was parsed twice.
  private static func localScreenIdentifiers(
    bffFolder folder: String, checked: (identity: FileIdentity, document: JSONDocument)?,
    environment: CommandLineTool.Environment
  ) -> Set<String> {
    var found: Set<String> = []
    let tidy = ScenarioDiscovery.tidy(folder)
    for file in FolderWalk(environment: environment).files(under: tidy).files
    where file.name.hasSuffix(".json") && file.name != "beagle.json" {
      if let checked, FileIdentity(path: file.location) == checked.identity {
        found.formUnion(localScreenIdentifiers(in: checked.document))
        continue
      }
      guard let bytes = try? FileBytes.read(atPath: file.location, limit: InputLimit.bytes),
        let document = try? JSONDocument(parsing: bytes)
      else { continue }
      found.formUnion(localScreenIdentifiers(in: document))
    }
    return found
  }

  /// The `identifier` and `id` of the `route.screen` of every action in `document`, as
  /// its value reads (a repeated key's last value; what an earlier one holds is not
  /// seen), read on its tape in one pass: materialised, a screen's whole document made
  /// this several times the cost of checking it.
  private static func localScreenIdentifiers(in document: JSONDocument) -> Set<String> {
    var found: Set<String> = []
    document.forEachObjectOfValue { node in
      guard node["_beagleAction_"] != nil, let screen = node["route"]?["screen"],
        screen.kind == .object
      else { return }
      for key in ["identifier", "id"] {
        if let name = screen[key]?.stringValue { found.insert(name) }
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
    case .folderNotBFF: "folder-not-bff"
    }
  }

  /// Every id of ``rule``, in the order the cases are declared.
  static let rules = [
    "dead-route", "folder-not-bff",
  ]
}
