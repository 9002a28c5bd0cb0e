import Foundation
import Testing

@testable import BeagleRuntime

/// ``FileViewClient/locate(_:realRoot:folders:)``, which skips the look-ups of
/// candidates in folders found missing, answers as ``FileViewClient/locate(_:realRoot:)``
/// does for every URL, whatever was located before it with the same cache.
@Suite struct FolderCacheTests {
  /// Found files, missing files, missing folders at each depth, a file where a folder
  /// is expected, links to a folder in and out of the root, a dangling link, a
  /// file named like a folder (`dir.json/`), escapes and refusals.
  static let urls = [
    "/", "/a/b", "/a/b/", "/c", "/c/index", "/a/b.json", "/a", "/a/x", "/a/b/x", "/nope",
    "/nope/x", "/nope/deeper/x", "/products/580", "/products/3261", "/index/x", "/index.json/x",
    "/linkdir/secret", "/linkdir/x/y", "/link", "/dangling", "/dangling/x", "/dir.json",
    "/dir.json/index", "/user/Name%20Of%20User", "/user/Nobody", "/user%2Fx", "/../x",
    "/a/%2e%2e/x", "https://example.com/x", "?x=1", "/alias", "/alias/x",
  ]

  @Test("one cache over many URLs, in order and reversed, gives each URL's own answer")
  func sameAnswers() throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    let client = FileViewClient(root: bff.root)
    let realRoot = client.realRoot
    for urls in [Self.urls, Self.urls.reversed(), Self.urls + Self.urls] {
      var folders = FileViewClient.FolderCache()
      for url in urls {
        let expected = client.locate(url, realRoot: realRoot)
        let found = client.locate(url, realRoot: realRoot, folders: &folders)
        switch (expected, found) {
        case (.success(let expected), .success(let found)):
          #expect(found.resolved == expected.resolved, "\(url)")
          #expect(found.candidate == expected.candidate, "\(url)")
        case (.failure(let expected), .failure(let found)):
          #expect(found == expected, "\(url)")
        default:
          Issue.record("\(url): \(expected) without the cache, \(found) with it")
        }
      }
      // Missing folders were found, and present ones (looked at for `/a/b/x`).
      #expect(folders.isFolder["products"] == false)
      #expect(folders.isFolder["nope"] == false)
      #expect(folders.isFolder["index.json"] == false)  // a file, not a folder
      #expect(folders.isFolder["a"] == true)
      #expect(folders.isFolder["linkdir"] == true)  // a link to a folder (outside)
    }
  }

  @Test("a missing screen in a missing folder names both candidate files, looked up or not")
  func missingFolder() throws {
    let bff = try TemporaryBFF()
    defer { bff.remove() }
    let client = FileViewClient(root: bff.root)
    var folders = FileViewClient.FolderCache()
    let result = client.locate("/products/580", realRoot: client.realRoot, folders: &folders)
    #expect(
      result.map(\.candidate)
        == .failure(
          .screenNotFound(
            url: "/products/580", root: bff.root,
            candidates: ["products/580.json", "products/580/index.json"])))
    // No root: the root's error, not a missing screen.
    var none = FileViewClient.FolderCache()
    let noRoot = FileViewClient(root: bff.root + "/absent")
    #expect(
      noRoot.locate("/products/580", realRoot: nil, folders: &none).map(\.candidate)
        == noRoot.locate("/products/580", realRoot: nil).map(\.candidate))
    #expect(none.isFolder.isEmpty)
  }
}
