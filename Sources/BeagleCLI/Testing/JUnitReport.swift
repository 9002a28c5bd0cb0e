import Foundation

/// The JUnit XML report of a test run (`--junit FILE`), the format GitHub Actions
/// reporters, GitLab and Jenkins read.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="beagle-run test" tests="2" failures="1" errors="0" skipped="0" time="0.031">
///   <testsuite name="beagle-run test" tests="2" failures="1" errors="0" skipped="0" time="0.031">
///     <testcase classname="Examples/shop" name="cart" file="Examples/shop/cart.scenario" time="0.012">
///       <failure message="output differs from Examples/shop/cart.expected (…)">--- Examples/shop/cart.expected
/// …</failure>
///     </testcase>
/// ```
///
/// A broken scenario is an `<error>`, a mismatch or missing golden a `<failure>`,
/// a skipped scenario `<skipped>`. `classname` is the scenario's folder and `name`
/// its file name without `.scenario`.
struct JUnitReport {
  static let suiteName = "beagle-run test"

  var results: [ScenarioResult]

  var xml: String {
    var failures = 0
    var errors = 0
    var skipped = 0
    var cases = ""
    for result in results {
      let name = String(result.path.split(separator: "/").last ?? Substring(result.path))
      let stem =
        name.hasSuffix(Scenario.fileExtension)
        ? String(name.dropLast(Scenario.fileExtension.count)) : name
      cases += "    <testcase classname=\"\(Self.escape(Scenario.folder(of: result.path)))\""
      cases += " name=\"\(Self.escape(stem))\" file=\"\(Self.escape(result.path))\""
      cases += " time=\"\(Self.seconds(result.seconds))\""
      if result.isSkipped {
        skipped += 1
        cases += ">\n      <skipped message=\"\(Self.escape(result.summary))\"/>\n    </testcase>\n"
      } else if result.isFailure {
        let element: String
        switch result.outcome {
        case .invalidScenario, .interrupted:
          errors += 1
          element = "error"
        default:
          failures += 1
          element = "failure"
        }
        cases += ">\n      <\(element) message=\"\(Self.escape(result.summary))\">"
        cases +=
          Self.escape(result.details, isAttribute: false) + "</\(element)>\n    </testcase>\n"
      } else {
        cases += "/>\n"
      }
    }
    let time = Self.seconds(results.reduce(0) { $0 + $1.seconds })
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
      + " skipped=\"\(skipped)\" time=\"\(time)\""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="\(Self.suiteName)" \(counts)>
        <testsuite name="\(Self.suiteName)" \(counts)>

      """ + cases + "  </testsuite>\n</testsuites>\n"
  }

  /// Seconds with three decimals, whatever the locale.
  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", locale: nil, value.isFinite ? max(0, value) : 0)
  }

  /// `text` escaped for XML 1.0: `&`, `<`, `>` always, quotes in attributes (and
  /// line breaks, which attribute normalisation would turn into spaces), and the
  /// characters XML cannot hold (most control characters) as U+FFFD.
  static func escape(_ text: String, isAttribute: Bool = true) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where isAttribute: result += "&quot;"
      case "'" where isAttribute: result += "&apos;"
      case "\n" where isAttribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where isAttribute: result += "&#9;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        let isAllowed =
          (value >= 0x20 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD)
          || value >= 0x10000
        result.unicodeScalars.append(isAllowed ? scalar : "\u{FFFD}")
      }
    }
    return result
  }
}
