import BeagleJSON
import BeagleRuntime

/// `beagle-run test --coverage`: per screen the scenarios touched, how many of
/// its components, actions, condition branches, list templates and navigation
/// edges were exercised, and which never were.
///
/// A component counts when it was rendered on the top screen, a template when an
/// item was rendered from it, an action or a navigation edge when it ran, a
/// branch when its condition took it.
package struct CoverageReport {
  /// One screen's counts.
  package struct ScreenCoverage {
    package var key: CoverageSample.ScreenKey
    /// Per category: covered, total, and the items never exercised.
    package var categories:
      [(ScreenInventory.Category, covered: Int, total: Int, uncovered: [ScreenInventory.Item])]
  }

  package var screens: [ScreenCoverage]
  /// Scenarios that touched a screen (a `check` or a comparison of profiles
  /// contributes none).
  package var scenarioCount: Int

  package init(samples: [CoverageSample]) {
    var merged = CoverageSample()
    for sample in samples { merged.merge(sample) }
    scenarioCount = samples.filter { !$0.screens.isEmpty }.count
    screens = merged.screens.keys.sorted().map { key in
      let inventory = merged.screens[key] ?? ScreenInventory(items: [])
      let exercised = merged.exercised[key] ?? []
      let branches = merged.branches[key] ?? []
      return ScreenCoverage(
        key: key,
        categories: ScreenInventory.Category.allCases.map { category in
          let items = inventory.items(category)
          let uncovered = items.filter { item in
            if let branch = item.branch {
              return !branches.contains(CoverageSample.branchKey(item.pointer, branch))
            }
            return !exercised.contains(item.pointer)
          }
          return (category, items.count - uncovered.count, items.count, uncovered)
        })
    }
  }

  /// The table, then the uncovered items of each screen.
  package var text: String {
    let headers = ["screen"] + ScreenInventory.Category.allCases.map(\.rawValue)
    var rows: [[String]] = screens.map { screen in
      [screen.key.text] + screen.categories.map { Self.ratio($0.covered, $0.total) }
    }
    rows.append(
      ["total"]
        + ScreenInventory.Category.allCases.indices.map { index in
          Self.ratio(
            screens.reduce(0) { $0 + $1.categories[index].covered },
            screens.reduce(0) { $0 + $1.categories[index].total })
        })
    let widths = headers.indices.map { column in
      ([headers] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).enumerated().map { index, pair in
        let (cell, width) = pair
        let pad = String(repeating: " ", count: width - cell.count)
        return index == 0 ? cell + pad : pad + cell
      }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    var out =
      "coverage of \(Count.phrase(screens.count, "screen")) touched by "
      + "\(Count.phrase(scenarioCount, "scenario")) (covered/total)\n"
    out += line(headers)
    for row in rows { out += line(row) }
    let uncovered = screens.filter { $0.categories.contains { !$0.uncovered.isEmpty } }
    if !uncovered.isEmpty { out += "never exercised\n" }
    for screen in uncovered {
      out += "  \(screen.key.text)\n"
      for category in screen.categories {
        for item in category.uncovered {
          out += "    \(category.0.singular) \(item.place)  \(item.label)\n"
        }
      }
    }
    return out
  }

  /// `{"screens":[{"folder","route","components":{"covered","total","uncovered":[{"at","label"}]},…}],"total":{…}}`.
  package var json: String {
    func counts(_ covered: Int, _ total: Int) -> JSONObject {
      ["covered": .int(covered), "total": .int(total)]
    }
    let list: [JSONValue] = screens.map { screen in
      var object: JSONObject = [
        "folder": .string(screen.key.folder), "route": .string(screen.key.route),
      ]
      for (category, covered, total, uncovered) in screen.categories {
        var entry = counts(covered, total)
        entry["uncovered"] = .array(
          uncovered.map { item in
            var value: JSONObject = ["at": .string(item.place), "label": .string(item.label)]
            if let branch = item.branch { value["branch"] = .string(branch) }
            return .object(value)
          })
        object[category.rawValue] = .object(entry)
      }
      return .object(object)
    }
    var total = JSONObject()
    for (index, category) in ScreenInventory.Category.allCases.enumerated() {
      total[category.rawValue] = .object(
        counts(
          screens.reduce(0) { $0 + $1.categories[index].covered },
          screens.reduce(0) { $0 + $1.categories[index].total }))
    }
    let value: JSONValue = [
      "scenarios": .int(scenarioCount), "screens": .array(list), "total": .object(total),
    ]
    return JSONPrinter().print(value) + "\n"
  }

  private static func ratio(_ covered: Int, _ total: Int) -> String {
    total == 0 ? "-" : "\(covered)/\(total)"
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
