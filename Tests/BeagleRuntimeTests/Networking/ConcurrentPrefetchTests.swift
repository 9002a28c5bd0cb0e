import BeagleJSON
import Foundation
import Testing

@testable import BeagleRuntime

/// Issue #19: a screen's prefetches (docs/spec.md §3.4) are sent at once, as the
/// `sendRequest`s of a step are, each under the run's timeout: six prefetches to a
/// server that never answers fail after about one timeout, not six. The answers are
/// recorded in the screen's order whatever order they come in.
@Suite(.serialized) struct ConcurrentPrefetchTests {
  /// A screen with one button per route, each pushing it with `shouldPrefetch`.
  private func screen(_ routes: [String]) throws -> ComponentNode {
    let buttons = routes.enumerated().map { index, route in
      #"{"_beagleComponent_": "beagle:button", "text": "b\#(index)", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "\#(route)", "shouldPrefetch": true}}]}"#
    }
    return try #require(
      try decode(
        #"{"_beagleComponent_": "beagle:container", "children": [\#(buttons.joined(separator: ","))]}"#
      ).root)
  }

  private func session(_ root: ComponentNode, base: String, timeout: Double) -> Session {
    Session(
      configuration: Session.Configuration(
        registry: .builtIn,
        viewClient: CachingViewClient(HTTPViewClient(baseURL: base, timeout: timeout)),
        urlBuilder: URLBuilder(baseURL: base),
        analytics: AnalyticsConfig(enableScreenAnalytics: false)),
      firstScreen: Screen(route: "/", root: root))
  }

  @Test("six prefetches to a server that hangs all fail within about one timeout, in order")
  func hangingServer() throws {
    let routes = (0..<6).map { "/p\($0)" }
    // Each route answers after 30 s; the server serves each connection on its own
    // thread, so it would answer them all at once if asked at once.
    let server = try TestHTTPServer(
      routes: Dictionary(
        uniqueKeysWithValues: routes.map { ($0, CannedResponse.json("{}").delayed(30)) }),
      maxRequests: 6, concurrent: true)
    defer { server.shutdown() }
    let timeout = 1.0
    var session = session(try screen(routes), base: server.baseURL, timeout: timeout)
    let started = Date()
    let initial = session.initialState(log: [])
    let elapsed = Date().timeIntervalSince(started)
    // One after another they take six timeouts; at once, one (and a little).
    #expect(elapsed < 3 * timeout, "took \(elapsed) s")
    // All six were waiting at the server at the same time.
    #expect(server.mostConcurrentRequests == 6)
    // Recorded in the screen's order, each a timeout.
    #expect(initial.requests.map(\.url) == routes.map { server.baseURL + $0 })
    #expect(initial.requests.allSatisfy { $0.origin == .prefetch && $0.status == nil })
    #expect(
      initial.requests.map(\.error)
        == routes.map {
          NavigationError.timedOut(url: server.baseURL + $0, seconds: timeout)
        })
    #expect(
      initial.log.map(\.message)
        == routes.map {
          NavigationMessage.prefetchFailed(
            url: $0, .timedOut(url: server.baseURL + $0, seconds: timeout)
          ).description
        })
  }

  @Test("a screen with more prefetches than may be in flight sends them in turns, all answered")
  func boundedInFlight() throws {
    let count = HTTPViewClient.maximumInFlight + 8
    let routes = (0..<count).map { "/p\($0)" }
    let server = try TestHTTPServer(
      routes: Dictionary(
        uniqueKeysWithValues: routes.map {
          (
            $0,
            CannedResponse.json(#"{"_beagleComponent_": "beagle:text", "text": "t"}"#).delayed(0.3)
          )
        }),
      maxRequests: count, concurrent: true)
    defer { server.shutdown() }
    var session = session(try screen(routes), base: server.baseURL, timeout: 10)
    let initial = session.initialState(log: [])
    #expect(initial.requests.map(\.status) == Array(repeating: 200, count: count))
    // A payload may hold thousands: each in flight is a thread and a socket.
    #expect(server.mostConcurrentRequests <= HTTPViewClient.maximumInFlight)
    #expect(server.mostConcurrentRequests > 1)
  }

  @Test("answers that come back in another order are recorded in the screen's order")
  func answersOutOfOrder() throws {
    let routes = ["/slow", "/fast", "/slow"]
    let server = try TestHTTPServer(
      routes: [
        "/slow": CannedResponse.json(#"{"_beagleComponent_": "beagle:text", "text": "s"}"#)
          .delayed(0.5),
        "/fast": .json(#"{"_beagleComponent_": "beagle:text", "text": "f"}"#),
      ], maxRequests: 2, concurrent: true)
    defer { server.shutdown() }
    var session = session(try screen(routes), base: server.baseURL, timeout: 5)
    let initial = session.initialState(log: [])
    // The repeated route is sent once; its second prefetch is served by the cache,
    // which a prefetch does not list.
    #expect(initial.requests.map(\.url) == ["/slow", "/fast"].map { server.baseURL + $0 })
    #expect(initial.requests.map(\.status) == [200, 200])
    #expect(server.requests.count == 2)
    #expect(initial.log == [])
  }
}

extension CannedResponse {
  /// The same answer, sent after `seconds`.
  fileprivate func delayed(_ seconds: Double) -> CannedResponse {
    var copy = self
    copy.delay = seconds
    return copy
  }
}
