/// "1 error", "2 screens": a count and its noun, plural unless the count is 1.
package enum Count {
  package static func phrase(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
