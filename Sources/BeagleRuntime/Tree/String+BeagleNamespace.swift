extension String {
  /// The type name without its `beagle:` namespace (matched case-insensitively, as
  /// Characters): `beagle:listView` gives `listView`; any other name is returned as it is.
  ///
  /// Outlines show it for every component and action, so a name that starts with ASCII
  /// (all the built-ins, and nearly every custom one) is matched on its bytes, without
  /// the lower-cased copy the general case makes.
  var droppingBeagleNamespace: String {
    let prefix = Array("beagle:".utf8)
    var matches = true
    var index = utf8.startIndex
    // The prefix's bytes and the one after it (which could join the last Character).
    for position in 0...prefix.count {
      guard index < utf8.endIndex else {
        matches = matches && position == prefix.count
        break
      }
      let byte = utf8[index]
      guard byte < 0x80 else { return slowlyDroppingBeagleNamespace }
      if position < prefix.count {
        // ASCII letters lower-case by setting bit 0x20; ':' is compared as it is.
        let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        if lowered != prefix[position] { matches = false }
      }
      index = utf8.index(after: index)
    }
    guard matches else { return self }
    return String(self[utf8.index(startIndex, offsetBy: prefix.count)...])
  }

  /// ``droppingBeagleNamespace`` for a name with non-ASCII characters at its start.
  private var slowlyDroppingBeagleNamespace: String {
    guard lowercased().hasPrefix("beagle:"), let colon = firstIndex(of: ":") else { return self }
    return String(self[index(after: colon)...])
  }
}
