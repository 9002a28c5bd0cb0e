/// A command line that cannot be understood; exits 64 with a pointer to --help.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The option at fault, when one is (a scenario points at its header line).
  var option: String?
  var description: String { message }

  init(message: String, option: String? = nil) {
    self.message = message
    self.option = option
  }
}
