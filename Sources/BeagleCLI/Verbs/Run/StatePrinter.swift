import BeagleJSON
import BeagleRendering
import BeagleRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints a run's states as `--format` asks (with `--explain`'s bindings on the
/// first), after handing each to the run's observer. Diagnostics in a state are
/// placed in the files read so far: the loaded ones and those the session fetched.
struct StatePrinter {
  var options: RunOptions
  var usesColor: Bool
  var mainName: String
  /// The first screen, for `--explain`.
  var screen: Screen
  var observer: RunObserver?
  /// Screen trees of at least this many components are printed (text and JSON) by
  /// two threads, with the same bytes (``TextRenderer/parallelThreshold``); nil: by
  /// this thread alone.
  var parallelThreshold: Int?
  /// Every source file read, by name.
  private(set) var files: [String: SourceFile]
  /// Inputs the session read since the load (fetched screens), by name.
  private(set) var fetchedInputs: [String: [UInt8]] = [:]
  /// `--format html`'s frames, once the document's head is written.
  private var storyboard: HTMLStoryboard?
  /// The observer's frames (`test --html`), whatever the format.
  private var observerStoryboard: HTMLStoryboard?
  /// The manifest's `theme`, which `--format html` marks unknown `styleId`s against.
  private var themeNames: [String]?

  init(
    options: RunOptions, usesColor: Bool, load: ScreenLoad, screen: Screen, observer: RunObserver?
  ) {
    self.options = options
    self.usesColor = usesColor
    self.mainName = load.mainName
    self.screen = screen
    self.observer = observer
    self.files = load.files
    self.themeNames = load.setup.manifest?.theme
  }

  /// Prints `state` (already under the run's ``DiagnosticPolicy``); the text and JSON
  /// states go to `outputBytes` as UTF-8 when given and when `output` would not change
  /// them (``CommandLineTool/passesUnchanged(rendered:)``).
  mutating func print(
    _ state: RunState, of session: Session, output: (String) -> Void,
    outputBytes: (([UInt8]) -> Void)? = nil
  ) {
    func write(_ bytes: [UInt8]) {
      if let outputBytes {
        Self.write(rendered: bytes, output: output, outputBytes: outputBytes)
      } else {
        output(String(decoding: bytes, as: UTF8.self))
      }
    }
    for (name, bytes) in session.sources where files[name] == nil {
      files[name] = SourceFile(name: name, bytes: bytes)
      fetchedInputs[name] = bytes
    }
    if let observer {
      observer.observe(state, session)
      if observer.drawsStoryboard {
        observerStoryboard = placing(observerStoryboard)
        observerStoryboard?.add(state) { observer.storyboard += $0 }
      }
      guard observer.printsStates else { return }
    }
    let renderer = DiagnosticRenderer(usesColor: usesColor, files: files, mainName: mainName)
    let explains = options.explains && state.step == 0
    switch options.output.format {
    case .text:
      var text = TextRenderer { diagnostic in
        renderer.place(of: diagnostic).map { "\($0.file):\($0.position)" }
      }
      text.parallelThreshold = parallelThreshold
      text.write(state, toBytes: write)
      if explains { ExplainRenderer.writeText(explaining(in: session), to: output) }
    case .html:
      if storyboard == nil {
        output(HTMLDocument.head(title: mainName, imageMode: options.imageMode))
        output(HTMLDocument.storyboardStart)
      }
      storyboard = placing(storyboard)
      storyboard?.add(state, to: output)
    // dot and mermaid are graph's; the parser refuses them here.
    case .json, .dot, .mermaid:
      var json = JSONStateRenderer { diagnostic in
        renderer.place(of: diagnostic).map { (file: $0.file, position: $0.position) }
      }
      json.parallelThreshold = parallelThreshold
      // Streamed: the state's JSON is never built or held whole, nor the bindings.
      if explains {
        let explaining = explaining(in: session)
        json.write(
          state, thenArray: "bindings", of: { ExplainRenderer.forEachJSON(explaining, $0) },
          toBytes: write)
      } else {
        json.write(state, toBytes: write)
      }
    }
  }

  /// Writes the text and JSON renderers' `bytes` as `output(String(decoding: bytes, as:
  /// UTF8.self))` does, handing the parts that `output` would not change to `outputBytes`.
  ///
  /// Only setting references change (the renderers escape every control character
  /// but line feeds): each starts with U+E000 and ends with U+E001, whose UTF-8 both
  /// begin with `EE`, at most ``referenceSpan`` bytes apart. So the `EE` bytes are taken
  /// in groups, each less than that after the one before: every reference lies between
  /// a group's first `EE` and the third byte after its last, and only those parts go
  /// through `output`, the rest as it is. Every cut falls between characters (`EE` leads
  /// a three-byte character), and `output` spells each reference alike in a part as in
  /// the whole. A state's references are in its log, at its end: the whole last piece
  /// (64 KB, with the log) was made a string for them before.
  static func write(
    rendered bytes: [UInt8], output: (String) -> Void, outputBytes: ([UInt8]) -> Void
  ) {
    // The parts that go through `output`, in order.
    let parts: [Range<Int>] = bytes.withUnsafeBufferPointer { buffer in
      assert(!OutlineText.containsControlCharacter(buffer, keepingNewlines: true))
      guard let base = buffer.baseAddress else { return [] }
      var parts: [Range<Int>] = []
      var offset = 0
      while offset < buffer.count, let lead = memchr(base + offset, 0xEE, buffer.count - offset) {
        let position = base.distance(to: lead.assumingMemoryBound(to: UInt8.self))
        let end = min(position + 3, buffer.count)
        if let last = parts.last, position - last.upperBound < referenceSpan {
          parts[parts.count - 1] = last.lowerBound..<end
        } else {
          parts.append(position..<end)
        }
        offset = position + 1
      }
      return parts
    }
    guard !parts.isEmpty else {
      outputBytes(bytes)
      return
    }
    var copied = 0
    for part in parts {
      if part.lowerBound > copied { outputBytes(Array(bytes[copied..<part.lowerBound])) }
      output(String(decoding: bytes[part], as: UTF8.self))
      copied = part.upperBound
    }
    if copied < bytes.count { outputBytes(Array(bytes[copied...])) }
  }

  /// More than the distance between the `EE` bytes that begin a setting reference and
  /// end it (U+E000, a name of fewer than 40 bytes, U+E001; see
  /// `String.spellingSettings(_:)`).
  static let referenceSpan = 64

  /// Ends `--format html`'s document after the last state; nothing for the other
  /// formats.
  mutating func finish(output: (String) -> Void) {
    if var drawing = observerStoryboard, let observer {
      drawing.finish { observer.storyboard += $0 }
      observerStoryboard = nil
    }
    guard var storyboard else { return }
    storyboard.finish(to: output)
    self.storyboard = nil
    output(HTMLDocument.storyboardEnd + HTMLDocument.tail)
  }

  /// `storyboard` (a new one drawing with `--images` and the manifest's theme when
  /// nil), its log placing diagnostics in the files read so far, as the text
  /// output's does.
  private func placing(_ storyboard: HTMLStoryboard?) -> HTMLStoryboard {
    var storyboard =
      storyboard
      ?? HTMLStoryboard(
        renderer: HTMLStateRenderer(imageMode: options.imageMode, themeNames: themeNames))
    let files = files
    let mainName = mainName
    storyboard.renderer.locate = { diagnostic in
      DiagnosticRenderer(usesColor: false, files: files, mainName: mainName)
        .place(of: diagnostic).map { "\($0.file):\($0.position)" }
    }
    return storyboard
  }

  /// `file:line:column` of `diagnostic` among the files read so far, as the state's
  /// log shows it; nil when it has no position in a file.
  func place(of diagnostic: Diagnostic) -> String? {
    DiagnosticRenderer(usesColor: false, files: files, mainName: mainName).place(of: diagnostic)
      .map { "\($0.file):\($0.position)" }
  }

  /// Every binding of the first screen, the paths it read and its result, explained
  /// one at a time.
  private func explaining(in session: Session) -> ExplainRenderer.Explaining {
    let evaluator = ScreenEvaluator(
      evaluator: session.evaluator, profile: session.navigator.profile)
    let (screen, global) = (screen, session.global)
    return { body in evaluator.explain(screen, global: global, each: body) }
  }
}
