import BeagleJSON
import BeagleRuntime

extension ScreenLoader {
  /// The mocks of a load, and whether they are invalid (a run then stops before
  /// it starts).
  struct MocksRead {
    var set: MockSet?
    var isInvalid = false
    /// Why the manifest's mock file was refused unread (outside the project root).
    var refusal: Diagnostic?
  }

  /// `--mocks FILE` (relative to the working directory); else the manifest's
  /// `mocks`, inline or the path of a file relative to the manifest. The command
  /// line replaces the manifest's mocks, it does not add to them. A manifest's mock
  /// file outside the project root is refused unread and dropped, as an invalid
  /// `baseUrl` is: the run goes on without it, and the error fails it.
  func loadMocks(setup: LoadedSetup, reading: inout Reading) -> MocksRead {
    if let path = options.mocksPath {
      return readMocks(
        path, reading: &reading, mention: "--mocks", reference: nil,
        showsExcerpt: showsExcerpt(of: path, root: options.projectRoot))
    }
    guard let manifest = setup.manifest else { return MocksRead() }
    var read = MocksRead(set: manifest.mocks, isInvalid: manifest.hasInvalidMocks)
    guard let file = manifest.mocksFile else { return read }
    let path = manifestRelative(file.path, setup: setup)
    let root =
      options.projectRoot
      ?? setup.manifestFolder.map { ProjectRoot(folder: $0, role: .manifest) }
    let isInside = root?.contains(path, environment: environment) ?? true
    if let root, !isInside, !options.allowsOutsideRoot {
      // Refused unread: a file outside the project is never parsed, so no
      // diagnostic can quote it.
      let refusal = Diagnostic(
        .error, root.refusal(key: "mocks", path: file.path), pointer: JSONPointer(["mocks"]),
        offset: file.offset, source: setup.manifestName, rule: RuleCatalog.outsideRoot)
      reading.diagnostics.append(refusal)
      read.refusal = refusal
      return read
    }
    let fromFile = readMocks(
      path, reading: &reading, mention: "mocks",
      reference: setup.manifestName.map { ($0, file.offset) }, showsExcerpt: isInside)
    read.set = fromFile.set
    read.isInvalid = read.isInvalid || fromFile.isInvalid
    return read
  }

  /// Reads and parses a mock file; problems are diagnostics in that file (or, when
  /// it cannot be read, at `reference`: the manifest's `mocks` string).
  private func readMocks(
    _ path: String, reading: inout Reading, mention: String,
    reference: (source: String, offset: Int)?, showsExcerpt: Bool
  ) -> MocksRead {
    let file: SourceFile
    do {
      // Standard input holds the screen (`beagle-run -`), never the mocks.
      let name = path == "-" ? "./-" : path
      file = try SourceFile.read(
        name, at: environment.location(of: name), showsExcerpt: showsExcerpt,
        standardInput: { [] })
    } catch {
      reading.diagnostics.append(
        LoaderMessage.mocksUnreadable(mention: mention, reason: error.description).diagnostic(
          at: reference == nil ? nil : JSONPointer(["mocks"]), offset: reference?.offset,
          source: reference?.source))
      return MocksRead(isInvalid: true)
    }
    reading.files[file.name] = file
    guard let document = parse(file, source: file.name, reading: &reading) else {
      return MocksRead(isInvalid: true)
    }
    let (mocks, diagnostics) = MockSet.parse(document.root, source: file.name)
    reading.diagnostics += diagnostics
    return MocksRead(set: mocks, isInvalid: diagnostics.hasErrors)
  }
}
