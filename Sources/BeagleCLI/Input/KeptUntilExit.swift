/// Keeps values alive until the process exits, when the system reclaims their
/// memory at once: freeing a large decoded screen node by node costs about as much
/// as parsing it. Only for a process that exits right after its command
/// (``CommandLineTool/Environment/exitsAfterCommand``); anywhere else it leaks.
enum KeptUntilExit {
  private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  static func keep<Value>(_ value: Value) {
    // The retain is never balanced: the box and what it holds live until exit.
    _ = Unmanaged.passRetained(Box(value))
  }
}
