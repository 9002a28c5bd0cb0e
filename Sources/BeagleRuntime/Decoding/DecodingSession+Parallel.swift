import BeagleJSON
import Foundation

extension DecodingSession {
  /// What the second thread decoded: the components of the second half, and the
  /// diagnostics it found there, in order.
  private struct Half: Sendable {
    var nodes: [ComponentNode] = []
    var diagnostics: [Diagnostic] = []
  }

  /// Decodes the array of components `node` on two threads when it is where this
  /// pass cuts the document (``split``): the second half by a copy of this session
  /// on another thread while this one decodes the first, then its components and
  /// diagnostics appended after the first half's, as one thread would have found
  /// them. False, having decoded nothing, when the array is not cut.
  mutating func components(
    splitting node: JSONNode, pointer: JSONPointer, slot: String,
    into nodes: inout [ComponentNode]
  ) -> Bool {
    guard let split, split.isLarge(span: node.tapeEnd - node.tapeIndex) else { return false }
    var starts: [Int] = []
    starts.reserveCapacity(node.count)
    for (_, element) in node.enumeratedElements { starts.append(element.tapeIndex) }
    guard let cut = split.secondHalf(starts: starts, end: node.tapeEnd) else { return false }
    // One cut, two threads: neither half cuts again.
    self.split = nil
    var worker = self
    worker.diagnostics = []
    // The second thread appends to an arena of its own, starting from a copy of the
    // list's pointer: it never reads this one's arena while it grows.
    worker.pointers = JSONPointerArena(tag: sourceName)
    let workerPointer = worker.pointers.adopting(pointer)
    // And it reads the array through a twin of the document, with twins of the
    // registry's definitions, type names of its own and a lock of its own: the nodes
    // it makes and the components and actions it decodes count their references on
    // objects of its own, not on the ones this thread is counting on at the same time
    // (``JSONDocument/twin()``; on two cores, each count on a shared object waits for
    // the other core's). Its nodes keep those: they read and compare as the others.
    let array = node.document.twin().node(atTapeIndex: node.tapeIndex)
    worker.componentTypes = TypeNameCache()
    worker.actionTypes = TypeNameCache()
    worker.componentTwins = [:]
    worker.actionTwins = [:]
    worker.lock = NSLock()
    let second = BackgroundJob { [worker] in
      var session = worker
      var half = Half()
      for (index, element) in array.enumeratedElements where index >= cut {
        session.component(
          element, pointer: session.pointers.appending(index, to: workerPointer), slot: slot,
          into: &half.nodes)
      }
      half.diagnostics = session.diagnostics
      session.pointers.finish()
      return half
    }
    for (index, element) in node.enumeratedElements {
      if index == cut { break }
      component(element, pointer: pointers.appending(index, to: pointer), slot: slot, into: &nodes)
    }
    let half = second.wait()
    nodes += half.nodes
    diagnostics += half.diagnostics
    return true
  }
}
