import BeagleJSON
import BeagleRendering
import Testing

@testable import BeagleRuntime

/// A view client answering from a table and counting what it was asked.
struct StubViewClient: ViewClient {
  var answers: [String: Result<FetchedScreen, NavigationError>]
  private(set) var asked: [String] = []

  init(_ answers: [String: Result<FetchedScreen, NavigationError>]) {
    self.answers = answers
  }

  mutating func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    asked.append("\(request.method.rawValue) \(request.url)")
    return answers[request.url] ?? .failure(.httpStatus(404, url: request.url))
  }
}

private func screen(_ url: String, status: Int? = 200) -> FetchedScreen {
  FetchedScreen(bytes: Array("{}".utf8), url: url, source: url, status: status)
}

@Suite struct CachingViewClientTests {
  @Test("a second fetch of the same method and URL is served from the cache")
  func caches() throws {
    var client = CachingViewClient(StubViewClient(["/a": .success(screen("/a"))]))
    _ = try client.fetch(ScreenRequest(url: "/a")).get()
    let again = try client.fetch(ScreenRequest(url: "/a")).get()
    #expect(again == screen("/a"))
    #expect(client.base.asked == ["GET /a"])
    #expect(
      client.records == [
        RequestRecord(method: .get, url: "/a", status: 200, origin: .network),
        RequestRecord(method: .get, url: "/a", status: 200, origin: .cache),
      ])
  }

  @Test("the method is part of the key")
  func methodKey() {
    var client = CachingViewClient(StubViewClient(["/a": .success(screen("/a"))]))
    _ = client.fetch(ScreenRequest(url: "/a"))
    _ = client.fetch(ScreenRequest(url: "/a", method: .post))
    #expect(client.base.asked == ["GET /a", "POST /a"])
    #expect(client.isCached(ScreenRequest(url: "/a", method: .post)))
    #expect(!client.isCached(ScreenRequest(url: "/a", method: .put)))
  }

  @Test("a prefetched screen is recorded as prefetched, then served from the cache")
  func prefetch() throws {
    var client = CachingViewClient(StubViewClient(["/next": .success(screen("/next"))]))
    _ = try client.prefetch(ScreenRequest(url: "/next")).get()
    _ = try client.fetch(ScreenRequest(url: "/next")).get()
    #expect(client.base.asked == ["GET /next"])
    #expect(client.records.map(\.origin) == [.prefetch, .cache])
  }

  @Test("failures are recorded with their status and not cached")
  func failures() {
    var client = CachingViewClient(StubViewClient([:]))
    _ = client.fetch(ScreenRequest(url: "/gone"))
    _ = client.fetch(ScreenRequest(url: "/gone"))
    #expect(client.base.asked == ["GET /gone", "GET /gone"])
    let record = RequestRecord(
      method: .get, url: "/gone", status: 404, origin: .network,
      error: .httpStatus(404, url: "/gone"))
    #expect(client.records == [record, record])
    #expect(
      JSONStateRenderer.value(of: record)
        == [
          "kind": "screen", "id": .null, "method": "GET", "url": "/gone", "status": 404,
          "pending": false, "origin": "network", "error": "'/gone' answered with status 404",
        ])
    #expect(
      JSONStateRenderer.value(of: record).objectValue?.keys == [
        "kind", "id", "method", "url", "status", "pending", "origin", "error",
      ])
  }

  @Test("it wraps the file client: files have no status")
  func wrapsFiles() throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    var client = CachingViewClient(FileViewClient(root: bff.root))
    _ = try client.fetch(ScreenRequest(url: "/a/b")).get()
    _ = try client.fetch(ScreenRequest(url: "/a/b")).get()
    #expect(
      client.records == [
        RequestRecord(method: .get, url: "/a/b", status: nil, origin: .network),
        RequestRecord(method: .get, url: "/a/b", status: nil, origin: .cache),
      ])
  }
}
