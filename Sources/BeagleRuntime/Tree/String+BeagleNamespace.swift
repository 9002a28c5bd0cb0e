extension String {
  /// The type name without its `beagle:` namespace (matched case-insensitively, as
  /// Characters): `beagle:listView` gives `listView`; any other name is returned as it is.
  ///
  /// Outlines show it for every component and action, so a name that starts with ASCII
  /// (all the built-ins, and nearly every custom one) is matched on its bytes, without
  /// the lower-cased copy the general case makes.
  var droppingBeagleNamespace: String {
    let length = 7  // "beagle:"
    let match = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      // The prefix's bytes and the one after it (which could join the last Character).
      for position in 0..<min(bytes.count, length + 1) where bytes[position] >= 0x80 {
        return nil
      }
      guard bytes.count >= length else { return false }
      // ASCII letters lower-case by setting bit 0x20; ':' is compared as it is.
      func lowered(_ position: Int) -> UInt8 { bytes[position] | (position < 6 ? 0x20 : 0) }
      return lowered(0) == UInt8(ascii: "b") && lowered(1) == UInt8(ascii: "e")
        && lowered(2) == UInt8(ascii: "a") && lowered(3) == UInt8(ascii: "g")
        && lowered(4) == UInt8(ascii: "l") && lowered(5) == UInt8(ascii: "e")
        && bytes[6] == UInt8(ascii: ":")
    }
    switch match {
    case .some(.some(true)): return String(self[utf8.index(startIndex, offsetBy: length)...])
    case .some(.some(false)): return self
    default: return slowlyDroppingBeagleNamespace
    }
  }

  /// ``droppingBeagleNamespace`` as Characters, for a name with non-ASCII characters at
  /// its start (or a string whose bytes are not contiguous).
  private var slowlyDroppingBeagleNamespace: String {
    guard lowercased().hasPrefix("beagle:"), let colon = firstIndex(of: ":") else { return self }
    return String(self[index(after: colon)...])
  }
}
