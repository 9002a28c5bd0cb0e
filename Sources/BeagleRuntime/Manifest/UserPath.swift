/// A file path taken from user input (a scenario header, a manifest, the command
/// line), checked before it reaches the file system.
///
/// The C calls that open files stop at a NUL, so `ok.json\0.txt` would open
/// `ok.json`: a path is refused, never cut, when it holds a NUL or any other
/// control character (U+0000–U+001F, U+007F: a stray `\r`, an escape), which no
/// file of a project is named with.
///
/// ```swift
/// UserPath.problem(in: "ok.json\u{0}")
/// // "'ok.json\u0000' holds a control character (U+0000); a path cannot"
/// UserPath.problem(in: "screens/home.json")  // nil
/// ```
public enum UserPath {
  /// Why `path` cannot name a file, nil when it can. The path is shown with each
  /// control character written `\uXXXX`.
  public static func problem(in path: String) -> String? {
    guard let first = path.unicodeScalars.first(where: isControl) else { return nil }
    let shown = path.unicodeScalars.map { isControl($0) ? code($0, prefix: "\\u") : String($0) }
    return "'\(shown.joined())' holds a control character (\(code(first, prefix: "U+")));"
      + " a path cannot"
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }

  /// `U+001B` or `\u001B`.
  private static func code(_ scalar: Unicode.Scalar, prefix: String) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return prefix + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
