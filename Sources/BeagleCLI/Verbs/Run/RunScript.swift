import BeagleJSON
import BeagleRuntime

/// The steps a run plays: `--script FILE` followed by each `--step`, or a test
/// scenario's, and the file each step's line number refers to.
struct RunScript {
  var script: Script
  /// The file the first ``fileSteps`` steps come from; the rest are `--step`s.
  var fileName: String
  var fileSteps: Int

  /// Where step `index`'s line number points: the script file for its steps,
  /// `--step` for steps given on the command line (which come after the file's).
  func source(ofStep index: Int) -> String {
    index < fileSteps ? fileName : "--step"
  }

  /// Why the steps could not be read, already printed, and the exit code it means:
  /// 1 for a script file that cannot be read or parsed (an invalid input), 64 for a
  /// `--step` that does not parse (a usage error).
  struct Unreadable: Error {
    var code: Int32
  }

  /// A scenario's steps, read ahead; every line number refers to `name`.
  init(prepared: PreparedScript) {
    self.script = prepared.script
    self.fileName = prepared.name
    self.fileSteps = prepared.script.steps.count
  }

  /// The steps of `--script FILE` followed by each `--step`. Errors are
  /// `SOURCE:LINE: error: …` as a step's failure is.
  init(
    options: RunOptions, environment: CommandLineTool.Environment, errors: (String) -> Void
  ) throws(Unreadable) {
    var steps: [Script.Line] = []
    // `action`, `event` and `respond` JSON is nested no deeper than `--max-depth`.
    let jsonOptions = JSONParser.Options(maximumDepth: options.valueLimits.depth)
    if let path = options.scriptPath {
      do {
        let file = try SourceFile.read(
          path, at: environment.location(of: path), standardInput: { [] })
        steps += try Script(
          parsing: String(decoding: file.bytes, as: UTF8.self), jsonOptions: jsonOptions
        ).steps
      } catch let error as ScriptError {
        errors("\(path):\(error.line): error: \(error.description)\n")
        throw Unreadable(code: CommandLineTool.ExitCode.failure)
      } catch {
        errors("beagle-run: error: script: \(error)\n")
        throw Unreadable(code: CommandLineTool.ExitCode.failure)
      }
    }
    let fileSteps = steps.count
    for (index, text) in options.steps.enumerated() {
      do {
        steps += try Script(parsing: text, firstLine: index + 1, jsonOptions: jsonOptions).steps
      } catch {
        errors("--step:\(index + 1): error: \(error.description)\nSee 'beagle-run help run'.\n")
        throw Unreadable(code: CommandLineTool.ExitCode.usage)
      }
    }
    self.script = Script(steps: steps)
    self.fileName = options.scriptPath ?? "--step"
    self.fileSteps = fileSteps
  }
}

/// Script steps read ahead of a run, and the file their line numbers refer to.
struct PreparedScript: Sendable {
  var script: Script
  var name: String
}
