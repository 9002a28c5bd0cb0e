import BeagleJSON
import Foundation

/// A JSON object that may still be in the document it was decoded from: the
/// decoder keeps a component's properties and an action's fields as references to
/// their members on the document's tape, and a value becomes a ``JSONValue`` only
/// when something reads it. It reads like a ``JSONObject`` (subscript by key, keys,
/// members, count, …).
///
/// The first read that needs the whole object materialises it once for every copy
/// of this value (the result is kept, under a lock shared by the decoded document's
/// objects); a read of one member by key materialises just that member, once. Setting a member
/// makes this copy a materialised ``JSONObject`` of its own (copy on write).
/// Equality is ``JSONObject``'s: a lazy object equals the materialised one with the
/// same members.
public struct LazyJSONObject: Sendable {
  private var storage: Storage

  // Unchecked: a ``Source`` (a `ManagedBuffer`, which cannot be `Sendable`) holds
  // immutable indices and a store, and changes what it materialised only under the
  // store's lock.
  private enum Storage: @unchecked Sendable {
    /// Out of line (inline, a materialised object made every object, in every node,
    /// a word larger).
    case object(SourceHeader.ObjectBox)
    case source(Source)
    /// Members still in their document, some of them replaced or removed
    /// (``replacingMembers(_:)``). One reference, as in the other cases: a source and an
    /// array took two words, and made every object, in every component and action,
    /// a word larger (a component 88 bytes in its array, not 80).
    case patched(Patched)
  }

  /// The members of a ``Source`` that ``replacingMembers(_:)`` replaced or removed: the
  /// source in the header, the patches after it, in one allocation (as many bytes as
  /// the array of patches alone took). Immutable once made.
  final class Patched: ManagedBuffer<Patched.Header, MemberPatch> {
    struct Header {
      let source: Source
      let count: Int
    }

    /// `source` with `patches` (at least one).
    static func make(source: Source, patches: [MemberPatch]) -> Patched {
      let buffer = create(minimumCapacity: patches.count) { _ in
        Header(source: source, count: 0)
      }
      // safe: `create` makes an instance of the class it is called on (Patched).
      let patched = unsafeDowncast(buffer, to: Patched.self)
      patched.withUnsafeMutablePointers { header, elements in
        patches.withUnsafeBufferPointer { patches in
          guard let base = patches.baseAddress else { return }
          // safe: `create` made room for at least `patches.count` elements.
          elements.initialize(from: base, count: patches.count)
          // Counted once initialised: `deinit` deinitialises that many.
          header.pointee = Header(source: source, count: patches.count)
        }
      }
      return patched
    }

    deinit {
      _ = withUnsafeMutablePointers { header, elements in
        // safe: exactly `count` elements were initialised (``make(source:patches:)``).
        elements.deinitialize(count: header.pointee.count)
      }
    }

    var source: Source { withUnsafeMutablePointerToHeader { $0.pointee.source } }

    /// The patches, ascending by position. In this object's own memory: read them
    /// while holding it (or an object that holds it), as ``Source/values`` are read.
    var patches: UnsafeBufferPointer<MemberPatch> {
      withUnsafeMutablePointers { header, elements in
        UnsafeBufferPointer(start: UnsafePointer(elements), count: header.pointee.count)
      }
    }
  }

  /// What the objects decoded from one document share: the document and the lock
  /// guarding every one's materialised members (one per decoding, not one per object).
  final class Store: @unchecked Sendable {
    let document: JSONDocument
    let lock: NSLock

    init(document: JSONDocument, lock: NSLock) {
      self.document = document
      self.lock = lock
    }
  }

  /// Members still in their document, and the object made of them once it is needed.
  ///
  /// One allocation per decoded component and action that has plain data: the store,
  /// what was materialised and the count in the header, the members' value indices
  /// after it (held in an array of their own, they took a second allocation of 32
  /// bytes more than the indices).
  final class Source: ManagedBuffer<SourceHeader, UInt32> {
    /// A source of `values` (at least one) in `store`'s document.
    static func make(store: Store, values: [UInt32]) -> Source {
      let buffer = create(minimumCapacity: values.count) { _ in
        SourceHeader(store: store, count: UInt32(truncatingIfNeeded: values.count))
      }
      buffer.withUnsafeMutablePointerToElements { elements in
        values.withUnsafeBufferPointer { values in
          guard let base = values.baseAddress else { return }
          elements.initialize(from: base, count: values.count)
        }
      }
      // safe: `create` makes an instance of the class it is called on (Source).
      return unsafeDowncast(buffer, to: Source.self)
    }

    /// A source with room for `capacity` indices and none yet (``IndexCollector`` fills
    /// it, then sets its count).
    static func make(store: Store, capacity: Int) -> Source {
      let buffer = create(minimumCapacity: capacity) { _ in SourceHeader(store: store, count: 0) }
      // safe: `create` makes an instance of the class it is called on (Source).
      return unsafeDowncast(buffer, to: Source.self)
    }

    /// A source of `values` (at least one) in `document`, behind `lock`.
    static func make(document: JSONDocument, values: [UInt32], lock: NSLock) -> Source {
      make(store: Store(document: document, lock: lock), values: values)
    }

    // The header is read through its pointer: `header` itself is a class's stored
    // property, each access checked for exclusivity at run time.
    var store: Store { withUnsafeMutablePointerToHeader { $0.pointee.store } }
    var document: JSONDocument { store.document }

    /// `body` on the document, without counting a reference on it (nor on the store):
    /// the source holds the store, which holds the document, while `body` runs. Two
    /// threads printing one document's objects each counted one on every object.
    func withDocument<Result>(_ body: (JSONDocument) -> Result) -> Result {
      withUnsafeMutablePointerToHeader { header in
        Unmanaged.passUnretained(header.pointee.store)._withUnsafeGuaranteedRef { store in
          Unmanaged.passUnretained(store.document)._withUnsafeGuaranteedRef(body)
        }
      }
    }
    var lock: NSLock { store.lock }

    /// Tape indices of the members' values, in order; keys are distinct. In this
    /// source's own memory: read them while holding the source (or an object that holds
    /// it), as every reader does with a node of a tree it holds.
    var values: UnsafeBufferPointer<UInt32> {
      UnsafeBufferPointer(
        start: UnsafePointer(withUnsafeMutablePointerToElements { $0 }), count: count)
    }

    /// What was materialised so far, written under the store's lock.
    private var materialised: SourceHeader.Materialised? {
      get { withUnsafeMutablePointerToHeader { $0.pointee.materialised } }
      set { withUnsafeMutablePointerToHeader { $0.pointee.materialised = newValue } }
    }

    /// The object, when it was materialised whole (read under the lock).
    private var cache: JSONObject? {
      if case .object(let box) = materialised { return box.object }
      return nil
    }

    /// The members read one by one so far (read under the lock).
    private var read: [JSONValue?] {
      if case .members(let read) = materialised { return read }
      return []
    }

    /// The materialised object, built on the first call (from the members read so far
    /// and the rest).
    var object: JSONObject { object(keeping: true) }

    /// Whether ``object`` kept the materialised object (read under the lock).
    var keepsObject: Bool {
      lock.lock()
      defer { lock.unlock() }
      return cache != nil
    }

    /// The materialised object, kept for the next call when `keeping` (else built
    /// again each time, unless an earlier call kept it).
    func object(keeping: Bool) -> JSONObject {
      lock.lock()
      defer { lock.unlock() }
      if let cache { return cache }
      let document = document
      let read = read
      var object = JSONObject()
      object.reserveCapacity(count)
      for position in 0..<count {
        let valueIndex = index(at: position)
        let value =
          position < read.count
          ? read[position] ?? document.node(atTapeIndex: valueIndex).value
          : document.node(atTapeIndex: valueIndex).value
        object.appendNew(document.key(ofValueAt: valueIndex), value)
      }
      if keeping { materialised = .object(SourceHeader.ObjectBox(object)) }
      return object
    }

    /// The value of the member named `key`, materialised on its first read.
    func value(forKey key: String) -> JSONValue? {
      lock.lock()
      defer { lock.unlock() }
      if let cache { return cache[key] }
      guard let position = position(ofKey: key) else { return nil }
      guard case .members(var read) = materialised else {
        let value = document.node(atTapeIndex: index(at: position)).value
        var read = [JSONValue?](repeating: nil, count: count)
        read[position] = value
        materialised = .members(read)
        return value
      }
      if let value = read[position] { return value }
      let value = document.node(atTapeIndex: index(at: position)).value
      // Unique once the enum lets go of it: set in place, not copied.
      materialised = nil
      read[position] = value
      materialised = .members(read)
      return value
    }

    /// The value of the member at `position` in ``values``, materialised on its first
    /// read and kept: a template's member, read again for every item of its list.
    func value(atPosition position: Int) -> JSONValue {
      lock.lock()
      defer { lock.unlock() }
      let valueIndex = index(at: position)
      if let cache { return cache[document.key(ofValueAt: valueIndex)] ?? .null }
      guard case .members(var read) = materialised else {
        let value = document.node(atTapeIndex: valueIndex).value
        var read = [JSONValue?](repeating: nil, count: count)
        read[position] = value
        materialised = .members(read)
        return value
      }
      if let value = read[position] { return value }
      let value = document.node(atTapeIndex: valueIndex).value
      // Unique once the enum lets go of it: set in place, not copied.
      materialised = nil
      read[position] = value
      materialised = .members(read)
      return value
    }

    /// The member `inner` of the member named `key`, materialised alone: a route's
    /// `url` without the local screen beside it. Nil when either is absent or the
    /// member is not an object; a repeated key's last value, as materialising gives.
    func value(forKey key: String, member inner: String) -> JSONValue? {
      lock.lock()
      defer { lock.unlock() }
      if let cache { return cache[key]?[inner] }
      guard let position = position(ofKey: key) else { return nil }
      if position < read.count, let value = read[position] { return value[inner] }
      return document.node(atTapeIndex: index(at: position))[inner]?.value
    }

    /// The position in ``values`` and the node of the member named `key`, a field name
    /// spelled in the source (``LazyJSONObject/member(named:)``): read on the class,
    /// where the document and the values need no copies of the object's storage.
    func member(named key: StaticString) -> (position: Int, node: JSONNode)? {
      let document = store.document
      guard let position = document.position(ofStaticKey: key, amongValuesAt: values) else {
        return nil
      }
      return (position, document.node(atTapeIndex: index(at: position)))
    }

    /// The number of members.
    var count: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }

    /// The tape index of the value of member `position` (`values[position]`).
    private func index(at position: Int) -> Int {
      // Every caller passes a position below `count` (a loop over 0..<count, a key
      // search among `values`, documentValue(atPosition:)'s range guard): the check
      // keeps a bug from reading past the object's memory; input never reaches it.
      precondition(position >= 0 && position < count, "member position")  // safe: see above
      return withUnsafeMutablePointerToElements { Int($0[position]) }
    }

    /// The position in ``values`` of the member named `key`.
    private func position(ofKey key: String) -> Int? {
      let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
      let document = document
      for position in 0..<count
      where document.key(ofValueAt: index(at: position), equals: key, keyIsASCII: isASCII) {
        return position
      }
      return nil
    }
  }

  /// A ``Source``'s fields, before its value indices in the same allocation.
  struct SourceHeader {
    let store: Store
    /// What was materialised so far (see ``Source``), written under the store's lock.
    var materialised: Materialised?
    /// The number of value indices (set once, by the decoder that fills them in:
    /// ``IndexCollector``).
    var count: UInt32

    init(store: Store, count: UInt32) {
      self.store = store
      materialised = nil
      self.count = count
    }

    /// The members read one by one before the whole object was needed, or the whole
    /// object. One word: a component's properties are read one by one when it is
    /// evaluated, and whole only when something needs them all.
    enum Materialised {
      case members([JSONValue?])
      case object(ObjectBox)
    }

    /// The whole object, out of line (inline, it made every object three words larger).
    final class ObjectBox: Sendable {
      let object: JSONObject
      init(_ object: JSONObject) { self.object = object }
    }
  }

  /// The empty object's box, shared: most objects made empty stay so.
  private static let empty = SourceHeader.ObjectBox(JSONObject())

  public init() { storage = .object(Self.empty) }

  public init(_ object: JSONObject) {
    storage = .object(object.isEmpty ? Self.empty : SourceHeader.ObjectBox(object))
  }

  /// The members of `document` whose values are at tape indices `values` (keys
  /// distinct), in that order.
  init(document: JSONDocument, values: [UInt32], lock: NSLock) {
    storage =
      values.isEmpty
      ? .object(Self.empty)
      : .source(Source.make(document: document, values: values, lock: lock))
  }

  /// The members of `store`'s document whose values are at tape indices `values` (keys
  /// distinct), in that order: the objects of one decoding share `store`.
  /// The members of `source`, which holds at least one.
  init(source: Source) { storage = .source(source) }

  init(store: Store, values: [UInt32]) {
    storage =
      values.isEmpty ? .object(Self.empty) : .source(Source.make(store: store, values: values))
  }

  /// The object materialised (built once and kept when it is still in its document).
  public var object: JSONObject {
    switch storage {
    case .object(let box): box.object
    case .source(let source): source.object
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      Self.object(of: patched.source, patchedBy: patched.patches)
    }
  }

  /// ``object``, built without keeping it in the object's document storage: for a
  /// reader that looks at each component once (a state drawn as HTML), which would
  /// otherwise keep a materialised copy of every component's properties for the rest of
  /// the run (a 10 MB screen's took 50 MB).
  package var transientObject: JSONObject {
    switch storage {
    case .object(let box): box.object
    case .source(let source): source.object(keeping: false)
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      Self.object(of: patched.source, patchedBy: patched.patches, keeping: false)
    }
  }

  /// Whether the document storage behind this object keeps a materialised copy of it
  /// (``object`` keeps one; ``transientObject`` and reads of single members do not).
  package var keepsMaterialisedObject: Bool {
    switch storage {
    case .object: false
    case .source(let source): source.keepsObject
    case .patched(let patched): patched.source.keepsObject
    }
  }

  /// The document and the members' value indices when nothing was materialised
  /// into this copy (readers that can work on the tape use them).
  ///
  /// The indices are in the object's own memory (see ``Source/values``): read them while
  /// holding this object.
  var source: (document: JSONDocument, values: UnsafeBufferPointer<UInt32>)? {
    guard case .source(let source) = storage else { return nil }
    return (source.document, source.values)
  }

  /// The value of member `position` among ``source``'s values, materialised once for
  /// every copy of this object (see ``subscript(_:)``); nil when the object is not
  /// just its document's members.
  func documentValue(atPosition position: Int) -> JSONValue? {
    guard case .source(let source) = storage, position >= 0, position < source.count else {
      return nil
    }
    return source.value(atPosition: position)
  }

  public var count: Int {
    switch storage {
    case .object(let box): box.object.count
    case .source(let source): source.count
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      patched.source.count - patched.patches.count { $0.value == nil }
    }
  }

  public var isEmpty: Bool { count == 0 }

  public var keys: [String] {
    switch storage {
    case .object(let box): box.object.keys
    case .source(let source): source.values.map { source.document.key(ofValueAt: Int($0)) }
    case .patched: object.keys
    }
  }

  public var values: [JSONValue] { object.values }

  /// The members in order.
  public var members: Zip2Sequence<[String], [JSONValue]> { object.members }

  public func position(of key: String) -> Int? {
    switch storage {
    case .object(let box):
      return box.object.position(of: key)
    case .patched:
      return object.position(of: key)
    case .source(let source):
      let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
      return source.values.firstIndex {
        source.document.key(ofValueAt: Int($0), equals: key, keyIsASCII: isASCII)
      }
    }
  }

  /// `self[key]?[inner]`, without materialising the rest of member `key` while it is
  /// still in its document.
  public func value(forKey key: String, member inner: String) -> JSONValue? {
    switch storage {
    case .object(let box): box.object[key]?[inner]
    case .source(let source): source.value(forKey: key, member: inner)
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      Self.patch(ofKey: key, in: patched.source, patched.patches).map { $0.value?[inner] }
        ?? patched.source.value(forKey: key, member: inner)
    }
  }

  public subscript(key: String) -> JSONValue? {
    get {
      switch storage {
      case .object(let box):
        return box.object[key]
      case .source(let source):
        // The member alone is materialised (once), not the whole object.
        return source.value(forKey: key)
      case .patched(let patched):
        // safe: `self` holds `patched` while its patches are read.
        return Self.patch(ofKey: key, in: patched.source, patched.patches).map(\.value)
          ?? patched.source.value(forKey: key)
      }
    }
    set {
      var object = self.object
      object[key] = newValue
      storage = .object(SourceHeader.ObjectBox(object))
    }
  }
}

extension LazyJSONObject: Hashable {
  public static func == (lhs: LazyJSONObject, rhs: LazyJSONObject) -> Bool {
    if case .source(let left) = lhs.storage, case .source(let right) = rhs.storage,
      left === right
    {
      return true
    }
    // safe: `lhs` and `rhs` hold `left` and `right` while their patches are read.
    if case .patched(let left) = lhs.storage, case .patched(let right) = rhs.storage,
      left === right || (left.source === right.source && left.patches.elementsEqual(right.patches))
    {
      return true
    }
    return lhs.object == rhs.object
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(object) }
}

extension LazyJSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(JSONObject(elements))
  }
}

// MARK: - Replacing members in place

/// The replacement of one member of an object still in its document.
struct MemberPatch: Sendable, Equatable {
  /// The member's position among the document's members (``LazyJSONObject/source``'s `values`).
  var position: Int
  /// Its new value; nil removes the member.
  var value: JSONValue?
}

extension LazyJSONObject {
  /// This object with members replaced or removed (`patches`, by position among
  /// ``source``'s values, ascending, each position once), the others left in the
  /// document: evaluating a component's bindings changes the members that hold
  /// one, and the rest is neither read nor copied (printers can copy it from the
  /// document's bytes, ``forEachStoredMember(_:)``). On an object not in its
  /// document, the members are set on the materialised object.
  func replacingMembers(_ patches: [MemberPatch]) -> LazyJSONObject {
    guard !patches.isEmpty else { return self }
    guard case .source(let source) = storage else {
      var object = self.object
      let keys = self.keys
      for patch in patches where keys.indices.contains(patch.position) {
        object[keys[patch.position]] = patch.value
      }
      return LazyJSONObject(object)
    }
    var patched = self
    patched.storage = .patched(Patched.make(source: source, patches: patches))
    return patched
  }

  /// One member's value as an object holds it: still in its document (its node, to
  /// read or copy the bytes of), or a value.
  public enum StoredValue: Sendable {
    case document(JSONNode)
    case value(JSONValue)
  }

  /// Calls `body` with each member in order, its key and its value as held (see
  /// ``StoredValue``): members in their document are not materialised.
  public func forEachStoredMember(_ body: (String, StoredValue) -> Void) {
    switch storage {
    case .object(let box):
      let object = box.object
      for (key, value) in object.members { body(key, .value(value)) }
    case .source(let source):
      let values = source.values
      for index in values {
        let valueIndex = Int(index)
        body(
          source.document.key(ofValueAt: valueIndex),
          .document(source.document.node(atTapeIndex: valueIndex)))
      }
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      let (source, patches) = (patched.source, patched.patches)
      var next = patches.startIndex
      let values = source.values
      for position in values.indices {
        let valueIndex = Int(values[position])
        if next < patches.endIndex, patches[next].position == position {
          if let value = patches[next].value {
            body(source.document.key(ofValueAt: valueIndex), .value(value))
          }
          next += 1
          continue
        }
        body(
          source.document.key(ofValueAt: valueIndex),
          .document(source.document.node(atTapeIndex: valueIndex)))
      }
    }
  }

  /// Member `key` as held (see ``StoredValue``), found without materialising or caching
  /// it (a summary reads a field once: building the value and caching it under the lock
  /// cost more than reading it): a member still in its document is its node, a replaced
  /// one its value; nil when there is none (or it was removed).
  package func member(_ key: String) -> StoredValue? {
    switch storage {
    case .object(let box):
      return box.object[key].map(StoredValue.value)
    case .source(let source):
      let values = source.values
      guard let position = source.document.position(ofKey: key, amongValuesAt: values)
      else { return nil }
      return .document(source.document.node(atTapeIndex: Int(values[position])))
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      let (source, patches) = (patched.source, patched.patches)
      guard let position = source.document.position(ofKey: key, amongValuesAt: source.values)
      else { return nil }
      if let patch = patches.first(where: { $0.position == position }) {
        return patch.value.map(StoredValue.value)
      }
      return .document(source.document.node(atTapeIndex: Int(source.values[position])))
    }
  }

  /// ``member(_:)`` of a field name spelled in the source: its bytes are compared with
  /// the document's keys as they are (no string is read for them).
  package func member(named key: StaticString) -> StoredValue? {
    switch storage {
    case .object(let box):
      return box.object[key.description].map(StoredValue.value)
    case .source(let source):
      return source.member(named: key).map { .document($0.node) }
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      return Self.member(named: key, of: patched.source, patchedBy: patched.patches)
    }
  }

  /// ``member(named:)`` of three field names, the object's storage read once (an
  /// outline's line reads a text's `text`, `enabled` and `style`).
  package func members(
    named first: StaticString, _ second: StaticString, _ third: StaticString
  ) -> (StoredValue?, StoredValue?, StoredValue?) {
    switch storage {
    case .object(let box):
      let object = box.object
      return (
        object[first.description].map(StoredValue.value),
        object[second.description].map(StoredValue.value),
        object[third.description].map(StoredValue.value)
      )
    case .source(let source):
      return (
        source.member(named: first).map { .document($0.node) },
        source.member(named: second).map { .document($0.node) },
        source.member(named: third).map { .document($0.node) }
      )
    case .patched(let patched):
      // safe: `self` holds `patched` while its patches are read.
      let (source, patches) = (patched.source, patched.patches)
      return (
        Self.member(named: first, of: source, patchedBy: patches),
        Self.member(named: second, of: source, patchedBy: patches),
        Self.member(named: third, of: source, patchedBy: patches)
      )
    }
  }

  /// ``member(named:)`` of an object whose members `patches` replace or remove.
  private static func member(
    named key: StaticString, of source: Source, patchedBy patches: UnsafeBufferPointer<MemberPatch>
  ) -> StoredValue? {
    guard let (position, node) = source.member(named: key) else { return nil }
    // Patches are few and ascending: the one of this member, if any, read in place.
    let patched = patches.firstIndex { $0.position == position }
    guard let patched else { return .document(node) }
    return patches[patched].value.map(StoredValue.value)
  }

  /// Appends what `printer.write(.object(object), into:)` appends. Members still in
  /// their document are printed from its tape (when the printer's style allows it,
  /// ``JSONPrinter/writesFromDocument``); nothing is materialised.
  package func write(with printer: JSONPrinter, into output: inout [UInt8]) {
    switch storage {
    case .source(let source):
      source.withDocument { printer.writeObject(in: $0, valuesAt: source.values, into: &output) }
    case .patched(let patched) where printer.writesFromDocument:
      // safe: `self` holds `patched` while its patches are read.
      let (source, patches) = (patched.source, patched.patches)
      source.document.withCompactWriter(
        escapingControlCharacters: printer.escapesControlCharacters, appendingTo: &output
      ) { writer in
        writer.append(UInt8(ascii: "{"))
        var isFirst = true
        var next = patches.startIndex
        do {
          // In the source's memory: `self` holds the source.
          let values = source.values
          var position = 0
          while position < values.count {
            // The members up to the next patched one, as they are in the document.
            let patched =
              next < patches.endIndex ? min(patches[next].position, values.count) : values.count
            if position < patched {
              if !isFirst { writer.append(UInt8(ascii: ",")) }
              isFirst = false
              writer.appendMembers(
                valuesAt: UnsafeBufferPointer(rebasing: values[position..<patched]))
              position = patched
              continue
            }
            guard patches[next].position == position else {
              // Not a position among the values (patches are ascending, each once).
              next += 1
              continue
            }
            defer {
              next += 1
              position += 1
            }
            guard let value = patches[next].value else { continue }
            if !isFirst { writer.append(UInt8(ascii: ",")) }
            isFirst = false
            // The key from the document, the value as evaluated.
            writer.appendValue(at: Int(values[position]) - 1)
            writer.append(UInt8(ascii: ":"))
            writer.append(value)
          }
        }
        writer.append(UInt8(ascii: "}"))
      }
    case .object, .patched:
      printer.write(.object(object), into: &output)
    }
  }

  /// The object `source` gives with `patches` applied: the source's object (built
  /// once and kept for every copy, so printing the screen again reuses it) with the
  /// patched members set in place.
  private static func object(
    of source: Source, patchedBy patches: UnsafeBufferPointer<MemberPatch>, keeping: Bool = true
  ) -> JSONObject {
    var object = source.object(keeping: keeping)
    let values = source.values
    for patch in patches where values.indices.contains(patch.position) {
      object[source.document.key(ofValueAt: Int(values[patch.position]))] = patch.value
    }
    return object
  }

  /// The patch of the member named `key`, nil when that member is not patched.
  private static func patch(
    ofKey key: String, in source: Source, _ patches: UnsafeBufferPointer<MemberPatch>
  ) -> MemberPatch? {
    let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
    let values = source.values
    return patches.first { patch in
      values.indices.contains(patch.position)
        && source.document.key(
          ofValueAt: Int(values[patch.position]), equals: key, keyIsASCII: isASCII)
    }
  }
}
