import Testing

@testable import BeagleCLI

@Suite struct FailedStepTests {
  @Test(
    "a failed step's FAIL line says which step, why, and how many steps after it did not run",
    arguments: [
      (
        FailedStep.Kind.expectation, 0,
        "expectation failed at step 2 'expect depth 2': expected depth 2; the top stack holds 1"
          + " screens (never recorded as a golden)"
      ),
      (
        .expectation, 1,
        "expectation failed at step 2 'expect depth 2': expected depth 2; the top stack holds 1"
          + " screens (the run stopped there, so the step after it did not run; never recorded as"
          + " a golden)"
      ),
      (
        .error, 3,
        "step 2 'expect depth 2' failed: expected depth 2; the top stack holds 1 screens (the run"
          + " stopped there, so the 3 steps after it did not run; never recorded as a golden)"
      ),
    ] as [(FailedStep.Kind, Int, String)])
  func summary(kind: FailedStep.Kind, skipped: Int, expected: String) {
    let failed = FailedStep(
      kind: kind, file: "flows/a.script", line: 7, step: 2, text: "expect depth 2",
      message: "expected depth 2; the top stack holds 1 screens", skippedSteps: skipped)
    #expect(failed.summary == expected)
  }

  @Test(
    "a failed step's located error is the line the run printed",
    arguments: [
      (FailedStep.Kind.expectation, "a.scenario:7: error: expectation failed: no dialog is open"),
      (.error, "a.scenario:7: error: no dialog is open"),
    ] as [(FailedStep.Kind, String)])
  func locatedError(kind: FailedStep.Kind, expected: String) {
    let failed = FailedStep(
      kind: kind, file: "a.scenario", line: 7, step: 1, text: "choose \"OK\"",
      message: "no dialog is open")
    #expect(failed.locatedError == expected)
  }
}
