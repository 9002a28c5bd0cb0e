import BeagleExpressions
import BeagleJSON

/// The mutable state of one ``GraphWalker`` walk.
struct GraphBuilder {
  let configuration: GraphWalker.Configuration
  var client: any ViewClient
  var graph = NavigationGraph()
  /// The bytes of every screen read, by source name.
  var sources: [String: [UInt8]] = [:]
  /// Nodes by what identifies them (`screen URL`, `native PATTERN`, `local FILE POINTER`…).
  private var keys: [String: Int] = [:]
  /// Screens and components still to read, in discovery order.
  private var queue: [(node: Int, root: ComponentNode)] = []
  /// The `identifier` of local screen nodes, which popToView matches (iOS; remote
  /// screens are matched by their URL only).
  private var identifiers: [Int: String] = [:]
  /// popToView edges whose target is looked up when the walk is over.
  private var pendingPops: [Int] = []
  private var fetchCount = 0
  private var hasReachedLimit = false
  private let evaluator: Evaluator

  init(configuration: GraphWalker.Configuration, client: any ViewClient) {
    self.configuration = configuration
    self.client = client
    self.evaluator = Evaluator(
      library: configuration.operations.adopting(configuration.profile.dialect))
  }

  mutating func run(_ entry: GraphWalker.Entry) {
    let errors = entry.diagnostics.filter { $0.severity == .error }
    let url = configuration.urlBuilder.build(path: entry.route) ?? entry.route
    let id = addNode(
      key: "screen " + url,
      GraphNode(
        id: 0, kind: .screen, route: entry.route, title: entry.root.screenTitle,
        source: entry.source, decodeErrors: errors.count,
        firstDecodeError: errors.first.map(Self.summary)))
    queue.append((id, entry.root))
    var head = 0
    while head < queue.count {
      let item = queue[head]
      head += 1
      visit(item.root, node: item.node)
    }
    queue = []
    resolvePops()
    graph.flags += GraphCycles.flags(of: graph)
  }

  // MARK: - Reading a screen

  /// One place an action (or a lazy component) leads somewhere.
  private enum Link {
    case action(ActionNode, component: String?)
    case lazy(ComponentNode)

    var offset: Int {
      switch self {
      case .action(let action, _): action.location.offset
      case .lazy(let component): component.location.offset
      }
    }
  }

  private mutating func visit(_ root: ComponentNode, node: Int) {
    var links: [Link] = []
    Self.collect(root, into: &links)
    // Fields are decoded by kind (children, events, bar items); their offsets in
    // the file give back the order they were written in.
    let ordered = links.enumerated().sorted {
      ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
    }
    for (_, link) in ordered {
      switch link {
      case .action(let action, let component): follow(action, from: node, component: component)
      case .lazy(let lazy): followLazy(lazy, from: node)
      }
    }
  }

  /// Every link of a component tree. Recursion is bounded by the decoder's nesting
  /// limit (``DecodingSession/maximumDepth``).
  private static func collect(_ component: ComponentNode, into links: inout [Link]) {
    if component.builtIn == .lazyComponent { links.append(.lazy(component)) }
    for item in component.navigationBar?.items ?? [] {
      for action in item.actions { collect(action, component: item.id, into: &links) }
    }
    for event in component.events {
      for action in event.actions { collect(action, component: component.id, into: &links) }
    }
    for child in component.children { collect(child, into: &links) }
    for template in component.templates { collect(template.view, into: &links) }
  }

  private static func collect(
    _ action: ActionNode, component: String?, into links: inout [Link]
  ) {
    links.append(.action(action, component: component))
    for event in action.events {
      for nested in event.actions { collect(nested, component: component, into: &links) }
    }
    for child in action.components { collect(child, into: &links) }
  }

  // MARK: - Following actions

  private mutating func follow(_ action: ActionNode, from node: Int, component: String?) {
    switch action.builtIn {
    case .pushView:
      followRoute(action, from: node, component: component, kind: .push, direction: .forward)
    case .pushStack:
      followRoute(action, from: node, component: component, kind: .present, direction: .forward)
    case .resetStack, .resetApplication:
      followRoute(action, from: node, component: component, kind: .reset, direction: .reset)
    case .popToView:
      followPop(action, from: node, component: component)
    case .openNativeRoute:
      followNative(action, from: node, component: component)
    case .openExternalURL:
      let url = action.fields["url"]?.stringValue ?? ""
      let resolved = resolve(url)
      let target = leaf(.external, route: resolved.text)
      addEdge(
        action, from: node, to: target, route: resolved.text, kind: .external,
        direction: .forward, component: component, expression: resolved.expression)
    case .sendRequest:
      let url = action.fields["url"]?.stringValue ?? ""
      let method = action.fields["method"]?.stringValue ?? "GET"
      let resolved = resolve(url)
      let target = leaf(.request, route: "\(method) \(resolved.text)")
      addEdge(
        action, from: node, to: target, route: resolved.text, kind: .request, direction: nil,
        component: component, expression: resolved.expression)
    case .popView, .popStack, .setContext, .alert, .confirm, .condition, .addChildren,
      .submitForm, .formValidation, .formLocalAction, .formRemoteAction, nil:
      // Pops go back to a screen already in the graph; the others do not navigate.
      break
    }
  }

  private mutating func followRoute(
    _ action: ActionNode, from node: Int, component: String?, kind: GraphEdge.Kind,
    direction: GraphEdge.Direction
  ) {
    let pointer = action.location.pointer
    if let local = action.screens["route.screen"] {
      let target = embeddedScreen(local, kind: .local, route: nil, in: node)
      addEdge(
        action, from: node, to: target, route: graph.nodes[target].route, kind: kind,
        direction: direction, component: component)
      return
    }
    guard let raw = action.fields["route"] else { return }  // the decoder reported it
    let resolved = resolve(raw["url"]?.stringValue ?? "")
    let fallback = action.screens["route.fallback"]
    var target: Int
    var problem: String?
    switch resolved {
    case .unresolved(let text, let why):
      target = expressionNode(text)
      flag(.expressionRoute, Self.unresolvedMessage(text, why: why), node, pointer)
    case .literal, .evaluated:
      do {
        guard case .remote(let remote) = try Route(parsing: raw, url: resolved.text) else { return }
        let request = try remote.request(using: configuration.urlBuilder)
        target = remoteNode(request, route: remote.url, kind: .screen)
      } catch {
        target = missingNode(key: "invalid " + resolved.text, route: resolved.text)
        problem = error.description
      }
    }
    addEdge(
      action, from: node, to: target, route: resolved.text, kind: kind, direction: direction,
      component: component, expression: resolved.expression)
    let reached = graph.nodes[target]
    if reached.kind == .missing {
      let why = problem ?? reached.error ?? "no screen"
      let rescue = fallback == nil ? "" : "; its fallback screen shows instead"
      flag(.deadLink, "route '\(resolved.text)' leads to no screen: \(why)\(rescue)", node, pointer)
    }
    if let fallback {
      let screen = embeddedScreen(fallback, kind: .fallback, route: resolved.text, in: node)
      addEdge(
        action, from: node, to: screen, route: resolved.text, kind: kind, direction: direction,
        component: component, isFallback: true, expression: resolved.expression)
    } else if reached.kind != .expression {
      graph.flags.append(
        GraphFlag(
          .missingFallback, isNote: true,
          "remote route '\(resolved.text)' has no fallback screen (if its request fails, iOS "
            + "shows an error and stays)", node: node, at: pointer.appending("route")))
    }
  }

  private mutating func followPop(_ action: ActionNode, from node: Int, component: String?) {
    let resolved = resolve(action.fields["route"]?.stringValue ?? "")
    if case .unresolved(let text, let why) = resolved {
      let target = expressionNode(text)
      addEdge(
        action, from: node, to: target, route: text, kind: .pop, direction: .back,
        component: component)
      flag(
        .expressionRoute, Self.unresolvedMessage(text, why: why), node,
        action.location.pointer)
      return
    }
    // The target is looked up once every screen is known.
    addEdge(
      action, from: node, to: -1, route: resolved.text, kind: .pop, direction: .back,
      component: component, expression: resolved.expression)
    pendingPops.append(graph.edges.count - 1)
  }

  private mutating func followNative(_ action: ActionNode, from node: Int, component: String?) {
    let pointer = action.location.pointer
    let resolved = resolve(action.fields["route"]?.stringValue ?? "")
    let resets = action.fields["shouldResetApplication"]?.boolValue ?? false
    let direction: GraphEdge.Direction = resets ? .reset : .forward
    func link(to target: Int) {
      addEdge(
        action, from: node, to: target, route: resolved.text, kind: .native,
        direction: direction, component: component, expression: resolved.expression)
    }
    if case .unresolved(let text, let why) = resolved {
      link(to: expressionNode(text))
      flag(.expressionRoute, Self.unresolvedMessage(text, why: why), node, pointer)
      return
    }
    let route = resolved.text
    guard let deepLinks = configuration.deepLinks else {
      let error = NavigationError.noNativeRoutes(route: route).description
      link(to: missingNode(key: "native " + route, route: route, error: error))
      flag(.deadLink, "native route '\(route)' leads to no screen: \(error)", node, pointer)
      return
    }
    switch deepLinks.resolve(route) {
    case .failure(let error):
      link(to: missingNode(key: "native " + route, route: route, error: error.description))
      flag(
        .deadLink, "native route '\(route)' leads to no screen: \(error.description)", node,
        pointer)
    case .success(let match):
      let key = "native " + match.route.pattern.text
      if let known = keys[key] {
        link(to: known)
        return
      }
      let target = fetchNode(
        key: key, kind: .native, route: match.route.pattern.text,
        fetch: { _ in deepLinks.load(match) })
      link(to: target)
      if graph.nodes[target].kind == .missing {
        flag(
          .deadLink,
          "native route '\(route)' leads to no screen: \(graph.nodes[target].error ?? "")", node,
          pointer)
      }
    }
  }

  private mutating func followLazy(_ lazy: ComponentNode, from node: Int) {
    let path = lazy.properties["path"]?.stringValue ?? ""
    let pointer = lazy.location.pointer
    let target: Int
    do {
      let request = try RemoteRoute(url: path).request(using: configuration.urlBuilder)
      target = remoteNode(request, route: path, kind: .lazy)
    } catch {
      target = missingNode(key: "invalid " + path, route: path, error: error.description)
    }
    graph.edges.append(
      GraphEdge(
        from: node, to: target, action: BuiltInComponent.lazyComponent.name, route: path,
        kind: .lazy, direction: nil, at: pointer, component: lazy.id))
    if graph.nodes[target].kind == .missing {
      flag(
        .deadLink,
        "lazy component '\(path)' leads to nothing: \(graph.nodes[target].error ?? "")", node,
        pointer.appending("path"))
    }
  }

  // MARK: - Nodes

  private mutating func addNode(key: String, _ node: GraphNode) -> Int {
    var node = node
    node.id = graph.nodes.count
    graph.nodes.append(node)
    keys[key] = node.id
    return node.id
  }

  private mutating func leaf(_ kind: GraphNode.Kind, route: String) -> Int {
    let key = "\(kind.rawValue) \(route)"
    if let known = keys[key] { return known }
    return addNode(key: key, GraphNode(id: 0, kind: kind, route: route))
  }

  private mutating func expressionNode(_ text: String) -> Int {
    leaf(.expression, route: text)
  }

  private mutating func missingNode(key: String, route: String, error: String? = nil) -> Int {
    if let known = keys[key] { return known }
    return addNode(key: key, GraphNode(id: 0, kind: .missing, route: route, error: error))
  }

  /// A screen written inside the node's source (`route.screen`, `route.fallback`):
  /// one node per place, walked with the others.
  private mutating func embeddedScreen(
    _ root: ComponentNode, kind: GraphNode.Kind, route: String?, in node: Int
  ) -> Int {
    let source = graph.nodes[node].source
    let key = "\(kind.rawValue) \(source ?? "") \(root.location.pointer)"
    if let known = keys[key] { return known }
    let identifier = root.screenIdentifier
    let id = addNode(
      key: key,
      GraphNode(
        id: 0, kind: kind, route: route ?? identifier ?? Screen.unnamedLocalRoute,
        title: root.screenTitle, source: source, at: root.location.pointer))
    if kind == .local { identifiers[id] = root.properties["identifier"]?.stringValue }
    queue.append((id, root))
    return id
  }

  /// The node of a remote screen (or lazy component), fetched the first time.
  private mutating func remoteNode(
    _ request: ScreenRequest, route: String, kind: GraphNode.Kind
  ) -> Int {
    let key = "\(kind == .lazy ? "lazy" : "screen") \(request.url)"
    if let known = keys[key] { return known }
    return fetchNode(key: key, kind: kind, route: route) { client in client.fetch(request) }
  }

  private mutating func fetchNode(
    key: String, kind: GraphNode.Kind, route: String,
    fetch: (inout any ViewClient) -> Result<FetchedScreen, NavigationError>
  ) -> Int {
    guard fetchCount < configuration.maximumScreens else {
      if !hasReachedLimit {
        hasReachedLimit = true
        graph.flags.append(
          GraphFlag(
            .limit,
            "the graph stops at \(configuration.maximumScreens) screens; the rest are not followed"
          ))
      }
      return addNode(
        key: key,
        GraphNode(
          id: 0, kind: kind, route: route,
          error: "not followed: the graph stops at \(configuration.maximumScreens) screens"))
    }
    fetchCount += 1
    switch fetch(&client) {
    case .failure(let error):
      return addNode(
        key: key, GraphNode(id: 0, kind: .missing, route: route, error: error.description))
    case .success(let fetched):
      sources[fetched.source] = fetched.bytes
      let decoded = decode(fetched)
      let errors = decoded.diagnostics.filter { $0.severity == .error }
      guard let root = decoded.root else {
        // Not JSON (an HTML page), or JSON that is no component (an array): the route
        // leads to no screen, as a run finds out.
        let type = fetched.contentType.map { " (\($0))" } ?? ""
        let why = errors.first.map(Self.summary) ?? "no component"
        return addNode(
          key: key,
          GraphNode(
            id: 0, kind: .missing, route: route, source: fetched.source,
            error: "'\(fetched.source)'\(type) is not a screen: \(why)"))
      }
      let id = addNode(
        key: key,
        GraphNode(
          id: 0, kind: kind, route: route, title: root.screenTitle,
          source: fetched.source, decodeErrors: errors.count,
          firstDecodeError: errors.first.map(Self.summary)))
      queue.append((id, root))
      return id
    }
  }

  private func decode(_ fetched: FetchedScreen) -> Decoder.Result {
    let options = JSONParser.Options(maximumDepth: configuration.maximumJSONDepth)
    do {
      let document = try JSONDocument(parsing: fetched.bytes, options: options)
      return Decoder(
        registry: configuration.registry, source: fetched.source, profile: configuration.profile
      ).decode(document)
    } catch {
      return Decoder.Result(
        root: nil,
        diagnostics: [
          GraphMessage.invalidJSON(reason: error.description, position: "\(error.position)")
            .diagnostic(source: fetched.source)
        ])
    }
  }

  // MARK: - Edges and flags

  private mutating func addEdge(
    _ action: ActionNode, from: Int, to: Int, route: String, kind: GraphEdge.Kind,
    direction: GraphEdge.Direction?, component: String?, isFallback: Bool = false,
    expression: String? = nil
  ) {
    graph.edges.append(
      GraphEdge(
        from: from, to: to, action: action.typeName, route: route, kind: kind,
        direction: direction, transition: transition(kind, direction: direction),
        at: action.location.pointer, component: component, isFallback: isFallback,
        expression: expression))
  }

  private mutating func flag(
    _ kind: GraphFlag.Kind, _ message: String, _ node: Int, _ pointer: JSONPointer
  ) {
    graph.flags.append(GraphFlag(kind, message, node: node, at: pointer))
  }

  /// The declared animation of a navigation of `kind`, nil when none is declared.
  private func transition(_ kind: GraphEdge.Kind, direction: GraphEdge.Direction?) -> String? {
    guard let animation = configuration.animation else { return nil }
    switch kind {
    case .push: return animation.pushTransition.map(Self.describe)
    case .native where direction == .forward: return animation.pushTransition.map(Self.describe)
    case .pop: return animation.popTransition.map(Self.describe)
    case .present:
      return "\(animation.modalPresentationStyle) \(animation.modalTransitionStyle)"
    default: return nil
    }
  }

  private static func describe(_ transition: NavigationAnimation.Transition) -> String {
    ([transition.type] + (transition.subtype.map { [$0] } ?? []) + [
      JSONPrinter.text(of: transition.duration) + "s"
    ]).joined(separator: " ")
  }

  /// `message (at pointer)`.
  static func summary(_ diagnostic: Diagnostic) -> String {
    guard let pointer = diagnostic.pointer else { return diagnostic.message }
    return "\(diagnostic.message) (at \(pointer.isRoot ? "/" : pointer.description))"
  }

  // MARK: - Expressions

  /// A route as written, or evaluated with the assumed values.
  enum Resolution {
    case literal(String)
    case evaluated(String, expression: String)
    /// Not followed: a binding has no assumed value, or the text does not read.
    case unresolved(String, why: String)

    /// The route to show and follow (the expression itself when unresolved).
    package var text: String {
      switch self {
      case .literal(let text), .evaluated(let text, _), .unresolved(let text, _): text
      }
    }

    var expression: String? {
      if case .evaluated(_, let expression) = self { return expression }
      return nil
    }
  }

  private func resolve(_ text: String) -> Resolution {
    guard text.containsExpressionMarker else { return .literal(text) }
    let options = StringTemplate.Options(grammar: .init(configuration.profile.dialect))
    let explanation = evaluator.explain(
      StringTemplate(text, options: options), in: configuration.assumptions)
    var missing: [String] = []
    for read in explanation.bindings where !read.contextExists || read.value.isNull {
      if !missing.contains(read.text) { missing.append(read.text) }
    }
    if !missing.isEmpty { return .unresolved(text, why: Self.assumptionHint(missing: missing)) }
    // What the profile cannot read (web: "web cannot read 'ctx.[.]' (…)") or evaluate.
    if let first = explanation.diagnostics.first {
      return .unresolved(text, why: first.description)
    }
    return .evaluated(explanation.value.interpolationText, expression: text)
  }

  /// `no value for 'user.id'; give --assume user=JSON`.
  private static func assumptionHint(missing: [String]) -> String {
    let contexts = missing.map { binding in
      String(binding.prefix { $0 != "." && $0 != "[" })
    }
    var unique: [String] = []
    for context in contexts where !unique.contains(context) { unique.append(context) }
    return "no value for " + missing.map { "'\($0)'" }.joined(separator: ", ") + "; give "
      + unique.map { "\(setting: .assumption) \($0)=JSON" }.joined(separator: " ")
  }

  private static func unresolvedMessage(_ text: String, why: String) -> String {
    "route '\(text)' is built from an expression; not followed (\(why))"
  }

  // MARK: - popToView

  /// Points each popToView at the screen it returns to, and flags those whose
  /// target is on no path of pushes to their screen (popToView searches the current
  /// stack only, and only pushes add to it).
  private mutating func resolvePops() {
    var pushes: [[Int]] = Array(repeating: [], count: graph.nodes.count)
    for edge in graph.edges
    where edge.to >= 0
      && (edge.kind == .push || (edge.kind == .native && edge.direction == .forward))
    {
      pushes[edge.from].append(edge.to)
    }
    // Screens by what popToView compares (iOS): the identifier of local screens, the
    // built URL of fetched screens and fallbacks; each list in discovery order.
    var byName: [String: [Int]] = [:]
    for node in graph.nodes.indices where graph.nodes[node].isScreen {
      var names: [String] = []
      if let identifier = identifiers[node] { names.append("id " + identifier) }
      if graph.nodes[node].kind == .screen || graph.nodes[node].kind == .fallback,
        let url = configuration.urlBuilder.build(path: graph.nodes[node].route)
      {
        names.append("url " + url)
      }
      for name in names where byName[name]?.last != node { byName[name, default: []].append(node) }
    }
    // Targets are few (home, a hub): what each reaches by pushes is found once.
    var reachedFrom: [Int: Set<Int>] = [:]
    for index in pendingPops {
      let edge = graph.edges[index]
      var candidates = byName["id " + edge.route] ?? []
      if let url = configuration.urlBuilder.build(path: edge.route) {
        candidates = Array(Set(candidates + (byName["url " + url] ?? []))).sorted()
      }
      guard let first = candidates.first else {
        let error = "no screen reached from the entry has the route or identifier '\(edge.route)'"
        graph.edges[index].to = missingNode(
          key: "pop " + edge.route, route: edge.route, error: error)
        flag(.popToViewTarget, "popToView '\(edge.route)': \(error)", edge.from, edge.at)
        continue
      }
      var onPath: Int?
      for candidate in candidates {
        let reached = reachedFrom[candidate] ?? Self.reached(from: candidate, pushes: pushes)
        reachedFrom[candidate] = reached
        if reached.contains(edge.from) {
          onPath = candidate
          break
        }
      }
      if let onPath {
        graph.edges[index].to = onPath
      } else {
        graph.edges[index].to = first
        flag(
          .popToViewTarget,
          "popToView '\(edge.route)': no path of pushes leads from '\(graph.nodes[first].route)' "
            + "to this screen, so it is never on its stack", edge.from, edge.at)
      }
    }
  }

  /// The node and every node a path of pushes leads to from it.
  private static func reached(from node: Int, pushes: [[Int]]) -> Set<Int> {
    var seen: Set<Int> = [node]
    var work = [node]
    while let next = work.popLast() {
      for child in pushes[next] where seen.insert(child).inserted { work.append(child) }
    }
    return seen
  }
}

extension ComponentNode {
  /// The navigation bar's title, as written.
  var screenTitle: String? { navigationBar?.title }

  /// A screen's `identifier`, else its `id`.
  var screenIdentifier: String? { properties["identifier"]?.stringValue ?? id }
}
