import BeagleJSON
import BeagleRendering
import BeagleRuntime
import Foundation

/// The live preview behind `beagle-run serve`: the screen's current run, the
/// events the user performed on the page, and the page's HTML for it.
///
/// Every event is a script step (`tap #id`, `type #id "text"`, `choose "OK"`,
/// `back`, `respond 200 {…}`, `event #id NAME`) run by ``PreviewRun`` as `run
/// --step` runs it. When the screen, the BFF folder or the manifest changes on
/// disk, the run is made again from the new files and the events so far are
/// replayed on it. Requests are served on several threads: one lock guards it all.
final class Preview: @unchecked Sendable {
  /// What the preview runs: `serve`'s options and first screen.
  struct Setup: @unchecked Sendable {
    var options: RunOptions
    /// The screen file, as given.
    var screenPath: String
    var environment: CommandLineTool.Environment
    /// The limit options given (`timeout` → `5`), for a recorded scenario's header.
    var limitSettings: [String: String] = [:]
  }

  /// What an event did.
  enum EventResult: Equatable {
    case performed
    /// The text is not one step the page may send; the message says why.
    case invalid(String)
    /// The step could not be performed (no such target, no dialog, the screen does
    /// not load); nothing changed.
    case failed(String)
  }

  /// The steps a page may send: what a user does, not `expect` or `action`.
  static let allowedStepWords: Set = ["tap", "type", "event", "back", "choose", "respond"]

  let setup: Setup
  private let lock = NSLock()
  // Guarded by `lock`.
  private var run: PreviewRun?
  private var loadError: String?
  private var events: [Script.Line] = []
  private var notice: PreviewPanel.Notice?
  private var version = 0
  private var watched: WatchedFiles.Snapshot

  /// Loads the screen and performs `initialSteps` (`--script`, `--step`) as events.
  init(setup: Setup, initialSteps: [Script.Line]) {
    self.setup = setup
    watched = WatchedFiles(setup: setup).snapshot()
    replay(initialSteps)
  }

  /// The screen's name as the page titles it.
  var screenName: String {
    String(setup.screenPath.split(separator: "/").last ?? Substring(setup.screenPath))
  }

  /// The events performed so far, as script lines.
  var eventTexts: [String] {
    lock.lock()
    defer { lock.unlock() }
    return events.map(\.text)
  }

  // MARK: - Events

  /// Performs one event sent by the page.
  func perform(_ text: String) -> EventResult {
    lock.lock()
    defer { lock.unlock() }
    let steps: [Script.Line]
    do {
      steps = try Script(parsing: text, firstLine: events.count + 1).steps
    } catch {
      return .invalid("'\(text)': \(error.description)")
    }
    guard steps.count == 1, let line = steps.first else {
      return .invalid("an event is one script step, not \(steps.count)")
    }
    let word = String(line.text.prefix { $0 != " " })
    guard Self.allowedStepWords.contains(word) else {
      return .invalid(
        "'\(word)' is not an event of the page; events are "
          + Self.allowedStepWords.sorted().map { "'\($0)'" }.joined(separator: ", "))
    }
    guard run != nil else {
      let message = "the screen does not load; fix it and the page reloads"
      notice = .init(kind: .error, text: message)
      version += 1
      return .failed(message)
    }
    let outcome = run?.perform(line) ?? .done
    switch outcome {
    case .done:
      events.append(line)
      notice = nil
      version += 1
      return .performed
    case .failed(let message), .expectationFailed(let message):
      // The step was tried on the session: start again from the events that went
      // through, so the state is exactly theirs (`run` stops at a failed step).
      replay(events)
      notice = .init(kind: .error, text: "'\(line.text)' was not performed: \(message)")
      return .failed(message)
    }
  }

  /// Forgets the events and loads the screen again.
  func reset() {
    lock.lock()
    defer { lock.unlock() }
    watched = WatchedFiles(setup: setup).snapshot()
    replay([])
    notice = .init(kind: .info, text: "started over")
  }

  /// Reloads and replays when a watched file changed since the last look; whether
  /// it did.
  @discardableResult
  func reloadIfChanged() -> Bool {
    let current = WatchedFiles(setup: setup).snapshot()
    lock.lock()
    defer { lock.unlock() }
    guard current != watched else { return false }
    watched = current
    let count = events.count
    replay(events)
    if notice == nil {
      notice = .init(
        kind: .info,
        text: "reloaded after a change on disk; \(Count.phrase(count, "event")) replayed")
    }
    return true
  }

  /// Runs the screen again from its files and performs `lines` on it, stopping at
  /// the first that no longer applies (it and the ones after it are dropped, and
  /// the notice says so). A screen that does not load keeps the events for the
  /// next reload.
  private func replay(_ lines: [Script.Line]) {
    version += 1
    notice = nil
    do {
      var fresh = try PreviewRun(
        options: setup.options, source: .file(setup.screenPath), environment: setup.environment)
      var kept: [Script.Line] = []
      for (index, line) in lines.enumerated() {
        switch fresh.perform(line) {
        case .done:
          kept.append(line)
          continue
        case .failed(let message), .expectationFailed(let message):
          let dropped = lines.count - index
          notice = .init(
            kind: .error,
            text:
              "event \(index + 1) '\(line.text)' no longer applies (\(message)); "
              + "\(Count.phrase(dropped, "event")) dropped")
          // A run stopped at a failed step; this one goes on from the steps before it.
          fresh =
            (try? PreviewRun(
              options: setup.options, source: .file(setup.screenPath),
              environment: setup.environment)) ?? fresh
          for keptLine in kept { _ = fresh.perform(keptLine) }
        }
        break
      }
      run = fresh
      events = kept
      loadError = nil
    } catch {
      run = nil
      loadError = error.diagnostics
      events = lines
    }
  }

  /// The current state as `run` prints it in text (nil when the screen does not
  /// load): what the page draws, for comparing with `run`.
  var stateText: String? {
    lock.lock()
    defer { lock.unlock() }
    guard let run else { return nil }
    return TextRenderer(locate: { [run] in run.place(of: $0) }).render(run.state)
  }

  // MARK: - The page

  /// The version of the page's content: it changes with every event and reload.
  var currentVersion: Int {
    lock.lock()
    defer { lock.unlock() }
    return version
  }

  /// The page's dynamic parts: `{"version", "device", "panel"}`.
  func frame() -> JSONValue {
    lock.lock()
    defer { lock.unlock() }
    return .object([
      "version": .int(version), "device": .string(deviceHTML()), "panel": .string(panelHTML()),
    ])
  }

  /// The device: navigation bar, screen, dialog; or why the screen does not load.
  private func deviceHTML() -> String {
    guard let run else {
      return "<pre class=\"load-error\" data-preview-load-error>"
        + (loadError ?? "").htmlEscaped + "</pre>\n"
    }
    let state = run.state
    let place: @Sendable (Diagnostic) -> String? = { [run] in run.place(of: $0) }
    let controls = PreviewControls.maps(in: state)
    return "<div class=\"screen\" data-preview-taps=\"" + controls.taps.htmlEscaped
      + "\" data-preview-inputs=\"" + controls.inputs.htmlEscaped + "\">"
      + PreviewDrawing.draw(state, place: place) + "</div>\n"
  }

  private func panelHTML() -> String {
    var html = ""
    if let run {
      html += PreviewPanel.state(run.state, place: run.place(of:))
      html += PreviewPanel.pendingRequests(run.session.waitingRequests)
    }
    html += PreviewPanel.events(events.map(\.text), notice: notice, screenName: screenName)
    return html
  }

  // MARK: - Recording

  /// Saves the events as a scenario beside the screen, with its golden.
  func record(name: String, overwrite: Bool) -> Result<String, ScenarioRecorder.Refusal> {
    lock.lock()
    let lines = events.map(\.text)
    lock.unlock()
    let result = ScenarioRecorder(setup: setup).record(lines, name: name, overwrite: overwrite)
    lock.lock()
    switch result {
    case .success(let message): notice = .init(kind: .info, text: message)
    case .failure(let refusal): notice = .init(kind: .error, text: refusal.message)
    }
    version += 1
    lock.unlock()
    return result
  }
}
