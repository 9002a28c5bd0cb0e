import BeagleJSON

extension ActionContext {
  /// Prefetches the routes of `screen` as iOS's `BeaglePrefetchHelper` does when the
  /// screen's buttons and touchables are rendered (docs/spec.md §3.4): every navigation action
  /// directly in their `onPress` whose remote route has `shouldPrefetch: true` is
  /// fetched into the view client's cache with a plain GET (iOS sends no
  /// `httpAdditionalData` when prefetching). A URL holding an expression is not
  /// prefetched, with a note. Each request goes to the step's `requests`; one the
  /// cache already holds sends nothing and is not listed.
  mutating func prefetchRoutes(of screen: Screen) {
    var candidates: [(url: String, pointer: JSONPointer)] = []
    screen.node.forEachInPlace { node in
      let builtIn = node.pointee.builtIn
      guard builtIn == .button || builtIn == .touchable,
        let handler = node.pointee.event("onPress")
      else { return }
      for action in handler.actions
      where action.builtIn?.opensRoute == true {
        // `shouldPrefetch` read alone first: most routes do not prefetch, and the
        // route (a local screen with it) is not materialised for them.
        guard action.fields.value(forKey: "route", member: "shouldPrefetch")?.boolValue == true,
          let route = action.fields["route"]?.objectValue,
          route["screen"]?.objectValue == nil,
          let url = route["url"]?.stringValue, !url.isEmpty
        else { continue }
        candidates.append((url, action.location.pointer.appending("route").appending("url")))
      }
    }
    // Every prefetch is sent at once (iOS starts each one without waiting for the
    // others), so a screen's prefetches to a server that never answers take one
    // timeout, not one each; the answers are recorded in the screen's order.
    var requests: [(url: String, pointer: JSONPointer, request: ScreenRequest)] = []
    for (url, pointer) in candidates {
      guard !url.containsExpressionMarker else {
        report(NavigationMessage.prefetchExpression(url: url), at: pointer)
        continue
      }
      guard viewClient != nil else {
        report(NavigationMessage.prefetchWithoutBFF(url: url), at: pointer)
        continue
      }
      guard let built = urlBuilder.build(path: url) else { continue }
      requests.append((url, pointer, ScreenRequest(url: built)))
    }
    guard var client = viewClient, !requests.isEmpty else { return }
    let answers = client.fetchAll(requests.map(\.request), purpose: .prefetch)
    viewClient = client
    for (candidate, answer) in zip(requests, answers) where answer.record.origin != .cache {
      record(answer.record)
      if case .failure(let error) = answer.result {
        report(NavigationMessage.prefetchFailed(url: candidate.url, error), at: candidate.pointer)
      }
    }
  }
}
