import Foundation
import Testing

@testable import BeagleCLI

/// `check` recognises the screen it checks among its folder's files by identity, however
/// either path is spelled.
@Suite struct FileIdentityTests {
  @Test("the same file through another spelling or a link is the same; another file is not")
  func identity() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-identity-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("a.json")
    let other = folder.appendingPathComponent("b.json")
    let link = folder.appendingPathComponent("link.json")
    try Data("{}".utf8).write(to: file)
    try Data("{}".utf8).write(to: other)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let identity = try #require(FileIdentity(path: file.path))
    #expect(FileIdentity(path: folder.path + "/./a.json") == identity)
    #expect(FileIdentity(path: link.path) == identity)
    #expect(FileIdentity(path: other.path) != identity)
    #expect(FileIdentity(path: folder.path + "/missing.json") == nil)
  }
}
