/// How `beagle-run test` shows its results while the scenarios run: each scenario's
/// report as soon as every scenario before it (in path order) is done, so the output
/// streams yet stays the same bytes whatever the number of workers and their timing;
/// and on a terminal, a counter line below them that updates in place
/// (`[12/40] scenarios done`), erased before the summary.
struct TestProgress {
  var total: Int
  var isTerminal: Bool
  private var pending: [Int: ScenarioResult] = [:]
  private var nextToPrint = 0
  private var done = 0
  private var isCounterShown = false

  init(total: Int, isTerminal: Bool) {
    self.total = total
    self.isTerminal = isTerminal
  }

  /// The scenario at `index` is done: prints what can be printed in order (`control`
  /// writes the counter's terminal sequences).
  mutating func finished(
    _ index: Int, _ result: ScenarioResult, print: (ScenarioResult) -> Void,
    control output: (String) -> Void
  ) {
    done += 1
    pending[index] = result
    var isCleared = false
    while let next = pending.removeValue(forKey: nextToPrint) {
      if !isCleared {
        eraseCounter(output)
        isCleared = true
      }
      print(next)
      nextToPrint += 1
    }
    guard isTerminal, done < total else { return }
    // `\r` and erase-line: the counter is rewritten where it is.
    output("\r\u{1B}[K[\(done)/\(total)] scenarios done")
    isCounterShown = true
  }

  /// Erases the counter, before the lines that follow the results.
  mutating func end(control output: (String) -> Void) {
    eraseCounter(output)
  }

  private mutating func eraseCounter(_ output: (String) -> Void) {
    guard isCounterShown else { return }
    output("\r\u{1B}[K")
    isCounterShown = false
  }
}
