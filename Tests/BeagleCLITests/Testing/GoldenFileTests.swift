import Testing

@testable import BeagleCLI

@Suite struct GoldenFileTests {
  // Test vectors of the FNV-1a 64-bit hash (Fowler, Noll, Vo; draft-eastlake-fnv).
  @Test(
    "FNV-1a 64 matches the published test vectors",
    arguments: [
      ("", "cbf29ce484222325"),
      ("a", "af63dc4c8601ec8c"),
      ("foobar", "85944171f73967e8"),
    ])
  func fnv(text: String, hex: String) {
    #expect(InputHash(bytes: Array(text.utf8)).hex == hex)
  }

  @Test("named inputs are hashed in name order, each as name, NUL, 8-byte length, bytes")
  func framing() {
    let screen: [UInt8] = Array("{}".utf8)
    let scenario: [UInt8] = Array("screen: a.json\n".utf8)
    let stream =
      Array("a.json".utf8) + [0, 2, 0, 0, 0, 0, 0, 0, 0] + screen
      + Array("a.scenario".utf8) + [0, 15, 0, 0, 0, 0, 0, 0, 0] + scenario
    #expect(InputHash(["a.scenario": scenario, "a.json": screen]) == InputHash(bytes: stream))
    // Moving a byte from one input to the next changes the hash.
    #expect(InputHash(["a": [1, 2], "b": [3]]) != InputHash(["a": [1], "b": [2, 3]]))
  }

  @Test("hex round-trips and only 16 lowercase digits are a hash")
  func hex() {
    #expect(InputHash(value: 0xAB).hex == "00000000000000ab")
    #expect(InputHash(hex: "00000000000000ab") == InputHash(value: 0xAB))
    #expect(InputHash(hex: "00000000000000AB") == nil)
    #expect(InputHash(hex: "ab") == nil)
    #expect(InputHash(hex: "00000000000000ag") == nil)
  }

  @Test(
    "the body is stdout, then '--- stderr' and stderr when there is any, then '--- exit N'",
    arguments: [
      ("step 0\n", "", Int32(0), "step 0\n--- exit 0\n"),
      (
        "step 0\n", "x.scenario:3: error: no\n", 1,
        "step 0\n--- stderr\nx.scenario:3: error: no\n--- exit 1\n"
      ),
      (
        "", "beagle-run: error: no such file 'a.json'\n", 1,
        "--- stderr\nbeagle-run: error: no such file 'a.json'\n--- exit 1\n"
      ),
      ("", "", 0, "--- exit 0\n"),
      ("no newline", "", 0, "no newline\n\\ no newline at end of output\n--- exit 0\n"),
    ] as [(String, String, Int32, String)])
  func body(output: String, errors: String, code: Int32, expected: String) {
    #expect(GoldenFile.body(output: output, errors: errors, exitCode: code) == expected)
  }

  @Test("the header line holds the version and the inputs hash; other first lines are not goldens")
  func header() {
    let golden = GoldenFile(
      inputs: InputHash(value: 0x0123_4567_89ab_cdef), body: "a\n--- exit 0\n")
    #expect(golden.text == "# beagle-run golden v1 inputs:0123456789abcdef\na\n--- exit 0\n")
    #expect(GoldenFile(parsing: golden.text) == golden)
    #expect(GoldenFile(parsing: "step 0 · load /\nexit: 0\n") == nil)
    #expect(GoldenFile(parsing: "# beagle-run golden v2 inputs:0123456789abcdef\n") == nil)
    #expect(GoldenFile(parsing: "# beagle-run golden v1 inputs:0123\n") == nil)
    #expect(GoldenFile(parsing: "# beagle-run golden v1 inputs:0123456789abcdef") == nil)
  }
}
