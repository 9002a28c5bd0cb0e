import BeagleJSON

extension DecodingSession {
  /// Decodes the members of one object against its field table, then reports the
  /// required fields that are missing. A key neither in the table nor in `common`
  /// (names every type of its kind may carry) is a warning with "did you mean".
  ///
  /// `owner` names the type in diagnostics; inside nested structures (`style`,
  /// `style.padding`, …) the keys of `pointer` after its first `ownerDepth` tokens
  /// (array indices left out) are added to it, only when a diagnostic needs it.
  mutating func decodeMembers(
    _ members: UnsafeBufferPointer<JSONMember>, of node: JSONNode, fields specs: [FieldSpec],
    owner: String, pointer: JSONPointer, into fields: inout DecodedFields,
    screenPrefix: String = "",
    common: [String] = [],
    ownerDepth: Int? = nil
  ) {
    // Specs are read in place (a `FieldSpec` copy retains its name, kind and notes).
    specs.withUnsafeBufferPointer { specs in
      // Which fields a key named, for the required ones (no search of the keys for each).
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: specs.count) { named in
        named.initialize(repeating: false)
        decodeMembers(
          members, of: node, specs: specs, named: named, owner: owner, pointer: pointer,
          into: &fields, screenPrefix: screenPrefix, common: common, ownerDepth: ownerDepth)
        for index in specs.indices where specs[index].isRequired && !named[index] {
          // A key names the first field of its name: another of the same name is looked
          // for among the keys.
          let name = specs[index].name
          let isASCII = specs[index].isASCIIName
          if members.contains(where: { node.key(of: $0, equals: name, nameIsASCII: isASCII) }) {
            continue
          }
          report(
            .missingField(name, type: Self.ownerName(owner, pointer, ownerDepth)), node, pointer)
        }
        // `Bool` is a trivial type: the buffer needs no deinitialisation.
      }
    }
  }

  /// ``decodeMembers(_:of:fields:owner:pointer:into:screenPrefix:common:ownerDepth:)``
  /// on the table read in place, marking in `named` the fields a key names.
  private mutating func decodeMembers(
    _ members: UnsafeBufferPointer<JSONMember>, of node: JSONNode,
    specs: UnsafeBufferPointer<FieldSpec>,
    named: UnsafeMutableBufferPointer<Bool>, owner: String, pointer: JSONPointer,
    into fields: inout DecodedFields, screenPrefix: String, common: [String], ownerDepth: Int?
  ) {
    withUnsafeTemporaryAllocation(of: KeyMatch.self, capacity: members.count) { matches in
      // What each key names first, to make room for the plain data at once: two
      // arrays grown member by member from empty cost more than the values in them.
      var dataCount = 0
      node.document.bytes.withUnsafeBufferPointer { bytes in
        for (position, member) in members.enumerated() {
          let match = Self.match(member, of: node, in: specs, bytes: bytes)
          matches.initializeElement(at: position, to: match)
          switch match {
          case .typeKey: break
          case .unknown: dataCount += 1
          case .field(let index, _):
            named[index] = true
            if !specs[index].holdsNodes { dataCount += 1 }
          }
        }
      }
      if fields.keepsData, dataCount > 0 {
        fields.data.reserve(dataCount, store: objectStore(for: node.document))
      }
      for (position, member) in members.enumerated() {
        let match = matches[position]
        if case .typeKey = match { continue }
        let value = node.value(of: member)
        guard case .field(let index, let isPlain) = match else {
          // iOS ignores keys it does not know; keep them for display. Keys are unique
          // here (repeats were resolved), so the member is appended without a search.
          let key = node.key(of: member)
          fields.keep(value)
          if !common.contains(key) {
            let names = specs.map(\.name) + common
            report(
              .unknownField(
                key, type: Self.ownerName(owner, pointer, ownerDepth),
                suggestion: Suggestion.closestName(to: key, among: names)),
              value, pointer.appending(key))
          }
          continue
        }
        // A key written otherwise than its field's name (escapes, U+212A for "K") is
        // kept under the name, as a materialised object keeps it.
        if !isPlain, !specs[index].holdsNodes {
          fields.renamed[value.tapeIndex] = specs[index].name
        }
        if let deprecation = specs[index].deprecation {
          let key = node.key(of: member)
          report(
            .deprecated(
              "'\(key)' of '\(Self.ownerName(owner, pointer, ownerDepth))'",
              replacement: deprecation), value, pointer.appending(key))
        }
        decodeField(
          specs, index, value, parent: pointer, owner: owner, ownerDepth: ownerDepth,
          into: &fields, screenPrefix: screenPrefix)
      }
      // `KeyMatch` is a trivial type: the buffer needs no deinitialisation.
    }
  }

  /// What a member's key names.
  private enum KeyMatch {
    /// `_beagleComponent_` or `_beagleAction_`, read by the caller.
    case typeKey
    /// The field at this position of the table, and whether the key is written
    /// plainly (its bytes are the name's).
    case field(Int, isPlain: Bool)
    case unknown
  }

  /// What the key of `member` (of the object `node`) names among `specs`. A plain
  /// ASCII key (nearly all) is compared on its bytes (`bytes` are the document's),
  /// first on its length and first eight bytes with each name's; another is decoded
  /// and compared as a string (U+212A KELVIN SIGN is "K").
  private static func match(
    _ member: JSONMember, of node: JSONNode, in buffer: UnsafeBufferPointer<FieldSpec>,
    bytes document: UnsafeBufferPointer<UInt8>
  ) -> KeyMatch {
    guard let range = node.plainKeyRange(of: member) else {
      let key = node.key(of: member)
      if key == componentKey || key == actionKey { return .typeKey }
      return buffer.firstIndex { $0.name == key }.map { .field($0, isPlain: false) } ?? .unknown
    }
    let bytes = UnsafeBufferPointer(rebasing: document[range])
    let key = FieldNameKey(document, range)
    // The type keys both start with "_": most keys are told apart by that byte.
    if bytes.first == UInt8(ascii: "_"),
      key.spells(componentNameKey, componentKey, bytes: bytes)
        || key.spells(actionNameKey, actionKey, bytes: bytes)
    {
      return .typeKey
    }
    for index in buffer.indices {
      if buffer[index].isASCIIName {
        if key.spells(buffer[index].nameKey, buffer[index].name, bytes: bytes) {
          return .field(index, isPlain: true)
        }
      } else if buffer[index].name == String(decoding: bytes, as: UTF8.self) {
        return .field(index, isPlain: false)
      }
    }
    return .unknown
  }

  private static let componentNameKey = FieldNameKey(componentKey)
  private static let actionNameKey = FieldNameKey(actionKey)

  /// `owner` followed by the keys of `pointer` after its first `ownerDepth` tokens,
  /// leaving out array indices: `beagle:container.style.padding`.
  static func ownerName(_ owner: String, _ pointer: JSONPointer, _ ownerDepth: Int?) -> String {
    guard let ownerDepth else { return owner }
    var name = owner
    for token in pointer.tokens(droppingFirst: ownerDepth)
    where !token.isEmpty
      && !token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      name += "." + token
    }
    return name
  }

  /// Decodes the field `specs[index]` (read in place: a copy of its spec retains
  /// its name, kind and notes).
  private mutating func decodeField(
    _ specs: UnsafeBufferPointer<FieldSpec>, _ index: Int, _ value: JSONNode, parent: JSONPointer,
    owner: String, ownerDepth: Int?, into fields: inout DecodedFields, screenPrefix: String
  ) {
    if specs[index].isPlainData {
      // The field's pointer is made only when a diagnostic needs it.
      checkData(specs, index, value, parent: parent)
      fields.keep(value)
      return
    }
    // The spec is copied only for a diagnostic.
    var spec: FieldSpec { specs[index] }
    let key = specs[index].name
    // An image path is only checked: its pointer is made for a diagnostic.
    if case .imagePath = specs[index].kind {
      checkImagePath(spec, value, parent: parent)
      fields.keep(value)
      return
    }
    // A list of components needs no pointer of its own unless it is cut for another
    // thread or is not a list: each component's pointer is its key and index at once.
    if case .components = specs[index].kind, split == nil, value.kind == .array {
      // Room for them all at once: grown by doubling, a list held up to twice its size.
      fields.children.reserveCapacity(fields.children.count + value.count)
      for (position, element) in value.enumeratedElements {
        component(
          element, pointer: pointers.appending(key, index: position, to: parent), slot: key,
          into: &fields.children)
      }
      return
    }
    // Where the arena was: a structure that holds data alone gives back the pointers
    // made for it when its check reports nothing (``dropPointers(since:_:)``).
    let mark = (pointers.entryCount, diagnostics.count)
    let pointer = pointers.appending(key, to: parent)
    switch specs[index].kind {
    case .string, .bool, .int, .number, .enumeration, .object, .array, .any, .analytics:
      break
    case .component:
      if value.isNull { return }
      component(value, pointer: pointer, slot: key, into: &fields.children)
    case .components:
      guard value.kind == .array else {
        if !value.isNull { reportType(spec, value, pointer) }
        return
      }
      if split != nil,
        components(splitting: value, pointer: pointer, slot: key, into: &fields.children)
      {
        return
      }
      // Room for them all at once: grown by doubling, a list held up to twice its size.
      fields.children.reserveCapacity(fields.children.count + value.count)
      for (index, element) in value.enumeratedElements {
        component(
          element, pointer: pointers.appending(index, to: pointer), slot: key,
          into: &fields.children)
      }
    case .actions, .action:
      let isSingle = specs[index].kind == .action
      let actions = actionList(value, pointer: pointer, field: key, isSingle: isSingle)
      fields.events.append(
        EventHandler(name: key, actions: actions, location: location(value, pointer)))
    case .context:
      fields.context = contextDeclaration(value, pointer: pointer)
    case .route:
      decodeRoute(value, pointer: pointer, owner: owner, into: &fields, prefix: key)
      fields.keep(value)
    case .screen:
      if let screen = component(value, pointer: pointer, slot: key, isScreen: true) {
        fields.screens[screenPrefix + key] = screen
      }
    case .imagePath:
      break  // Checked above.
    case .tabIcon:
      checkTabIcon(value, pointer: pointer)
      fields.keep(value)
    case .tabItems:
      guard value.kind == .array else {
        reportType(spec, value, pointer)
        return
      }
      for (index, element) in value.enumeratedElements {
        tabItem(
          element, pointer: pointers.appending(index, to: pointer), slot: key,
          into: &fields.children)
      }
    case .navigationBar:
      fields.navigationBar = navigationBar(value, pointer: pointer)
    case .templates:
      fields.templates = templates(value, pointer: pointer)
    case .objects(let itemSpecs):
      guard value.kind == .array else {
        reportType(spec, value, pointer)
        return
      }
      for (index, element) in value.enumeratedElements {
        decodeStructure(
          element, specs: itemSpecs, owner: owner, ownerDepth: ownerDepth ?? parent.count,
          pointer: pointers.appending(index, to: pointer))
      }
      fields.keep(value)
      if specs[index].holdsDataAlone { dropPointers(since: mark) }
    case .structure(let structureSpecs):
      decodeStructure(
        value, specs: structureSpecs, owner: owner, ownerDepth: ownerDepth ?? parent.count,
        pointer: pointer)
      fields.keep(value)
      if specs[index].holdsDataAlone { dropPointers(since: mark) }
    case .componentsOrExpression:
      if value.kind == .string, isExpression(value) {
        fields.keep(value)
        return
      }
      guard value.kind == .array else {
        reportType(spec, value, pointer)
        return
      }
      for (index, element) in value.enumeratedElements {
        component(
          element, pointer: pointers.appending(index, to: pointer), slot: key,
          into: &fields.children)
      }
      fields.keep(value)
    }
  }

  /// Drops the pointers made since `mark` (the arena's entries and the diagnostics
  /// then) for a structure that holds data alone, when its check reported nothing:
  /// nothing is kept of such a structure but its diagnostics, so no pointer refers
  /// to them.
  private mutating func dropPointers(since mark: (entries: Int, diagnostics: Int)) {
    guard diagnostics.count == mark.diagnostics else { return }
    pointers.truncate(to: mark.entries)
  }

  /// Checks an object against nested field specs (no nodes come out of it).
  private mutating func decodeStructure(
    _ node: JSONNode, specs: [FieldSpec], owner: String, ownerDepth: Int, pointer: JSONPointer
  ) {
    guard node.kind == .object else {
      report(
        .wrongType(
          field: Self.ownerName(owner, pointer, ownerDepth), expected: "an object",
          found: describe(node)), node, pointer)
      return
    }
    // Only checked: its plain data is not collected (an array made per `style` for nothing).
    var ignored = DecodedFields(keepsData: false)
    node.withUniqueTapeMembers { members in
      decodeMembers(
        members, of: node, fields: specs, owner: owner, pointer: pointer,
        into: &ignored, ownerDepth: ownerDepth)
    }
  }

  // MARK: - Plain data

  func isExpression(_ node: JSONNode) -> Bool {
    node.containsExpressionMarker
  }

  private mutating func reportType(_ spec: FieldSpec, _ value: JSONNode, _ pointer: JSONPointer) {
    var expected = spec.kind.name
    if spec.acceptsExpression { expected += " or an expression" }
    report(.wrongType(field: spec.name, expected: expected, found: describe(value)), value, pointer)
  }

  /// Reports where a data field's JSON type is not what iOS decodes.
  private mutating func checkData(
    _ specs: UnsafeBufferPointer<FieldSpec>, _ index: Int, _ value: JSONNode, parent: JSONPointer
  ) {
    if value.isNull { return }
    if specs[index].acceptsExpression, value.kind == .string, isExpression(value) { return }
    // The spec is copied only for a diagnostic.
    var spec: FieldSpec { specs[index] }
    switch specs[index].kind {
    case .string:
      if value.kind != .string { reportType(spec, value, parent.appending(spec.name)) }
    case .bool:
      if value.kind != .bool { reportType(spec, value, parent.appending(spec.name)) }
    case .int:
      guard value.kind == .number else {
        reportType(spec, value, parent.appending(spec.name))
        return
      }
      if !value.isIntegerLiteral, case .double(let double) = value.value,
        Int(exactly: double) == nil
      {
        reportType(spec, value, parent.appending(spec.name))
      }
    case .number:
      if value.kind != .number { reportType(spec, value, parent.appending(spec.name)) }
    case .enumeration(let allowed):
      guard let string = value.stringValue else {
        reportType(spec, value, parent.appending(spec.name))
        return
      }
      if !allowed.contains(string) {
        report(
          .invalidEnumValue(field: spec.name, value: string, allowed: allowed), value,
          parent.appending(spec.name))
      }
    case .object:
      if value.kind != .object { reportType(spec, value, parent.appending(spec.name)) }
    case .array:
      if value.kind != .array { reportType(spec, value, parent.appending(spec.name)) }
    case .analytics:
      if value.kind != .bool && value.kind != .object {
        reportType(spec, value, parent.appending(spec.name))
      }
    default:
      break
    }
  }

  /// Checks an image path, the field `spec` of the object at `parent`.
  private mutating func checkImagePath(_ spec: FieldSpec, _ value: JSONNode, parent: JSONPointer) {
    if value.isNull { return }
    if spec.acceptsExpression, value.kind == .string, isExpression(value) { return }
    var pointer: JSONPointer { parent.appending(spec.name) }
    guard value.kind == .object else {
      reportType(spec, value, pointer)
      return
    }
    let kindKey = "_beagleImagePath_"
    guard let kindNode = value[kindKey] else {
      report(.missingField(kindKey, type: "image path"), value, pointer)
      return
    }
    switch kindNode.stringValue {
    case "local":
      requireString("mobileId", in: value, owner: "local image path", pointer: pointer)
    case "remote":
      requireString("url", in: value, owner: "remote image path", pointer: pointer)
    default:
      report(
        .invalidEnumValue(
          field: kindKey, value: kindNode.stringValue ?? describe(kindNode),
          allowed: ["local", "remote"]), kindNode, pointer.appending(kindKey))
    }
  }

  /// Reports when `object` (at `pointer`, made only for a diagnostic) has no string
  /// `key`.
  private mutating func requireString(
    _ key: String, in object: JSONNode, owner: String, pointer: @autoclosure () -> JSONPointer
  ) {
    guard let member = object[key] else {
      report(.missingField(key, type: owner), object, pointer())
      return
    }
    if member.kind != .string {
      report(
        .wrongType(field: key, expected: "a string", found: describe(member)), member,
        pointer().appending(key))
    }
  }

  // MARK: - Structured fields

  private mutating func contextDeclaration(
    _ node: JSONNode, pointer: JSONPointer
  ) -> ContextDeclaration? {
    guard node.kind == .object else {
      report(
        .wrongType(field: "context", expected: "an object", found: describe(node)), node, pointer)
      return nil
    }
    guard let idNode = node["id"] else {
      report(.missingField("id", type: "context"), node, pointer)
      return nil
    }
    guard let id = idNode.stringValue else {
      report(
        .wrongType(field: "id", expected: "a string", found: describe(idNode)), idNode,
        pointer.appending("id"))
      return nil
    }
    guard let value = node["value"] else {
      report(.missingField("value", type: "context"), node, pointer)
      return ContextDeclaration(id: id, value: .null, location: location(node, pointer))
    }
    // Left in the document until read: `check` never reads it.
    return ContextDeclaration(
      id: id, storedValue: LazyJSONValue(value, store: objectStore(for: node.document)),
      location: location(node, pointer))
  }

  private mutating func decodeRoute(
    _ node: JSONNode, pointer: JSONPointer, owner: String, into fields: inout DecodedFields,
    prefix: String
  ) {
    guard node.kind == .object else {
      let found =
        node.kind == .string
        ? "the string '\(node.stringValue ?? "")'; write {\"url\": …} or {\"screen\": …}"
        : describe(node)
      report(.wrongType(field: prefix, expected: "a route object", found: found), node, pointer)
      return
    }
    // Only its screens are kept: the route is one value of its action's data.
    var routeFields = DecodedFields(keepsData: false)
    node.withUniqueTapeMembers { members in
      decodeMembers(
        members, of: node, fields: BuiltIns.routeFields, owner: "route", pointer: pointer,
        into: &routeFields, screenPrefix: prefix + ".")
      let isLocal = members.contains { node.key(of: $0, equals: "screen", nameIsASCII: true) }
      if !isLocal,
        !members.contains(where: { node.key(of: $0, equals: "url", nameIsASCII: true) })
      {
        report(.missingField("url", type: "route (a remote route needs 'url')"), node, pointer)
      }
    }
    fields.screens.merge(routeFields.screens) { _, new in new }
  }

  private mutating func navigationBar(_ node: JSONNode, pointer: JSONPointer) -> NavigationBar? {
    guard node.kind == .object else {
      report(
        .wrongType(field: "navigationBar", expected: "an object", found: describe(node)), node,
        pointer)
      return nil
    }
    var fields = DecodedFields()
    let specs = BuiltIns.navigationBarFields.filter { $0.name != "navigationBarItems" }
    let members = node.uniqueTapeMembers.filter {
      !node.key(of: $0, equals: "navigationBarItems", nameIsASCII: true)
    }
    members.withUnsafeBufferPointer { members in
      decodeMembers(
        members, of: node, fields: specs, owner: "navigationBar", pointer: pointer,
        into: &fields)
    }
    var items: [NavigationBarItem] = []
    if let itemsNode = node["navigationBarItems"] {
      let itemsPointer = pointers.appending("navigationBarItems", to: pointer)
      if itemsNode.kind == .array {
        for (index, element) in itemsNode.enumeratedElements {
          if let item = navigationBarItem(
            element, pointer: pointers.appending(index, to: itemsPointer))
          {
            items.append(item)
          }
        }
      } else {
        report(
          .wrongType(field: "navigationBarItems", expected: "an array", found: describe(itemsNode)),
          itemsNode, itemsPointer)
      }
    }
    var properties = fields.properties(in: node.document)
    let title = properties["title"]?.stringValue ?? ""
    let showsBack = properties["showBackButton"]?.boolValue ?? true
    properties["title"] = nil
    properties["showBackButton"] = nil
    return NavigationBar(
      title: title, showsBackButton: showsBack, items: items, properties: properties,
      location: location(node, pointer))
  }

  private mutating func navigationBarItem(
    _ node: JSONNode, pointer: JSONPointer
  ) -> NavigationBarItem? {
    guard node.kind == .object else {
      report(
        .wrongType(field: "navigationBarItems", expected: "an object", found: describe(node)),
        node, pointer)
      return nil
    }
    var fields = DecodedFields()
    node.withUniqueTapeMembers { members in
      decodeMembers(
        members, of: node, fields: BuiltIns.navigationBarItemFields, owner: "navigationBarItem",
        pointer: pointer, into: &fields)
    }
    let action = fields.events.first { $0.name == "action" }
    let onPress = fields.events.first { $0.name == "onPress" }
    if action != nil, onPress != nil {
      report(.conflictingFields(used: "action", ignored: "onPress"), node, pointer)
    }
    if action == nil, onPress == nil {
      report(.missingField("action", type: "navigationBarItem"), node, pointer)
    }
    let properties = fields.properties(in: node.document)
    return NavigationBarItem(
      text: properties["text"]?.stringValue ?? "", id: properties["id"]?.stringValue,
      image: properties["image"], actions: (action ?? onPress)?.actions ?? [],
      location: location(node, pointer))
  }

  private mutating func templates(_ node: JSONNode, pointer: JSONPointer) -> [Template] {
    guard node.kind == .array else {
      report(
        .wrongType(field: "templates", expected: "an array", found: describe(node)), node, pointer)
      return []
    }
    var result: [Template] = []
    for (index, element) in node.enumeratedElements {
      let itemPointer = pointers.appending(index, to: pointer)
      guard element.kind == .object else {
        report(
          .wrongType(field: "templates", expected: "an object", found: describe(element)), element,
          itemPointer)
        continue
      }
      let condition = element["case"]
      if let condition, condition.kind != .bool, !isExpression(condition), !condition.isNull {
        report(
          .wrongType(
            field: "case", expected: "a boolean or an expression", found: describe(condition)),
          condition, itemPointer.appending("case"))
      }
      guard let viewNode = element["view"] else {
        report(.missingField("view", type: "template"), element, itemPointer)
        continue
      }
      if let view = component(
        viewNode, pointer: pointers.appending("view", to: itemPointer), slot: "templates")
      {
        result.append(
          Template(
            condition: condition?.value, view: view, location: location(element, itemPointer)))
      }
    }
    return result
  }
}
