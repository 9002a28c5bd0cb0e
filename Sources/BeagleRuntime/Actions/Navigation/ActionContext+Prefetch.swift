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
    screen.node.forEachInPreOrder { node in
      guard node.builtIn == .button || node.builtIn == .touchable,
        let handler = node.event("onPress")
      else { return }
      for action in handler.actions
      where action.builtIn?.opensRoute == true {
        guard let route = action.fields["route"]?.objectValue,
          route["shouldPrefetch"]?.boolValue == true, route["screen"]?.objectValue == nil,
          let url = route["url"]?.stringValue, !url.isEmpty
        else { continue }
        candidates.append((url, action.location.pointer.appending("route").appending("url")))
      }
    }
    for (url, pointer) in candidates {
      guard !url.containsExpressionMarker else {
        report(NavigationMessage.prefetchExpression(url: url), at: pointer)
        continue
      }
      guard var client = viewClient else {
        report(NavigationMessage.prefetchWithoutBFF(url: url), at: pointer)
        continue
      }
      guard let built = urlBuilder.build(path: url) else { continue }
      let answer = client.fetch(ScreenRequest(url: built), purpose: .prefetch)
      viewClient = client
      guard answer.record.origin != .cache else { continue }
      record(answer.record)
      if case .failure(let error) = answer.result {
        report(NavigationMessage.prefetchFailed(url: url, error), at: pointer)
      }
    }
  }
}
