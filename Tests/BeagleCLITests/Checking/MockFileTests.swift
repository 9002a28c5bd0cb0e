import Foundation
import Testing

@testable import BeagleCLI

/// ``CheckCommand/isMockFile(atPath:)``: a file whose JSON starts with `[` (a mock
/// file's array; a screen is an object), told by its first 256 bytes, skipping
/// whitespace and a byte order mark, as `check FOLDER`, the route check and `graph`
/// need; a file that cannot be read is not one.
@Suite struct MockFileTests {
  @Test(
    "the first byte past whitespace and a BOM within the first 256 tells",
    arguments: [
      ("[]", true),
      (#"[{"method": "GET"}]"#, true),
      (" \n\t\r[", true),
      ("\u{FEFF}[1]", true),
      ("\u{FEFF} \n [", true),
      (String(repeating: " ", count: 255) + "[", true),  // the 256th byte
      (String(repeating: " ", count: 256) + "[", false),  // past the first 256
      (String(repeating: "\n", count: 4096), false),
      ("{}", false),
      (#"{"_beagleComponent_": "beagle:text"}"#, false),
      ("", false),
      ("x[", false),
      ("\"[\"", false),
    ])
  func head(_ text: String, _ isMock: Bool) throws {
    let folder = try ScenarioFolder()
    try folder.write("file.json", text)
    #expect(CheckCommand.isMockFile(atPath: folder.path + "/file.json") == isMock)
  }

  @Test("a missing file or a folder is not a mock file")
  func unreadable() throws {
    let folder = try ScenarioFolder()
    try folder.write("sub/file.json", "[]")
    #expect(CheckCommand.isMockFile(atPath: folder.path + "/sub/file.json"))
    #expect(!CheckCommand.isMockFile(atPath: folder.path + "/missing.json"))
    #expect(!CheckCommand.isMockFile(atPath: folder.path + "/sub"))
  }
}
