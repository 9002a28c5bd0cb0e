import BeagleJSON
import BeagleRuntime

/// `beagle-run [run] FILE|-`: load the screen and print its state.
struct RunCommand {
  var options: Options
  var environment: CommandLineTool.Environment
  var usesColor: Bool

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    let input = options.inputs.first ?? "-"
    let loader = ScreenLoader(options: options, environment: environment)
    var loaded = loader.load(input)
    if options.isStrict { loaded.diagnostics = loaded.diagnostics.strict() }
    let renderer = DiagnosticRenderer(
      usesColor: usesColor, files: loaded.files, mainName: loaded.mainName)
    guard !loaded.isFatal, let root = loaded.root else {
      for diagnostic in loaded.diagnostics { errors(renderer.render(diagnostic)) }
      return CommandLineTool.ExitCode.failure
    }
    let screen = Screen(route: ScreenLoader.route(for: input), root: root)
    let session = Session(
      registry: loaded.registry, firstScreen: screen, global: loaded.global ?? .null,
      operations: loaded.operations)
    let state = session.initialState(log: loaded.diagnostics)
    let bindings =
      options.explains
      ? ScreenEvaluator(evaluator: session.evaluator).explain(screen, global: session.global) : []
    switch options.format {
    case .text:
      let text = TextRenderer { diagnostic in
        renderer.place(of: diagnostic).map { "\($0.file):\($0.position)" }
      }
      output(text.render(state))
      if options.explains { output(ExplainRenderer.text(bindings)) }
    case .json:
      let json = JSONStateRenderer { diagnostic in
        renderer.place(of: diagnostic).map { (file: $0.file, position: $0.position) }
      }
      var value = json.value(of: state)
      if options.explains, case .object(var object) = value {
        object["bindings"] = ExplainRenderer.json(bindings)
        value = .object(object)
      }
      output(JSONPrinter().print(value) + "\n")
    }
    let errorCount = loaded.diagnostics.filter { $0.severity == .error }.count
    if errorCount > 0 {
      errors(
        "beagle-run: error: \(loaded.mainName) has \(Count.phrase(errorCount, "error")) "
          + "(listed in the state's log); iOS would not decode this payload\n")
      return CommandLineTool.ExitCode.failure
    }
    return CommandLineTool.ExitCode.success
  }
}

/// "1 error", "2 warnings".
enum Count {
  static func phrase(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
