import BeagleRuntime

/// `beagle-run run FILE --compare-profiles` (or `--profiles ios,web`): runs the
/// screen and script once per profile and prints where the states differ.
///
/// The comparison is informational: it exits 0 whether or not the profiles
/// differ, and 1 when a profile's run fails as `run` would (each failure's
/// messages on standard error, prefixed with the profile).
struct CompareCommand {
  var run: RunCommand
  var profiles: [NavigationProfile]

  func execute(output: (String) -> Void, errors: (String) -> Void) -> RunCommand.Outcome {
    var runs: [ProfileRun] = []
    var inputs: [String: [UInt8]] = [:]
    for profile in profiles {
      let result = ProfileRun(run, profile: profile)
      runs.append(result)
      inputs.merge(result.inputs) { first, _ in first }
    }
    let comparison = ProfileComparison(runs: runs)
    switch run.options.output.format {
    // `--format html` with `--compare-profiles` is refused by the validation.
    case .text, .html: output(ComparisonRenderer.text(comparison))
    // dot and mermaid are graph's; the parser refuses them here.
    case .json, .dot, .mermaid: output(ComparisonRenderer.json(comparison))
    }
    for result in runs where result.code != CommandLineTool.ExitCode.success {
      for line in result.errorLines { errors("\(result.profile.rawValue): \(line)\n") }
    }
    // A step that failed under any profile makes the comparison no golden either.
    return RunCommand.Outcome(
      code: comparison.hasFailedRun
        ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success,
      inputs: inputs, failedStep: runs.lazy.compactMap(\.failedStep).first)
  }
}
