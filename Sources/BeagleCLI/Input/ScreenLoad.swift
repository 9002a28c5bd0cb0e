import BeagleExpressions
import BeagleJSON
import BeagleRuntime

/// What ``ScreenLoader`` read for one screen, built once: the inputs, what the
/// manifest and the options configure, the screen, every diagnostic, and whether
/// the screen can be used.
///
/// A verb reads it and never changes it: `run` runs ``runnableRoot``, `graph` walks
/// ``root``, `check` reports ``diagnostics``.
struct ScreenLoad {
  /// Whether a verb can go on with the screen.
  enum Status: Equatable {
    /// The screen decoded and its mocks are usable.
    case usable
    /// The screen decoded, but its mocks are invalid or unreadable: a run stops
    /// before it starts (a graph, which sends no request, goes on).
    case invalidMocks
    /// Nothing could be decoded: an unreadable file, invalid JSON, a root that is
    /// not a component, a route that could not be fetched.
    case unusable
  }

  /// Every source file read, by name (the screen, the manifest, the mocks).
  var files: [String: SourceFile]
  /// Inputs read that are not source files (`--global @FILE`), by name.
  var otherInputs: [String: [UInt8]]
  /// The first screen's name as diagnostics show it (`<stdin>` for `-`).
  var mainName: String
  /// What the manifest and the options configure.
  var setup: LoadedSetup
  /// Every problem found, in the order found (the manifest's, the mocks', the screen's).
  var diagnostics: [Diagnostic]
  /// The screen's JSON, when it parsed (its duplicate keys are `check`'s).
  var document: JSONDocument?
  /// The decoded screen, when it decoded.
  var root: ComponentNode?
  /// The request that fetched the first screen, when it is a route.
  var firstRequest: RequestRecord?
  /// Whether the mocks (`--mocks`, the manifest's `mocks`) are invalid or unreadable.
  var hasInvalidMocks: Bool
  /// The error refusing the manifest's mock file as outside the project root: the
  /// run goes on without those mocks (a test scenario does not).
  var mockRefusal: Diagnostic?

  var status: Status {
    if root == nil { return .unusable }
    return hasInvalidMocks ? .invalidMocks : .usable
  }

  /// The screen, when a run can start: it decoded and its mocks are usable.
  var runnableRoot: ComponentNode? { status == .usable ? root : nil }

  /// Every input read, by name: the source files and the others.
  var allInputs: [String: [UInt8]] {
    otherInputs.merging(files.mapValues(\.bytes)) { _, file in file }
  }

  /// The first error of the mocks (theirs have a source; the screen's do not), as
  /// `file:line:column: message`: why a run with invalid mocks did not start, or
  /// why it went on without the manifest's.
  func firstMockError(renderer: DiagnosticRenderer) -> String? {
    let errors = diagnostics.filter { $0.severity == .error }
    let found =
      hasInvalidMocks ? errors.first(where: { $0.source != nil }) ?? errors.first : mockRefusal
    guard let first = found else { return nil }
    let place = renderer.place(of: first).map { "\($0.file):\($0.position): " }
    return (place ?? first.source.map { "\($0): " } ?? "") + first.message
  }
}

/// What a manifest and the command line configure for a screen: its types, its
/// operations, the global context, the mocks.
struct LoadedSetup {
  var registry = Registry.builtIn
  var operations = OperationLibrary.standard
  /// `--global`, else the manifest's `global`.
  var global: JSONValue?
  /// The manifest, when one was read; values it names outside the project root
  /// are already dropped.
  var manifest: Manifest?
  /// The manifest file's name, as diagnostics show it.
  var manifestName: String?
  /// The manifest file's folder, to resolve the relative paths it names.
  var manifestFolder: String?
  /// `--mocks FILE`, else the manifest's `mocks`.
  var mocks: MockSet?
}
