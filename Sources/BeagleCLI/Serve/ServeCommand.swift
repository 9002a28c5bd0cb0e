import BeagleHTTP
import BeagleRuntime
import Foundation

/// `beagle-run serve FILE [--port N] [run options]`: the live preview. It prints
/// `serving http://127.0.0.1:PORT/` as its first line, serves the page until the
/// process is interrupted (exit 130 for SIGINT, 143 for SIGTERM), and reloads the
/// run whenever the screen, its folder's JSON files, the `--bff` folder or the
/// manifest change.
struct ServeCommand {
  var options: ServeOptions
  var environment: CommandLineTool.Environment
  /// How often the files are looked at for changes.
  var pollInterval: Double = 0.3

  func execute(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    let path = options.run.inputs.first ?? ""
    var isFolder: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: environment.location(of: path), isDirectory: &isFolder), !isFolder.boolValue
    else {
      errors(
        "beagle-run: error: "
          + (isFolder.boolValue
            ? "'\(path)' is a folder; give a screen file" : "no such file '\(path)'")
          + "\n")
      return CommandLineTool.ExitCode.failure
    }
    if let folder = options.run.input.bffPath {
      var isBFFFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: environment.location(of: folder), isDirectory: &isBFFFolder)
      guard exists, isBFFFolder.boolValue else {
        errors(
          "beagle-run: error: --bff: "
            + (exists ? "'\(folder)' is a file, not a folder" : "no such folder '\(folder)'") + "\n"
        )
        return CommandLineTool.ExitCode.failure
      }
    }
    let script: RunScript
    do {
      script = try RunScript(options: options.run, environment: environment, errors: errors)
    } catch {
      return error.code
    }
    let preview = Preview(
      setup: Preview.Setup(
        options: options.run, screenPath: path, environment: environment,
        limitSettings: options.limitSettings),
      initialSteps: script.script.steps)
    let routes = PreviewRoutes(preview: preview)
    let server: HTTPServer
    do {
      server = try HTTPServer(port: options.port) { routes.respond(to: $0) }
    } catch {
      errors("beagle-run: error: cannot serve on 127.0.0.1:\(options.port): \(error.description)\n")
      return CommandLineTool.ExitCode.failure
    }
    let watcher = FileWatcher(preview: preview, interval: pollInterval)
    watcher.start()
    let code = environment.awaitInterrupt {
      output("serving http://127.0.0.1:\(server.port)/\n")
    }
    watcher.stop()
    server.stop()
    return code
  }

  /// One screen file.
  static func validate(_ options: ServeOptions, line: ParsedCommandLine) throws(UsageError) {
    guard let first = options.run.inputs.first else {
      throw UsageError(message: "missing input: give the screen file to preview")
    }
    guard options.run.inputs.count == 1 else {
      throw UsageError(message: "'serve' previews one screen file")
    }
    guard first != "-" else {
      throw UsageError(message: "'serve' reloads its screen from disk; give a file, not '-'")
    }
  }
}
