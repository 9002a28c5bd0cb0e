/// A command line as ``ArgumentParser`` read it: the verb, its arguments, the
/// names of the options given, and the verb's options.
struct ParsedCommandLine {
  var verb: Verb = .run
  /// Whether the verb was spelled out (`check --help` shows check's help).
  var isVerbGiven = false
  /// The arguments that are not options: files, `-`, an expression, a verb for `help`.
  var inputs: [String] = []
  /// The options given, by name (`--format`), in order.
  var givenNames: [String] = []
  var showsHelp = false
  var showsVersion = false
  /// `--color`: every verb reads it.
  var color = ColorChoice.auto
  /// What the verb reads, filled from the options given.
  var options = VerbOptions.run(RunOptions())
}
