import BeagleExpressions
import BeagleJSON

extension Session {
  /// How many times one step may find new components to initialise before it
  /// stops (an `onInit` that keeps adding components that have an `onInit`).
  public static let maximumSettleRounds = 100

  /// Runs what happens when components first appear on the top screen, as iOS does
  /// on the first layout pass after a change (docs/spec.md §2.19):
  /// - `onInit` of every component not initialised yet, in post-order (descendants
  ///   before ancestors, siblings left to right), once per component;
  /// - `onScrollEnd` of a list or grid whose data source is empty, once per data
  ///   source value (iOS fires it at once then; non-empty lists never fire it
  ///   headlessly, see docs/spec.md §2.8's recommendation: use `event TARGET onScrollEnd`);
  /// - lazy components, fetched and put in place of their `initialState` (docs/spec.md §2.16).
  ///
  /// What these run may make new components appear (items, a new screen), so it
  /// repeats until nothing is left, at most ``maximumSettleRounds`` times.
  ///
  /// - Returns: the top screen rendered once nothing is left.
  @discardableResult
  public mutating func settle() -> ComponentNode {
    for round in 0..<Self.maximumSettleRounds {
      let top = navigator.topScreen
      let rendered = evaluatedTopScreen()
      let version = context.stateVersion
      let kept = context.renderedInitScopes
      var work = Pending(kept: kept.scopes)
      collect(rendered, on: top, into: &work)
      if work.isEmpty { return rendered }
      context.markLifecycleRan(
        serial: top.serial, inits: work.inits.map(\.path),
        scrollEnds: work.scrollEnds.map { ($0.path, $0.dataSource) })
      for lazy in work.lazies { load(lazy, on: top.serial) }
      for item in work.inits {
        // In the scope the render found, while nothing changed since (an earlier
        // onInit's setContext or addChildren makes the next ones resolve theirs).
        run(
          item.actions, event: "onInit", origin: Origin(screen: top.serial, path: item.path),
          implicits: [], depth: 0, renderedScope: item.scope.map { ($0, kept.version) })
      }
      for item in work.scrollEnds {
        run(
          item.actions, event: "onScrollEnd", origin: Origin(screen: top.serial, path: item.path))
      }
      // Requests these actions sent may have been answered (a mock, HTTP): their
      // callbacks run before the screen is looked at again.
      deliverAnswers()
      // Nothing changed but the marks (neither the navigator nor `global`: the same
      // render, no lazy component loaded or failed) and no scroll end fired (two lists
      // at one path may take turns): the next round would find every `onInit` of the
      // same tree marked and end there, after walking the whole tree again (a 1 MB
      // screen whose `onInit`s only send requests). Not the last round, which reports.
      if context.stateVersion == version, work.lazies.isEmpty, work.scrollEnds.isEmpty,
        round + 1 < Self.maximumSettleRounds
      {
        return rendered
      }
    }
    report(LifecycleMessage.settleRoundsExceeded(rounds: Self.maximumSettleRounds).diagnostic())
    return evaluatedTopScreen()
  }

  private struct Pending {
    /// The scopes the render kept, in post-order (``ActionContext/renderedInitScopes``),
    /// and how many of them the walk passed.
    var kept: [(path: JSONPointer, scope: ContextScope)]
    var keptPassed = 0
    var inits: [(path: JSONPointer, actions: [ActionNode], scope: ContextScope?)] = []
    var scrollEnds: [(path: JSONPointer, actions: [ActionNode], dataSource: JSONValue)] = []
    var lazies: [ComponentNode] = []
    var isEmpty: Bool { inits.isEmpty && scrollEnds.isEmpty && lazies.isEmpty }
  }

  /// Post-order walk of the rendered tree (its depth is bounded by the decoder's
  /// nesting limit).
  private func collect(_ node: ComponentNode, on screen: Screen, into work: inout Pending) {
    withUnsafePointer(to: node) { collect($0, on: screen, into: &work) }
  }

  /// ``collect(_:on:into:)`` on a component read in place: passed as values, the
  /// children were copied, each with its dozen reference-counted fields, to be read.
  private func collect(
    _ node: UnsafePointer<ComponentNode>, on screen: Screen, into work: inout Pending
  ) {
    node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return }
      for index in children.indices { collect(first + index, on: screen, into: &work) }
    }
    // Most components have no event and are neither lazy nor lists: nothing to look up.
    let builtIn = node.pointee.builtIn
    guard !node.pointee.events.isEmpty || builtIn == .lazyComponent else { return }
    let path = node.pointee.location.pointer
    if builtIn == .lazyComponent, !screen.lazyFailed.contains(path) {
      work.lazies.append(node.pointee)
    }
    if let onInit = node.pointee.event("onInit") {
      // The render kept scopes in this walk's order: the next one is this component's
      // unless the render kept none for it.
      var scope: ContextScope?
      if work.keptPassed < work.kept.count, work.kept[work.keptPassed].path == path {
        scope = work.kept[work.keptPassed].scope
        work.keptPassed += 1
      }
      if !screen.initialized.contains(path) { work.inits.append((path, onInit.actions, scope)) }
    }
    if builtIn?.isList == true,
      let onScrollEnd = node.pointee.event("onScrollEnd"), node.pointee.children.isEmpty
    {
      let dataSource = node.pointee.properties["dataSource"] ?? .null
      if screen.scrollEndFired[path] != dataSource {
        work.scrollEnds.append((path, onScrollEnd.actions, dataSource))
      }
    }
  }

  /// Fetches a lazy component's `path` and puts the answer in its place; on failure
  /// the initial state stays (iOS shows its error state) and it is not retried.
  private mutating func load(_ lazy: ComponentNode, on serial: Int) {
    let outerSite = context.reportingSite
    context.reportingSite = ReportingSite(screen: serial)
    defer { context.reportingSite = outerSite }
    let path = lazy.location.pointer
    let pointer = path.appending("path")
    func fail(_ message: LifecycleMessage) {
      report(message.diagnostic(at: pointer))
      context.navigator.updateScreen(serial: serial) { $0.lazyFailed.insert(path) }
    }
    let url = lazy.properties["path"]?.stringValue ?? ""
    switch context.fetchComponent(RemoteRoute(url: url), pointer: pointer) {
    case .failure(let failure):
      fail(.lazyFetchFailed(reason: failure.message))
    case .success(let root):
      var component = root.rebased(from: root.location.pointer, to: path)
      component.slot = lazy.slot
      if path.tokens.contains(ListItems.itemsToken) {
        // Inside a list item: the answer is kept for this item (by its rendered
        // path), since the template is shared by every item.
        context.navigator.updateScreen(serial: serial) { $0.itemLazies[path] = component }
        return
      }
      let replaced = context.navigator.updateScreen(serial: serial) { screen in
        screen.updateNode(at: path) { $0 = component }
      }
      if !replaced { fail(.lazyNoLongerOnScreen) }
    }
  }
}
