import BeagleRuntime

/// What one profile's run of a screen and script produced, for
/// `--compare-profiles`.
struct ProfileRun {
  var profile: NavigationProfile
  /// The states, step 0 first; empty when the screen did not load.
  var states: [StateAspects]
  /// The events of the states (`load /`, `tap "Save"`).
  var events: [String]
  /// What the run wrote to standard error, line by line.
  var errorLines: [String]
  var code: Int32
  /// The step that failed and stopped the run, if one did.
  var failedStep: FailedStep?
  /// The screens the run put on a stack, each as first seen, in that order.
  var screens: [Screen]
  /// Every input the run read, by name.
  var inputs: [String: [UInt8]]

  /// Runs `command` under `profile`, keeping its states instead of printing them.
  init(_ command: RunCommand, profile: NavigationProfile) {
    var command = command
    command.options.input.profile = profile
    let observer = RunObserver(printsStates: false)
    command.observer = observer
    var errors = ""
    let outcome = command.run(output: { _ in }, errors: { errors += $0 })
    self.profile = profile
    states = observer.states.map(StateAspects.init)
    events = observer.states.map(\.event)
    errorLines = errors.split(separator: "\n").map(String.init)
    code = outcome.code
    failedStep = outcome.failedStep
    inputs = outcome.inputs
    var seen: Set<String> = []
    screens = observer.states.flatMap { $0.stacks.joined() }.filter {
      seen.insert($0.route).inserted
    }
  }

  /// The lines that say why the run failed at its last state, or why the screen
  /// did not load: its `error:` lines (at most three, then how many more).
  var failureLines: [String] {
    guard code != CommandLineTool.ExitCode.success else { return [] }
    let errors = errorLines.filter { $0.contains("error: ") }
    let shown = errors.isEmpty ? Array(errorLines.prefix(1)) : Array(errors.prefix(3))
    return errors.count > 3 ? shown + ["… \(errors.count - 3) more"] : shown
  }
}
