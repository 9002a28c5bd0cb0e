import Testing

@testable import BeagleCLI

@Suite struct FirstErrorTests {
  @Test(
    "a FAIL line names the first located error: stderr's, else a state log's, else stderr's first",
    arguments: [
      (
        "index.json:3:5: error: bad\nbeagle-run: error: 1 error in the input\n",
        "log\n  other.json:1:1: error: later\n",
        "index.json:3:5: error: bad"
      ),
      (
        "beagle-run: error: 1 error in the input (listed in the state's log)\n",
        "step 0 · load /\nlog\n  index.json:33:17: error: field 'text' must be a string (at /text)\n",
        "index.json:33:17: error: field 'text' must be a string (at /text)"
      ),
      (
        "beagle-run: error: the run logged errors\n", "step 0 · load /\n",
        "beagle-run: error: the run logged errors"
      ),
      ("", "text \"a: error: b\"\n", nil),
    ] as [(String, String, String?)])
  func firstError(errors: String, output: String, expected: String?) {
    #expect(ScenarioRunner.firstError(errors: errors, output: output) == expected)
  }
}
