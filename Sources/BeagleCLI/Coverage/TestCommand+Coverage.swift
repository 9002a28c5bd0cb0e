import BeagleRendering
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
    guard
      let reason = ReportFile.write(
        report.json, path: path, location: environment.location(of: path))
    else { return true }
    errors("beagle-run: error: cannot write the coverage report to '\(path)': \(reason)\n")
    return false
  }
}
