#if canImport(CCurlLoader)
  import CCurlLoader

  /// libcurl, loaded with `dlopen` when the first `https:` request is made.
  ///
  /// beagle-run does not link libcurl: a start-up that loads it (and the ~20 shared
  /// libraries it brings: OpenSSL, Kerberos, LDAP, …) spends about 8 M instructions in
  /// the dynamic loader, for a feature most runs never use. libcurl.so.4 is on every
  /// Linux machine the Swift toolchain runs on (its FoundationNetworking needs it);
  /// where it is missing, an `https:` request fails with ``LoadingError`` and
  /// everything else works.
  struct CurlLibrary: @unchecked Sendable {
    // @unchecked: `functions` points at a table that is written once by
    // `ccurl_open` and only read afterwards; libcurl's easy handles are used by one
    // thread at a time.
    let functions: OpaquePointer

    /// The names tried, in order: the ABI every libcurl 7.16+ has (OpenSSL flavour
    /// on Debian and Ubuntu), the GnuTLS flavour Debian also ships, then the
    /// development symlink.
    static let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"]

    /// The system's libcurl, loaded once, on first use.
    static let system = open(names: names)

    /// Why libcurl could not be loaded.
    struct LoadingError: Error, Equatable, Sendable, CustomStringConvertible {
      /// The first name tried.
      var name: String
      /// What the dynamic loader said about it.
      var reason: String

      var description: String {
        "https needs libcurl (\(name)), which cannot be loaded (\(reason)); "
          + "install libcurl4 (apt-get install libcurl4) or your system's libcurl package"
      }
    }

    /// The first of `names` that loads; otherwise why the first failed.
    static func open(names: [String]) -> Result<CurlLibrary, LoadingError> {
      var firstError: LoadingError?
      for name in names {
        var message = [CChar](repeating: 0, count: 512)
        let functions = message.withUnsafeMutableBufferPointer { buffer in
          ccurl_open(name, buffer.baseAddress, buffer.count)
        }
        if let functions { return .success(CurlLibrary(functions: functions)) }
        if firstError == nil {
          let reason = String(
            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
          firstError = LoadingError(name: name, reason: reason)
        }
      }
      return .failure(firstError ?? LoadingError(name: "libcurl.so.4", reason: "no name to load"))
    }

    /// The loaded library's version line (`libcurl/7.88.1 OpenSSL/3.0.17 …`).
    var version: String {
      guard let text = ccurl_version(functions) else { return "" }
      return String(cString: text)
    }
  }
#endif
