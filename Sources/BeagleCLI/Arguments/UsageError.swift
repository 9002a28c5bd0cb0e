/// A command line that cannot be understood; exits 64 with a pointer to the help.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The option at fault, when one is (a scenario points at its header line).
  var option: String?
  /// The verb whose rules the command line broke, when it is known: the error then
  /// points at `beagle-run help VERB` rather than the full help.
  var verb: Verb?
  var description: String { message }

  /// `See 'beagle-run help check'.`, or the full help's when no verb is known.
  var seeHelp: String {
    "See 'beagle-run " + (verb.map { "help \($0.rawValue)" } ?? "--help") + "'."
  }

  init(message: String, option: String? = nil) {
    self.message = message
    self.option = option
  }

  /// Two errors are the same error whichever help they point at.
  static func == (lhs: UsageError, rhs: UsageError) -> Bool {
    lhs.message == rhs.message && lhs.option == rhs.option
  }
}
