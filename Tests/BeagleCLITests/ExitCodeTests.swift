import Foundation
import Testing

/// Exit code 1 whenever any state's log holds an error, whether the run has script
/// steps or not (DESIGN.md's exit codes; docs/cli.md "Exit codes").
@Suite struct ExitCodeTests {
  static let failingOnInit = Array(
    #"""
    {"_beagleComponent_": "beagle:container",
     "onInit": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/missing"}}],
     "children": [{"_beagleComponent_": "beagle:text", "text": "hi"}]}
    """#.utf8)

  @Test("a run without steps whose onInit logged an error exits 1 and says so on stderr")
  func runtimeErrorWithoutSteps() throws {
    let path = try temporaryFile(Self.failingOnInit)
    let outcome = beagleRun(path)
    #expect(outcome.code == 1)
    let folder = (path as NSString).deletingLastPathComponent
    // Located at the pushView (line 2, column 13), in the log and on stderr.
    let error =
      "\(path):2:13: error: no screen for '/missing' in '\(folder)': tried 'missing.json' and 'missing/index.json'; no navigation happens (iOS shows an error on the current screen)"
    #expect(
      outcome.output.contains(
        "  \(error) [navigation-destination-unavailable] (at /onInit/0/route)\n"))
    #expect(
      outcome.errors == "beagle-run: error: the run logged errors; the first, at step 0: \(error)\n"
    )
  }

  @Test("the same run with a step exits 1 with the same message")
  func runtimeErrorWithSteps() throws {
    let path = try temporaryFile(Self.failingOnInit)
    let outcome = beagleRun(path, "--step", #"expect text "hi""#)
    #expect(outcome.code == 1)
    let folder = (path as NSString).deletingLastPathComponent
    #expect(
      outcome.errors
        == "beagle-run: error: the run logged errors; the first, at step 0: \(path):2:13: error: no screen for '/missing' in '\(folder)': tried 'missing.json' and 'missing/index.json'; no navigation happens (iOS shows an error on the current screen)\n"
    )
  }

  @Test("a run without steps whose log holds only warnings exits 0; --strict makes it exit 1")
  func warningsOnly() throws {
    let path = try temporaryFile(
      Array(
        #"""
        {"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": 0},
         "onInit": [{"_beagleAction_": "beagle:setContext", "contextId": "nope", "value": 1}]}
        """#.utf8))
    let plain = beagleRun(path)
    #expect(plain.code == 0)
    #expect(plain.errors == "")
    // Once, from the load-time check; onInit running does not say it again.
    #expect(
      plain.output.hasSuffix(
        "log\n  \(path):2:66: warning: setContext: no enclosing component declares context"
          + " 'nope' [set-context-target-not-in-scope] (at /onInit/0/contextId)\n"))
    let strict = beagleRun(path, "--strict")
    #expect(strict.code == 1)
    // `check` already warns about the target at load: --strict makes that an input error.
    #expect(
      strict.errors
        == "beagle-run: error: 1 error in the input (listed in the state's log; 'beagle-run check'"
        + " shows them with their source lines)\n")
  }
}
