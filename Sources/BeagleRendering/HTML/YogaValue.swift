import BeagleJSON

/// A Beagle `UnitValue` (`{"value": 50, "type": "PERCENT"}`) as YogaKit receives it
/// from iOS's `YogaTranslator`: `REAL` is points, `PERCENT` percent, `AUTO` auto.
package enum YogaValue: Sendable, Equatable {
  case points(Double)
  case percent(Double)
  case auto

  /// The unit value `json` holds; nil when it is not an object with a finite
  /// numeric `value` and a known `type` (iOS fails to decode it and applies nothing).
  package init?(_ json: JSONValue?) {
    guard let object = json?.objectValue, let type = object["type"]?.stringValue else {
      return nil
    }
    let number = object["value"]?.doubleValue
    switch type {
    case "AUTO":
      self = .auto
    case "REAL":
      guard let number, number.isFinite else { return nil }
      self = .points(number)
    case "PERCENT":
      guard let number, number.isFinite else { return nil }
      self = .percent(number)
    default:
      return nil
    }
  }

  /// The value as a CSS length: `12px`, `50%`, `auto`.
  package var css: String {
    switch self {
    case .points(let number): CSSNumber.text(number) + "px"
    case .percent(let number): CSSNumber.text(number) + "%"
    case .auto: "auto"
    }
  }

  /// The value unless it is `auto`: YogaKit's setters for padding, position and
  /// min/max sizes handle points and percents only (an `AUTO` there is ignored).
  var withoutAuto: YogaValue? { self == .auto ? nil : self }

  /// The number of points, nil for a percent or auto.
  var points: Double? {
    if case .points(let number) = self { return number }
    return nil
  }
}

/// Numbers written into CSS: integers without a fraction, others in Swift's
/// shortest round-tripping form (deterministic), never `nan` or `inf`.
package enum CSSNumber {
  package static func text(_ number: Double) -> String {
    guard number.isFinite else { return "0" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }
}
