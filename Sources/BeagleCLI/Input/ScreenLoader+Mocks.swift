import BeagleJSON
import BeagleRuntime

extension ScreenLoader {
  /// `--mocks FILE` (relative to the working directory); else the manifest's
  /// `mocks`, inline or the path of a file relative to the manifest. The command
  /// line replaces the manifest's mocks, it does not add to them.
  func loadMocks(into loaded: inout Loaded) {
    if let path = options.mocksPath {
      readMocks(
        path, into: &loaded, mention: "--mocks", reference: nil,
        showsExcerpt: showsExcerpt(of: path, root: options.projectRoot))
      return
    }
    guard let manifest = loaded.manifest else { return }
    if manifest.hasInvalidMocks { loaded.hasMockErrors = true }
    if let mocks = manifest.mocks { loaded.mocks = mocks }
    if let file = manifest.mocksFile {
      let path = manifestRelative(file.path, loaded: loaded)
      let root =
        options.projectRoot
        ?? loaded.manifestFolder.map { ProjectRoot(folder: $0, role: .manifest) }
      let isInside = root?.contains(path, environment: environment) ?? true
      if let root, !isInside, !options.allowsOutsideRoot {
        // Refused unread: a file outside the project is never parsed, so no
        // diagnostic can quote it.
        loaded.diagnostics.append(
          Diagnostic(
            .error, root.refusal(key: "mocks", path: file.path), pointer: JSONPointer(["mocks"]),
            offset: file.offset, source: loaded.manifestName))
        loaded.hasMockErrors = true
        return
      }
      readMocks(
        path, into: &loaded, mention: "mocks",
        reference: loaded.manifestName.map { ($0, file.offset) }, showsExcerpt: isInside)
    }
  }

  /// Reads and parses a mock file; problems are diagnostics in that file (or, when
  /// it cannot be read, at `reference`: the manifest's `mocks` string).
  private func readMocks(
    _ path: String, into loaded: inout Loaded, mention: String,
    reference: (source: String, offset: Int)?, showsExcerpt: Bool
  ) {
    let file: SourceFile
    do {
      // Standard input holds the screen (`beagle-run -`), never the mocks.
      let name = path == "-" ? "./-" : path
      file = try SourceFile.read(
        name, at: environment.location(of: name), showsExcerpt: showsExcerpt,
        standardInput: { [] })
    } catch {
      loaded.diagnostics.append(
        Diagnostic(
          .error, "\(mention): \(error.description)",
          pointer: reference == nil ? nil : JSONPointer(["mocks"]), offset: reference?.offset,
          source: reference?.source))
      loaded.hasMockErrors = true
      return
    }
    loaded.files[file.name] = file
    guard let document = parse(file, source: file.name, into: &loaded) else {
      loaded.hasMockErrors = true
      return
    }
    let (mocks, diagnostics) = MockSet.parse(document.root, source: file.name)
    loaded.diagnostics += diagnostics
    if diagnostics.hasErrors { loaded.hasMockErrors = true }
    loaded.mocks = mocks
  }
}
