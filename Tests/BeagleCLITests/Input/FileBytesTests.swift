import BeagleJSON
import BeagleRuntime
import BeagleTestSupport
import Foundation
import Testing

@testable import BeagleCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files read whole with POSIX calls, in one buffer of their size.
@Suite struct FileBytesTests {
  /// Bytes of every value 0–255, then multi-byte text, `count` bytes in all.
  private func sample(_ count: Int) -> [UInt8] {
    let pattern = Array(0...255) + Array("é 中文 🚀\n".utf8)
    return (0..<count).map { pattern[$0 % pattern.count] }
  }

  @Test("a file is read whole, byte for byte", arguments: [0, 1, 4_095, 65_536, 300_001])
  func wholeFile(size: Int) throws {
    let folder = try ScenarioFolder()
    let bytes = sample(size)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/f.bin"))
    #expect(try FileBytes.read(atPath: folder.path + "/f.bin") == bytes)
  }

  @Test("a missing file and a folder cannot be read")
  func unreadable() throws {
    let folder = try ScenarioFolder()
    #expect(throws: FileBytes.Failure.unreadable) {
      try FileBytes.read(atPath: folder.path + "/missing.json")
    }
    #expect(throws: FileBytes.Failure.unreadable) { try FileBytes.read(atPath: folder.path) }
  }

  @Test(
    "a file of exactly the limit is read; one byte more is refused", arguments: [0, 10, 200_000])
  func limit(expectedSize: Int) throws {
    let folder = try ScenarioFolder()
    let bytes = sample(1_000)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/f.bin"))
    #expect(try FileBytes.read(atPath: folder.path + "/f.bin", limit: 1_000) == bytes)
    #expect(throws: FileBytes.Failure.tooLarge) {
      try FileBytes.read(atPath: folder.path + "/f.bin", limit: 999)
    }
    let descriptor = open(folder.path + "/f.bin", O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    // A descriptor is read one byte past the limit, whatever size was expected.
    #expect(
      FileBytes.read(descriptor: descriptor, expectedSize: expectedSize, limit: 100)
        == Array(bytes[..<101]))
  }

  @Test(
    "a descriptor is read to its end, whatever size was expected (pipes, /proc, a file that grew)",
    arguments: [0, 10, 200_000])
  func descriptor(expectedSize: Int) throws {
    let folder = try ScenarioFolder()
    let bytes = sample(200_000)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/f.bin"))
    let descriptor = open(folder.path + "/f.bin", O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(FileBytes.read(descriptor: descriptor, expectedSize: expectedSize) == bytes)
  }

  @Test(
    "a large file is read in two halves at once, byte for byte; a small one in one part",
    arguments: [FileBytes.twoPartMinimum - 1, FileBytes.twoPartMinimum, 3_000_017])
  func twoHalves(size: Int) throws {
    let folder = try ScenarioFolder()
    let bytes = sample(size)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/f.bin"))
    let jobs = LockedCount()
    let read = try FileBytes.read(atPath: folder.path + "/f.bin") { job in
      jobs.add()
      let second = BackgroundJob(job)
      return second.wait
    }
    // Compared whole first: a failed comparison of two megabytes would be printed whole.
    let isSame = read == bytes
    #expect(isSame)
    #expect(read.count == bytes.count)
    #expect(jobs.count == (size >= FileBytes.twoPartMinimum ? 1 : 0))
  }

  @Test("a file that grows or shrinks while its halves are read is read as it is then")
  func changedWhileRead() throws {
    let folder = try ScenarioFolder()
    let path = folder.path + "/f.bin"
    let bytes = sample(2_500_000)
    for change in ["grow", "shrink"] {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let now = change == "grow" ? bytes + sample(70_000) : Array(bytes[..<1_800_000])
      // The second half's job changes the file before it reads: the first half may be
      // read before or after (it is the same in both files).
      let read = try FileBytes.read(atPath: path) { job in
        let changeThenRead: @Sendable () -> Int = {
          let descriptor = open(path, O_WRONLY)
          if change == "grow" {
            _ = lseek(descriptor, 0, SEEK_END)
            _ = now[bytes.count...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
          } else {
            _ = ftruncate(descriptor, off_t(now.count))
          }
          close(descriptor)
          return job()
        }
        return BackgroundJob(changeThenRead).wait
      }
      let isSame = read == now
      #expect(isSame, "\(change)")
      #expect(read.count == now.count, "\(change)")
    }
  }
}

/// A run keeps only its screen's line table: positions stay, the bytes go.
@Suite struct SourceFileLinesTests {
  @Test("a file keeping only its lines locates offsets as the whole file does")
  func keepingOnlyLines() {
    let bytes = Array("{\n  \"a\": 1,\n  \"é\": [true]\n}\n".utf8)
    let file = SourceFile(name: "s.json", bytes: bytes)
    let lines = file.keepingOnlyLines()
    #expect(lines.name == "s.json")
    #expect(lines.bytes.isEmpty)
    #expect(!lines.showsExcerpt)
    for offset in 0...bytes.count {
      #expect(lines.lines.position(ofOffset: offset) == file.lines.position(ofOffset: offset))
    }
    #expect(lines.lines.position(ofOffset: 15) == SourcePosition(line: 3, column: 4, offset: 15))
  }

  @Test("a plain run still locates the screen's problems by line and column in the state's log")
  func runLocatesWithoutBytes() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "screen.json",
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:text", "text": 5}
      ]}
      """)
    let tool = CommandLineTool(environment: .init(workingDirectory: folder.path))
    var output = ""
    var errors = ""
    let code = tool.run(
      ["beagle-run", "screen.json"], output: { output += $0 }, errors: { errors += $0 })
    #expect(code == 1)
    #expect(
      output.contains(
        "  screen.json:2:48: error: field 'text' must be a string or an expression, found an integer"
          + " [wrong-type] (at /children/0/text)\n"))
    #expect(
      errors
        == "beagle-run: error: 1 error in the input (listed in the state's log; 'beagle-run check'"
        + " shows them with their source lines)\n")
  }
}
