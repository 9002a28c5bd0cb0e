/// "1 error", "2 warnings".
enum Count {
  static func phrase(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
