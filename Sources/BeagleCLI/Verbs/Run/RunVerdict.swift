import BeagleRendering

/// How a run that played all its steps ends: its exit code, and the line that
/// explains a failure on standard error.
struct RunVerdict: Equatable {
  var code: Int32
  var message: String?

  static let success = RunVerdict(code: CommandLineTool.ExitCode.success)

  /// - Parameters:
  ///   - hasSteps: whether the run played script steps.
  ///   - inputErrors: the errors loading found (in the first state's log).
  ///   - loggedError: whether any state's log holds an error.
  ///   - firstError: the first error a state logged, as ``LoggedError`` words it.
  init(hasSteps: Bool, inputErrors: Int, loggedError: Bool, firstError: LoggedError? = nil) {
    let logged =
      "beagle-run: error: the run logged errors"
      + (firstError.map { "; the first, \($0.summary)" } ?? " (see each state's log)") + "\n"
    if hasSteps, loggedError {
      self.init(code: CommandLineTool.ExitCode.failure, message: logged)
    } else if inputErrors > 0 {
      self.init(
        code: CommandLineTool.ExitCode.failure,
        message: "beagle-run: error: \(Count.phrase(inputErrors, "error")) in the input "
          + "(listed in the state's log; 'beagle-run check' shows them with their source lines)\n")
    } else if loggedError {
      // A run without steps fails too when loading it logged a runtime error (an
      // onInit loop cut short, an expression that failed): the log is the verdict.
      self.init(code: CommandLineTool.ExitCode.failure, message: logged)
    } else {
      self = .success
    }
  }

  init(code: Int32, message: String? = nil) {
    self.code = code
    self.message = message
  }
}
