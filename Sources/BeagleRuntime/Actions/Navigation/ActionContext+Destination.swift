import BeagleExpressions
import BeagleJSON

extension ActionContext {
  /// The screen a route leads to (docs/spec.md §3.5, iOS): a local screen at once; a remote one
  /// fetched through the view client, or the route's `fallback` when the fetch
  /// fails. Nil when there is no destination: then no navigation happens and the
  /// log says why (iOS shows an error on the current screen).
  mutating func destination(of action: ActionNode, scope: ContextScope) -> Screen? {
    let pointer = action.location.pointer.appending("route")
    guard let raw = action.fields["route"] else { return nil }
    if let local = action.screens["route.screen"] {
      let identifier =
        local.properties["identifier"]?.stringValue ?? local.id ?? Screen.unnamedLocalRoute
      var screen = Screen(route: identifier, root: local)
      screen.isLocal = true
      return screen
    }
    let rawURL = raw["url"]?.stringValue ?? ""
    // Read with the profile's grammar, as the route's other fields are (docs/spec.md §5.3):
    // under web, `@{concat( 'a' ,'b' )}` is a call and an unreadable part is "".
    let options = StringTemplate.Options(grammar: .init(evaluator.library.dialect))
    let url = evaluator.library.text(
      of: evaluator.evaluate(StringTemplate(rawURL, options: options), in: scope))
    let route: Route
    do {
      route = try Route(parsing: raw, url: url)
    } catch {
      report(NavigationMessage.invalidRoute(error), at: pointer)
      return nil
    }
    guard case .remote(var remote) = route else { return nil }
    if let body = remote.httpAdditionalData.body {
      remote.httpAdditionalData.body = PropertyEvaluator(evaluator: evaluator).evaluateDeeply(
        body, in: scope)
    }
    switch fetchScreen(remote, pointer: pointer) {
    case .success(let screen):
      return screen
    case .failure(let failure):
      if let fallback = action.screens["route.fallback"] {
        report(
          NavigationMessage.showingFallback(reason: failure.message),
          at: pointer.appending("fallback"))
        // iOS keeps the remote URL as the fallback screen's identity.
        return Screen(route: remote.url, root: fallback)
      }
      report(NavigationMessage.destinationUnavailable(reason: failure.message), at: pointer)
      return nil
    }
  }

  struct FetchFailure: Error {
    var message: String
    /// What the request's record says when the answer came but is no screen.
    var answerError: NavigationError?

    /// An answer that came but is not `what` (`valid JSON`, `a Beagle component`), for
    /// the reason `why`.
    static func undecodable(_ fetched: FetchedScreen, isNot what: String, why: String) -> Self {
      FetchFailure(
        message: "'\(fetched.source)' is not \(what)",
        answerError: .undecodableAnswer(
          url: fetched.url, contentType: fetched.contentType, reason: "not \(what) (\(why))"))
    }
  }

  /// Fetches, parses and decodes a remote screen; its problems go to the log.
  private mutating func fetchScreen(
    _ remote: RemoteRoute, pointer: JSONPointer
  )
    -> Result<Screen, FetchFailure>
  {
    fetchDecoded(remote, pointer: pointer) { context, fetched in
      context.decodeScreen(fetched, route: remote.url)
    }
  }

  /// Fetches, parses and decodes the component at a remote route (a screen, a lazy
  /// component); the request goes to the step's `requests`, problems to the log. A
  /// screen (`isScreen`) is checked as the first screen is.
  mutating func fetchComponent(
    _ remote: RemoteRoute, pointer: JSONPointer, isScreen: Bool = false
  )
    -> Result<ComponentNode, FetchFailure>
  {
    fetchDecoded(remote, pointer: pointer) { context, fetched in
      context.decodeComponent(fetched, isScreen: isScreen)
    }
  }

  /// Fetches the answer at a remote route and hands it to `decode`; the request goes
  /// to the step's `requests`.
  private mutating func fetchDecoded<Decoded>(
    _ remote: RemoteRoute, pointer: JSONPointer,
    _ decode: (inout ActionContext, FetchedScreen) -> Result<Decoded, FetchFailure>
  ) -> Result<Decoded, FetchFailure> {
    let request: ScreenRequest
    do {
      request = try remote.request(using: urlBuilder)
    } catch {
      return .failure(FetchFailure(message: error.description))
    }
    guard var client = viewClient else {
      return .failure(
        FetchFailure(
          message:
            "remote route '\(remote.url)' needs a BFF: run a screen file (its folder serves "
            + "the routes) or give \(setting: .bffFolder)"))
    }
    let answer = client.fetch(request, purpose: .navigation)
    viewClient = client
    record(answer.record)
    switch answer.result {
    case .success(let fetched):
      let decoded = decode(&self, fetched)
      // An answer that is no screen (an HTML page with status 200) is a failed request:
      // its record says why, as the log does.
      if case .failure(let failure) = decoded, let error = failure.answerError,
        let index = stepRecord.requests.indices.last
      {
        stepRecord.requests[index].error = error
      }
      return decoded
    case .failure(let error): return .failure(FetchFailure(message: error.description))
    }
  }

  /// Parses and decodes fetched bytes into a screen with `route`; the problems go
  /// to the log. The screen is made once per decoded bytes and route and shared by
  /// every later fetch (``DecodedFetches``).
  mutating func decodeScreen(
    _ fetched: FetchedScreen, route: String
  ) -> Result<Screen, FetchFailure> {
    switch decodeComponent(fetched, isScreen: true) {
    case .failure(let failure): return .failure(failure)
    case .success(let root):
      return .success(
        decodedFetches.screen(for: fetched, route: route) ?? Screen(route: route, root: root))
    }
  }

  /// Parses and decodes fetched bytes into a component; the problems go to the log.
  /// A screen (`isScreen`) is also checked as the first screen is (``ScreenChecker``): a
  /// lazy component or added children are not, since they see the contexts of the
  /// screen they join. Bytes decoded before are not decoded again (``DecodedFetches``):
  /// the tree is shared and the log says again what it said the first time.
  mutating func decodeComponent(
    _ fetched: FetchedScreen, isScreen: Bool = false
  ) -> Result<ComponentNode, FetchFailure> {
    remember(source: fetched.source, bytes: fetched.bytes)
    let entry: DecodedFetches.Entry
    if let kept = decodedFetches.entry(for: fetched, isScreen: isScreen) {
      entry = kept
    } else {
      entry = decodedEntry(fetched, isScreen: isScreen)
      decodedFetches.keep(entry, isScreen: isScreen)
    }
    stepRecord.log += entry.log
    noteCheckedTargets(in: entry.checked)
    stepRecord.log += entry.checked
    return entry.outcome
  }

  /// Parses, decodes and (a screen) checks `fetched`.
  private func decodedEntry(_ fetched: FetchedScreen, isScreen: Bool) -> DecodedFetches.Entry {
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: fetched.bytes)
    } catch {
      return DecodedFetches.Entry(
        fetched: fetched,
        outcome: .failure(
          .undecodable(
            fetched, isNot: "valid JSON", why: "\(error.description) at \(error.position)")),
        log: [located(error.diagnostic(source: fetched.source))], checked: [])
    }
    let decoded = Decoder(registry: registry, source: fetched.source, profile: navigator.profile)
      .decode(document)
    guard let root = decoded.root else {
      return DecodedFetches.Entry(
        fetched: fetched,
        outcome: .failure(.undecodable(fetched, isNot: "a Beagle component", why: "see the log")),
        log: decoded.diagnostics, checked: [])
    }
    var checked: [Diagnostic] = []
    if isScreen {
      checked = ScreenChecker(
        operations: evaluator.library, profile: navigator.profile,
        styles: configuration.styles
      ).check(root, in: document, source: fetched.source)
    }
    return DecodedFetches.Entry(
      fetched: fetched, outcome: .success(root), log: decoded.diagnostics, checked: checked)
  }
}
