import BeagleRendering
import BeagleRuntime

/// One run of the previewed screen, as `beagle-run run` would make it, advanced
/// one event at a time: the screen loaded with the manifest and the options, a
/// ``Session`` over it, and the state after the last event.
///
/// It is ``RunCommand``'s run without the printing: the same loader, the same
/// ``DiagnosticPolicy``, the same `Session.perform` then `Session.state(step:event:)`
/// per step, so what the page shows after the events is what `run --step` prints
/// after the same steps.
struct PreviewRun {
  /// Why the screen cannot run: its diagnostics, rendered as `check` prints them.
  struct Unloadable: Error, Equatable {
    var diagnostics: String
  }

  var session: Session
  /// The state after the last step (step 0: the load).
  private(set) var state: RunState
  /// The steps performed, in order.
  private(set) var steps: [Script.Line] = []
  private let policy: DiagnosticPolicy
  private let mainName: String
  /// Every source read (the screen, the manifest, fetched screens), to place the
  /// log's diagnostics at `file:line:column`.
  private var files: [String: SourceFile]

  /// Loads the screen (`source`) as `run` would with `options`.
  init(
    options: RunOptions, source: ScreenSource, environment: CommandLineTool.Environment
  ) throws(Unloadable) {
    let loader = ScreenLoader(
      options: options.input, httpLimits: options.httpLimits, valueLimits: options.valueLimits,
      environment: environment)
    policy = DiagnosticPolicy(isStrict: options.output.isStrict)
    var load = policy.apply(loader.load(source))
    load.document = nil
    guard let root = load.runnableRoot else {
      let renderer = DiagnosticRenderer(
        usesColor: false, files: load.files, mainName: load.mainName)
      throw Unloadable(
        diagnostics: load.diagnostics.map { renderer.render($0) }.joined()
          .spellingSettings(OptionTable.spelling(of:)))
    }
    mainName = load.mainName
    files = load.files
    let screen = Screen(route: source.route, root: root)
    session = Session(
      load: load, screen: screen, source: source, loader: loader, environment: environment,
      collectsCoverage: false)
    state = policy.apply(session.initialState(log: load.diagnostics))
    noteSources()
  }

  /// Performs `line` and moves to the state after it; a step that cannot be
  /// performed (no such target, no dialog) changes nothing and returns why.
  mutating func perform(_ line: Script.Line) -> StepOutcome {
    // A failed step stops a `run`; here the preview stays where it was, as if the
    // step had not been tried (the session is a value: the copy is the undo).
    let before = session
    let outcome = session.perform(line.step)
    guard outcome == .done else {
      session = before
      return outcome
    }
    steps.append(line)
    state = policy.apply(session.state(step: steps.count, event: line.text))
    noteSources()
    return outcome
  }

  /// `file:line:column` of a diagnostic among the files read so far.
  func place(of diagnostic: Diagnostic) -> String? {
    DiagnosticRenderer(usesColor: false, files: files, mainName: mainName).place(of: diagnostic)
      .map { "\($0.file):\($0.position)" }
  }

  /// Keeps the screens the session fetched, so their diagnostics can be placed.
  private mutating func noteSources() {
    for (name, bytes) in session.sources where files[name] == nil {
      files[name] = SourceFile(name: name, bytes: bytes).keepingOnlyLines()
    }
  }
}
