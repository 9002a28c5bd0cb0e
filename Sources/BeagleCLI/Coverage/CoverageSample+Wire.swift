import BeagleJSON
import BeagleRuntime

/// How a scenario's coverage travels from the worker process that ran it to
/// `beagle-run test --coverage`, inside its result's line (``ScenarioResult/wireValue``):
/// `[{"folder", "route", "items": [{"category", "at", "branch", "label"}] | null,
/// "exercised": ["/pointer", …] | null, "branches": ["/pointer onTrue", …] | null}, …]`,
/// one entry per screen, sorted, so that the same sample always prints the same line.
extension CoverageSample {
  var wireValue: JSONValue {
    let keys = Set(screens.keys).union(exercised.keys).union(branches.keys).sorted()
    return .array(
      keys.map { key in
        let items: JSONValue =
          screens[key].map { inventory in
            .array(
              inventory.items.map { item in
                [
                  "category": .string(item.category.rawValue),
                  "at": .string(item.pointer.description),
                  "branch": item.branch.map(JSONValue.string) ?? .null,
                  "label": .string(item.label),
                ]
              })
          } ?? .null
        let pointers: JSONValue =
          exercised[key].map { set in
            .array(set.sorted().map { .string($0.description) })
          } ?? .null
        let taken: JSONValue =
          branches[key].map { set in .array(set.sorted().map(JSONValue.string)) } ?? .null
        return [
          "folder": .string(key.folder), "route": .string(key.route), "items": items,
          "exercised": pointers, "branches": taken,
        ]
      })
  }

  /// The sample a worker sent; nil when the value is not one.
  init?(wireValue value: JSONValue) {
    guard case .array(let entries) = value else { return nil }
    self.init()
    for entry in entries {
      guard let folder = entry["folder"]?.stringValue, let route = entry["route"]?.stringValue
      else { return nil }
      let key = ScreenKey(folder: folder, route: route)
      if let items = entry["items"], !items.isNull {
        guard case .array(let list) = items else { return nil }
        var decoded: [ScreenInventory.Item] = []
        for item in list {
          guard let name = item["category"]?.stringValue,
            let category = ScreenInventory.Category(rawValue: name),
            let at = item["at"]?.stringValue, let pointer = JSONPointer(parsing: at),
            let label = item["label"]?.stringValue
          else { return nil }
          decoded.append(
            ScreenInventory.Item(
              category: category, pointer: pointer, branch: item["branch"]?.stringValue,
              label: label))
        }
        screens[key] = ScreenInventory(items: decoded)
      }
      if let list = entry["exercised"], !list.isNull {
        guard case .array(let pointers) = list else { return nil }
        var set = Set<JSONPointer>()
        for text in pointers {
          guard let text = text.stringValue, let pointer = JSONPointer(parsing: text) else {
            return nil
          }
          set.insert(pointer)
        }
        exercised[key] = set
      }
      if let list = entry["branches"], !list.isNull {
        guard case .array(let taken) = list else { return nil }
        var set = Set<String>()
        for text in taken {
          guard let text = text.stringValue else { return nil }
          set.insert(text)
        }
        branches[key] = set
      }
    }
  }
}
