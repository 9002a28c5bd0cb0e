/// A file BFF read from one folder and named after another: the folder as the user
/// wrote it (`bff: .` in a scenario) while the files are read from where that is
/// (the scenario's folder), so messages and the state's sources do not depend on
/// the directory `beagle-run test` was started from.
public struct RelocatedFileViewClient: ViewClient {
  /// The folder as given, which names the files.
  public var root: String
  /// Reads the files, with the folder's real location as its root.
  public var base: FileViewClient

  public init(root: String, location: String) {
    self.root = root
    self.base = FileViewClient(root: location)
  }

  public func fetch(_ request: ScreenRequest) -> Result<FetchedScreen, NavigationError> {
    switch base.fetch(request) {
    case .success(var screen):
      screen.source = renamed(screen.source)
      return .success(screen)
    case .failure(let error):
      switch error {
      case .screenNotFound(let url, _, let candidates):
        return .failure(.screenNotFound(url: url, root: root, candidates: candidates))
      case .unreadableFile(let path, let reason):
        return .failure(.unreadableFile(path: renamed(path), reason: reason))
      default:
        return .failure(error)
      }
    }
  }

  /// `path` under the location, named under ``root`` instead.
  public func renamed(_ path: String) -> String {
    if path == base.root { return root }
    let prefix = base.root.hasSuffix("/") ? base.root : base.root + "/"
    guard path.hasPrefix(prefix) else { return path }
    let inside = String(path.dropFirst(prefix.count))
    if root.isEmpty || root == "." { return inside }
    return root.hasSuffix("/") ? root + inside : root + "/" + inside
  }
}
