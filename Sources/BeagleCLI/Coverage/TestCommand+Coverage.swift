import Foundation

extension TestCommand {
  /// Prints the coverage table of `results` and writes `--coverage-json FILE`;
  /// false when the file cannot be written.
  func writeCoverage(
    _ results: [ScenarioResult], output: (String) -> Void, errors: (String) -> Void
  ) -> Bool {
    let report = CoverageReport(samples: results.compactMap(\.coverage))
    output(report.text)
    guard let path = options.coverageJSONPath else { return true }
    do {
      try Data(report.json.utf8).write(
        to: URL(fileURLWithPath: environment.location(of: path)), options: .atomic)
      return true
    } catch {
      errors(
        "beagle-run: error: cannot write the coverage report '\(path)': "
          + "\(error.localizedDescription)\n")
      return false
    }
  }
}
