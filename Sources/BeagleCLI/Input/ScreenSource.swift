import Foundation

/// Where the first screen of a run comes from.
enum ScreenSource: Equatable, Sendable {
  /// A file (or `-` for standard input); its route is its path inside its folder.
  case file(String)
  /// A route (`/home`) fetched from the BFF that `--bff`, `--base-url` or the
  /// manifest configures, as an app fetches its first screen.
  case route(String)

  /// What a command-line argument names: a route when it starts with `/`, no file
  /// exists there (a folder does not count: `/home` is a route), and something can fetch routes (`--base-url`, `--bff`, or a
  /// `--registry` manifest, whose `baseUrl` or `bff` the loader then uses); else a
  /// file. A file that exists always wins, so `beagle-run /tmp/screen.json` reads it.
  static func argument(
    _ argument: String, options: InputOptions, environment: CommandLineTool.Environment
  ) -> ScreenSource {
    guard argument.hasPrefix("/"),
      options.baseURL != nil || options.bffPath != nil || options.registryPath != nil
    else { return .file(argument) }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(
      atPath: environment.location(of: argument), isDirectory: &isDirectory)
    return exists && !isDirectory.boolValue ? .file(argument) : .route(argument)
  }

  /// The first screen's route: a file's path inside its folder, as the file BFF
  /// would serve it (`index.json` → `/`, `cart.json` → `/cart`); `/` for stdin.
  var route: String {
    switch self {
    case .file(let path): ScreenLoader.route(for: path)
    case .route(let route): route
    }
  }
}
