import BeagleJSON
import BeagleRuntime

/// How a scenario's result travels from the worker process that ran it to
/// `beagle-run test`: one JSON object on one line.
extension ScenarioResult {
  /// The result as a JSON object.
  var wireValue: JSONValue {
    var outcome = JSONObject([("kind", JSONValue.string(outcomeKind))])
    switch self.outcome {
    case .passed, .stale, .missingGolden, .oversizedGolden:
      break
    case .skipped(let reason), .refusedGolden(let reason):
      outcome["reason"] = .string(reason)
    case .invalidScenario(let error, let file):
      outcome["message"] = .string(error.description)
      outcome["line"] = error.line.map { .int($0) } ?? .null
      outcome["file"] = .string(file)
    case .mismatch(let diff, let line, let inputsChanged):
      outcome["diff"] = .string(diff)
      outcome["line"] = .int(line)
      outcome["inputsChanged"] = .bool(inputsChanged)
    case .invalidGolden(let diff):
      outcome["diff"] = .string(diff)
    case .interrupted(let reason, let log):
      outcome["reason"] = .string(reason)
      outcome["log"] = .string(log)
    case .failedStep(let failed, let diff):
      outcome["stepKind"] = .string(failed.kind.rawValue)
      outcome["file"] = .string(failed.file)
      outcome["line"] = .int(failed.line)
      outcome["step"] = .int(failed.step)
      outcome["text"] = .string(failed.text)
      outcome["message"] = .string(failed.message)
      outcome["skippedSteps"] = .int(failed.skippedSteps)
      outcome["diff"] = diff.map(JSONValue.string) ?? .null
    }
    var recordingValue = JSONValue.null
    switch recording {
    case nil: break
    case .wrote: recordingValue = ["kind": "wrote"]
    case .refreshedHeader: recordingValue = ["kind": "refreshedHeader"]
    case .withheld(let reason): recordingValue = ["kind": "withheld", "reason": .string(reason)]
    case .failed(let reason): recordingValue = ["kind": "failed", "reason": .string(reason)]
    }
    return [
      "path": .string(path), "goldenPath": .string(goldenPath), "seconds": .double(seconds),
      "outcome": .object(outcome), "recording": recordingValue,
      "firstError": firstError.map(JSONValue.string) ?? .null,
      "coverage": coverage?.wireValue ?? .null,
      "drawing": drawingValue,
    ]
  }

  private var drawingValue: JSONValue {
    switch drawing {
    case nil: .null
    case .frames(let html): ["frames": .string(html)]
    case .text(let text): ["text": .string(text)]
    }
  }

  private var outcomeKind: String {
    switch outcome {
    case .passed: "passed"
    case .stale: "stale"
    case .skipped: "skipped"
    case .invalidScenario: "invalidScenario"
    case .missingGolden: "missingGolden"
    case .mismatch: "mismatch"
    case .invalidGolden: "invalidGolden"
    case .oversizedGolden: "oversizedGolden"
    case .refusedGolden: "refusedGolden"
    case .interrupted: "interrupted"
    case .failedStep: "failedStep"
    }
  }

  /// The result a worker sent; nil when the value is not one.
  init?(wireValue value: JSONValue) {
    guard let path = value["path"]?.stringValue, let goldenPath = value["goldenPath"]?.stringValue,
      let outcome = value["outcome"], let kind = outcome["kind"]?.stringValue
    else { return nil }
    func text(_ key: String) -> String? { outcome[key]?.stringValue }
    let decoded: Outcome
    switch kind {
    case "passed": decoded = .passed
    case "stale": decoded = .stale
    case "missingGolden": decoded = .missingGolden
    case "oversizedGolden": decoded = .oversizedGolden
    case "skipped":
      guard let reason = text("reason") else { return nil }
      decoded = .skipped(reason: reason)
    case "refusedGolden":
      guard let reason = text("reason") else { return nil }
      decoded = .refusedGolden(reason: reason)
    case "invalidScenario":
      guard let message = text("message"), let file = text("file") else { return nil }
      decoded = .invalidScenario(
        .reported(message: message, line: outcome["line"]?.intValue), file: file)
    case "mismatch":
      guard let diff = text("diff"), let line = outcome["line"]?.intValue,
        let inputsChanged = outcome["inputsChanged"]?.boolValue
      else { return nil }
      decoded = .mismatch(diff: diff, line: line, inputsChanged: inputsChanged)
    case "invalidGolden":
      guard let diff = text("diff") else { return nil }
      decoded = .invalidGolden(diff: diff)
    case "interrupted":
      guard let reason = text("reason"), let log = text("log") else { return nil }
      decoded = .interrupted(reason: reason, log: log)
    case "failedStep":
      guard let stepKind = text("stepKind").flatMap(FailedStep.Kind.init(rawValue:)),
        let file = text("file"), let line = outcome["line"]?.intValue,
        let step = outcome["step"]?.intValue, let stepText = text("text"),
        let message = text("message"), let skipped = outcome["skippedSteps"]?.intValue
      else { return nil }
      decoded = .failedStep(
        FailedStep(
          kind: stepKind, file: file, line: line, step: step, text: stepText, message: message,
          skippedSteps: skipped),
        diff: text("diff"))
    default:
      return nil
    }
    self.init(path: path, goldenPath: goldenPath, outcome: decoded)
    seconds = value["seconds"]?.doubleValue ?? 0
    firstError = value["firstError"]?.stringValue
    if let sample = value["coverage"], !sample.isNull {
      guard let decoded = CoverageSample(wireValue: sample) else { return nil }
      coverage = decoded
    }
    if let drawing = value["drawing"], !drawing.isNull {
      if let html = drawing["frames"]?.stringValue {
        self.drawing = .frames(html)
      } else if let text = drawing["text"]?.stringValue {
        self.drawing = .text(text)
      } else {
        return nil
      }
    }
    guard let recordingValue = value["recording"], !recordingValue.isNull else { return }
    let reason = recordingValue["reason"]?.stringValue ?? ""
    switch recordingValue["kind"]?.stringValue {
    case "wrote": recording = .wrote
    case "refreshedHeader": recording = .refreshedHeader
    case "withheld": recording = .withheld(reason: reason)
    case "failed": recording = .failed(reason: reason)
    default: return nil
    }
  }
}
