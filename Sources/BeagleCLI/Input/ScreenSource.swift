/// Where the first screen of a run comes from.
enum ScreenSource: Equatable, Sendable {
  /// A file (or `-` for standard input); its route is its path inside its folder.
  case file(String)
  /// A route (`/home`) fetched from the BFF that `--bff`, `--base-url` or the
  /// manifest configures, as an app fetches its first screen.
  case route(String)

  /// The first screen's route: a file's path inside its folder, as the file BFF
  /// would serve it (`index.json` → `/`, `cart.json` → `/cart`); `/` for stdin.
  var route: String {
    switch self {
    case .file(let path): ScreenLoader.route(for: path)
    case .route(let route): route
    }
  }
}
