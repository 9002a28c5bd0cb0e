import BeagleExpressions
import BeagleJSON

/// Checks every expression of a decoded screen without running it: syntax,
/// operations and arity (errors), and bindings to contexts that nothing in scope
/// declares (warnings, since `global` and implicit contexts may supply them).
///
/// Scope here is the static one: contexts declared on the component and its
/// ancestors, `global`, `navigationContext` (2.x), the implicit context of the event
/// an action runs in (`onChange`, `onSuccess`, …, docs/spec.md §4.4), and a list template's
/// iterator (`item` unless `iteratorName` says otherwise) and, under the web profile, its
/// index (`index` unless `indexName` says otherwise; iOS and Android have none, §10.23).
public struct BindingChecker: Sendable {
  public let checker: ExpressionChecker
  /// Whose rules apply where platforms differ (a list item's index context).
  public var profile: NavigationProfile
  /// The byte offset of a value, given the location of the component or action
  /// holding it and the pointer tokens from there; locates diagnostics.
  public var offset: @Sendable (SourceLocation, [String]) -> Int?
  /// The document the screen was decoded from, when its check may be cut in two
  /// (``ParallelSplit``); nil: one thread checks it all.
  var split: Split?

  /// Where a large screen's check is cut: at the array of components holding half
  /// of `document`, measured on its tape.
  struct Split: Sendable {
    let document: JSONDocument
    let split: ParallelSplit
  }

  public init(
    operations: OperationLibrary = .standard, profile: NavigationProfile = .ios,
    offset: @escaping @Sendable (SourceLocation, [String]) -> Int? = { _, _ in nil }
  ) {
    checker = ExpressionChecker(library: operations)
    self.profile = profile
    self.offset = offset
  }

  /// Implicit contexts by event name (docs/spec.md §4.4).
  static let implicitContexts: [String: String] = [
    "onChange": "onChange", "onFocus": "onFocus", "onBlur": "onBlur",
    "onSuccess": "onSuccess", "onError": "onError", "onPageChange": "onPageChange",
    "onTabSelection": "onTabSelection",
  ]
  static let alwaysAvailable = ["global", "navigationContext"]

  public func check(_ root: ComponentNode) -> [Diagnostic] {
    var findings = Findings()
    findings.mayCut = split != nil
    if findings.mayCut { findings.reserveForLargeScreen() }
    withUnsafePointer(to: root) { check($0, scope: [], into: &findings) }
    return findings.diagnostics
  }

  /// Checks an action that runs on its own (a script's `action JSON` step) where the
  /// contexts `contexts` (outermost first) are in scope, as the same action inside a
  /// screen is checked: same messages, located by pointers from the action.
  public func check(_ action: ActionNode, contexts: [String]) -> [Diagnostic] {
    var findings = Findings()
    let scope = contexts.filter { !Self.alwaysAvailable.contains($0) }
    withUnsafePointer(to: action) { check($0, event: nil, scope: scope, into: &findings) }
    return findings.diagnostics
  }

  /// What a check has found so far, and each distinct string's expression check:
  /// a screen repeats the same bindings many times (list templates, buttons), and
  /// a string's check depends only on its text.
  private struct Findings {
    var diagnostics: [Diagnostic] = []
    /// The index context names of the enclosing lists' items that the profile does
    /// not bind (iOS, Android), so a binding to one says why it is unresolved.
    var unboundIndexNames: [String] = []
    var checks: [String: ExpressionCheck] = [:]
    /// The checks of strings on a document's tape, by their bytes as written: found
    /// without decoding the string (most strings repeat one seen before).
    var writtenChecks: [WrittenString: ExpressionCheck] = [:]
    /// Whether the screen may still be cut in two (once only: two threads).
    var mayCut = false

    /// Room for the distinct strings of a large screen (a few hundred a megabyte,
    /// most of them seen once): the table is not rehashed as it grows from empty.
    mutating func reserveForLargeScreen() {
      writtenChecks.reserveCapacity(512)
    }

    mutating func check(
      _ text: String, with checker: ExpressionChecker, options: StringTemplate.Options
    ) -> ExpressionCheck {
      if let known = checks[text] { return known }
      let result = checker.check(source: text, options: options)
      checks[text] = result
      return result
    }

    /// The check of the string `node`, decoded only when its bytes were not seen.
    ///
    /// Not looked up by its text as well: a string written otherwise with the same
    /// text (escapes) is rare, and hashing a long string's text (normalised) and
    /// growing a second table cost more than checking it again.
    mutating func check(
      _ node: JSONNode, with checker: ExpressionChecker, options: StringTemplate.Options
    ) -> ExpressionCheck {
      let written = WrittenString(node)
      if let known = writtenChecks[written] { return known }
      let result = checker.check(source: node.stringValue ?? "", options: options)
      writtenChecks[written] = result
      return result
    }
  }

  /// Checks the component at `node`, read in place: passed as a value, a node read from
  /// an array or a buffer is copied (a dozen references retained and released).
  private func check(
    _ node: UnsafePointer<ComponentNode>, scope: [String], into diagnostics: inout Findings
  ) {
    var scope = scope
    if let context = node.pointee.context { scope.append(context.id) }
    if let (document, values) = node.pointee.properties.source {
      // Read on the tape: the expression-marker index gives the members holding
      // `@{`; only their keys and those strings are decoded. The closure captures
      // what it reads, not the node (captured, a node is copied: a dozen references).
      let definition = node.pointee.definition
      let location = node.pointee.location
      document.forEachValueHoldingMarkedStrings(values) { position, marked in
        let value = Int(values[position])
        let key = document.key(ofValueAt: value)
        guard let definition else { return }
        if definition.acceptsExpression(field: key) {
          checkMarkedStrings(
            marked, in: document.node(atTapeIndex: value), base: location, key: key,
            scope: scope, into: &diagnostics)
        } else if key == Self.style {
          checkMarkedStrings(
            marked, in: document.node(atTapeIndex: value), base: location, key: key,
            scope: scope, into: &diagnostics, only: [Self.display])
        }
      }
    } else if let definition = node.pointee.definition {
      for (key, value) in node.pointee.properties.members {
        if definition.acceptsExpression(field: key) {
          checkStrings(
            in: value, base: node.pointee.location, key: key, scope: scope, into: &diagnostics)
        } else if key == Self.style {
          checkString(
            at: [Self.display], in: value, key: key, base: node.pointee.location, scope: scope,
            into: &diagnostics)
        }
      }
    }
    // Through buffers: `for x in array` and an array's subscript copy each element
    // (a component retains a dozen references).
    node.pointee.events.withUnsafeBufferPointer { events in
      Self.forEachElement(of: events) { check($0, scope: scope, into: &diagnostics) }
    }
    for item in node.pointee.navigationBar?.items ?? [] {
      item.actions.withUnsafeBufferPointer { actions in
        Self.forEachElement(of: actions) {
          check($0, event: nil, scope: scope, into: &diagnostics)
        }
      }
    }
    // A list's items see its iterator: in `templates` and in the deprecated single
    // `template`, a child in that slot (docs/spec.md §2.8).
    // Most components are not lists: their type is read once, not for each question.
    let isList = node.pointee.builtIn?.isList == true
    let itemScope = isList ? itemScope(of: node, in: scope) : nil
    let unboundIndex = isList ? unboundIndexName(of: node) : nil
    if let unboundIndex { diagnostics.unboundIndexNames.append(unboundIndex) }
    if let itemScope {
      for template in node.pointee.templates {
        if let condition = template.condition {
          checkStrings(
            in: condition, base: template.location, key: "case", scope: itemScope,
            into: &diagnostics)
        }
        withUnsafePointer(to: template.view) {
          check($0, scope: itemScope, into: &diagnostics)
        }
      }
    }
    if unboundIndex != nil { diagnostics.unboundIndexNames.removeLast() }
    let children = node.pointee.children
    var second: BackgroundJob<[Diagnostic]>?
    var cut = children.count
    if diagnostics.mayCut, let split, let found = Self.cut(children, in: split) {
      // The second half on another thread, with findings of its own that start as
      // these are here; its diagnostics follow the first half's.
      diagnostics.mayCut = false
      cut = found
      let checker = self
      let unboundIndexNames = diagnostics.unboundIndexNames
      second = BackgroundJob { [cut, scope] in
        var findings = Findings()
        findings.reserveForLargeScreen()
        findings.unboundIndexNames = unboundIndexNames
        children.withUnsafeBufferPointer { children in
          Self.forEachElement(of: children, from: cut) {
            checker.check(
              child: $0, scope: scope, itemScope: itemScope, unboundIndex: unboundIndex,
              into: &findings)
          }
        }
        return findings.diagnostics
      }
    }
    children.withUnsafeBufferPointer { children in
      Self.forEachElement(of: UnsafeBufferPointer(rebasing: children[..<cut])) {
        check(
          child: $0, scope: scope, itemScope: itemScope, unboundIndex: unboundIndex,
          into: &diagnostics)
      }
    }
    if let second { diagnostics.diagnostics += second.wait() }
  }

  /// Checks one child of a component: in a list's item slot, in the items' scope.
  private func check(
    child: UnsafePointer<ComponentNode>, scope: [String], itemScope: [String]?,
    unboundIndex: String?, into diagnostics: inout Findings
  ) {
    guard let itemScope, child.pointee.slot == Self.templateSlot else {
      check(child, scope: scope, into: &diagnostics)
      return
    }
    if let unboundIndex { diagnostics.unboundIndexNames.append(unboundIndex) }
    check(child, scope: itemScope, into: &diagnostics)
    if unboundIndex != nil { diagnostics.unboundIndexNames.removeLast() }
  }

  /// Where `children` are cut in two (the first child of the second half), when
  /// they are the array holding half of the split's document.
  private static func cut(_ children: [ComponentNode], in split: Split) -> Int? {
    guard children.count >= 2, let first = children.first?.location,
      let last = children.last?.location, first.hasPosition, last.hasPosition,
      // Bytes first, without a search: tokens are measured only for a large array.
      (last.offset - first.offset) * 4 >= split.document.bytes.count
    else { return nil }
    var starts: [Int] = []
    starts.reserveCapacity(children.count)
    var end = 0
    for child in children {
      guard child.location.hasPosition,
        let node = split.document.node(atOffset: child.location.offset)
      else { return nil }
      starts.append(node.tapeIndex)
      end = node.tapeEnd
    }
    return split.split.secondHalf(starts: starts, end: end)
  }

  /// The slot of a list's deprecated single `template`.
  static let templateSlot = "template"

  /// The scope inside an item of `node` when it is a list or grid view; nil otherwise.
  private func itemScope(of node: UnsafePointer<ComponentNode>, in scope: [String]) -> [String]? {
    guard node.pointee.builtIn?.isList == true else { return nil }
    let iterator = node.pointee.properties["iteratorName"]?.stringValue ?? "item"
    guard let index = ListItems.indexName(of: node.pointee, profile: profile) else {
      return scope + [iterator]
    }
    return scope + [index, iterator]
  }

  /// The name `node`'s items would give their index on web, when this profile binds
  /// none; nil otherwise.
  private func unboundIndexName(of node: UnsafePointer<ComponentNode>) -> String? {
    guard node.pointee.builtIn?.isList == true, profile != .web else { return nil }
    return node.pointee.properties["indexName"]?.stringValue ?? "index"
  }

  /// Calls `body` with the address of each element of `elements` from `start` on: an
  /// element read through the buffer's subscript is copied.
  private static func forEachElement<Element>(
    of elements: UnsafeBufferPointer<Element>, from start: Int = 0,
    _ body: (UnsafePointer<Element>) -> Void
  ) {
    guard let base = elements.baseAddress, start < elements.count else { return }
    for index in start..<elements.count { body(base + index) }
  }

  private func check(
    _ handler: UnsafePointer<EventHandler>, scope: [String], into diagnostics: inout Findings
  ) {
    var scope = scope
    let name = handler.pointee.name
    if let implicit = Self.implicitContexts[name] { scope.append(implicit) }
    handler.pointee.actions.withUnsafeBufferPointer { actions in
      Self.forEachElement(of: actions) {
        check($0, event: name, scope: scope, into: &diagnostics)
      }
    }
  }

  /// Checks the action at `action`, read in place (passed as a value, an action read
  /// from a buffer is copied).
  private func check(
    _ action: UnsafePointer<ActionNode>, event: String?, scope: [String],
    into diagnostics: inout Findings
  ) {
    if let (document, values) = action.pointee.fields.source {
      // Only the members holding `@{` (the expression-marker index).
      let location = action.pointee.location
      document.forEachValueHoldingMarkedStrings(values) { position, marked in
        let value = Int(values[position])
        let node = document.node(atTapeIndex: value)
        if node.kind == .object, document.key(ofValueAt: value, equals: "route"),
          node["screen"] != nil || node["fallback"] != nil
        {
          // Local screens are checked as screens: the rest of the route is read as data.
          checkRoute(node, base: location, scope: scope, into: &diagnostics)
          return
        }
        checkMarkedStrings(
          marked, in: node, base: location, key: document.key(ofValueAt: value),
          scope: scope, into: &diagnostics)
      }
    } else {
      checkFields(of: action.pointee, scope: scope, into: &diagnostics)
    }
    if action.pointee.builtIn == .setContext {
      checkTarget(of: action.pointee, scope: scope, into: &diagnostics)
    }
    action.pointee.events.withUnsafeBufferPointer { events in
      Self.forEachElement(of: events) { check($0, scope: scope, into: &diagnostics) }
    }
    // A local screen starts a scope of its own: no enclosing list's items either.
    // (Most actions have none: nothing to sort or set aside.)
    guard !action.pointee.screens.isEmpty else { return }
    let unboundIndexNames = diagnostics.unboundIndexNames
    diagnostics.unboundIndexNames = []
    let screens = action.pointee.screens.values.sorted {
      $0.location.pointer < $1.location.pointer
    }
    screens.withUnsafeBufferPointer { screens in
      Self.forEachElement(of: screens) { check($0, scope: [], into: &diagnostics) }
    }
    diagnostics.unboundIndexNames = unboundIndexNames
  }

  /// Checks the fields of an action materialised (not read from its document).
  private func checkFields(
    of action: ActionNode, scope: [String], into diagnostics: inout Findings
  ) {
    for (key, value) in action.fields.members {
      if key == "route" {
        checkRoute(value, base: action.location, scope: scope, into: &diagnostics)
        continue
      }
      checkStrings(in: value, base: action.location, key: key, scope: scope, into: &diagnostics)
    }
  }

  /// Checks an action's `route` field on the tape, without its local screens (a
  /// route with a repeated key is read materialised).
  private func checkRoute(
    _ route: JSONNode, base: SourceLocation, scope: [String], into diagnostics: inout Findings
  ) {
    let members = route.uniqueMembers.filter { $0.key != "screen" && $0.key != "fallback" }
    guard !route.mayRepeatKeys, !members.contains(where: { $0.value.mayRepeatKeys }) else {
      checkRoute(route.value, base: base, scope: scope, into: &diagnostics)
      return
    }
    for (_, member) in members {
      _ = member.forEachExpressionString { string in
        checkText(
          string, base: base, relative: { ["route"] + route.tokens(to: string) },
          scope: scope, into: &diagnostics)
      }
    }
  }

  /// Checks an action's `route` field as data, without its local screens.
  private func checkRoute(
    _ value: JSONValue, base: SourceLocation, scope: [String], into diagnostics: inout Findings
  ) {
    var value = value
    if case .object(var route) = value, route["screen"] != nil || route["fallback"] != nil {
      // Local screens are checked as screens, not as action data.
      route["screen"] = nil
      route["fallback"] = nil
      value = .object(route)
    }
    checkStrings(in: value, base: base, key: "route", scope: scope, into: &diagnostics)
  }

  /// A `setContext` whose literal `contextId` nothing in scope declares: iOS does
  /// nothing when it runs (docs/spec.md §7.1).
  private func checkTarget(of action: ActionNode, scope: [String], into diagnostics: inout Findings)
  {
    guard let id = Self.contextId(of: action), !id.containsExpressionMarker,
      !(Self.alwaysAvailable + scope).contains(id)
    else { return }
    let listed = (scope.reversed() + Self.alwaysAvailable).map { "'\($0)'" }.joined(
      separator: ", ")
    var candidates: [String] = []
    for name in scope.reversed() + [ContextScope.globalId] where !candidates.contains(name) {
      candidates.append(name)
    }
    diagnostics.diagnostics.append(
      CheckerMessage.setContextTargetNotInScope(
        id, suggestion: Suggestion.closest(to: id, among: candidates)
      ).diagnostic(
        at: action.location.pointer.appending("contextId"),
        offset: offset(action.location, ["contextId"]),
        notes: [
          "contexts in scope here: \(listed)",
          "\(ContextMessage.platformDoes(profile)) when the action runs",
        ]))
  }

  /// A `setContext`'s `contextId` when it is a string, read on the tape when the
  /// action is (not materialising the field).
  private static func contextId(of action: ActionNode) -> String? {
    guard let (document, values) = action.fields.source else {
      return action.fields["contextId"]?.stringValue
    }
    for value in values
    where document.key(ofValueAt: Int(value), equals: "contextId", keyIsASCII: true) {
      return document.node(atTapeIndex: Int(value)).stringValue
    }
    return nil
  }

  /// Checks the strings holding `@{` in `value`, a value on a document's tape (the
  /// field `key`): `marked`, its marked strings, decoding only those; their paths are
  /// found only for a diagnostic.
  private func checkMarkedStrings(
    _ marked: ArraySlice<UInt32>, in value: JSONNode, base: SourceLocation, key: String,
    scope: [String], into diagnostics: inout Findings, only path: [String]? = nil
  ) {
    // An object where a key repeats reads as its materialised value does.
    guard !value.mayRepeatKeys else {
      if let path {
        // The member as the render reads it: the last of a repeated key.
        checkString(
          at: path, in: value.value, key: key, base: base, scope: scope, into: &diagnostics)
        return
      }
      checkStrings(in: value.value, base: base, key: key, scope: scope, into: &diagnostics)
      return
    }
    let document = value.document
    for index in marked {
      let string = document.node(atTapeIndex: Int(index))
      if let path {
        // Only the string at `path` (a structure's member that takes an expression).
        let tokens = value.tokens(to: string)
        guard tokens == path else { continue }
        checkText(
          string, base: base, relative: { [key] + tokens }, scope: scope, into: &diagnostics)
        continue
      }
      checkText(
        string, base: base, relative: { [key] + value.tokens(to: string) }, scope: scope,
        into: &diagnostics)
    }
  }

  /// Checks the string at `path` inside `value` (the field `key`) when it holds `@{`: a
  /// structure's member that takes an expression (`style.display`), read as a value.
  private func checkString(
    at path: [String], in value: JSONValue, key: String, base: SourceLocation,
    scope: [String], into diagnostics: inout Findings
  ) {
    var member: JSONValue? = value
    for token in path { member = member?.objectValue?[token] }
    guard case .string(let text)? = member, text.containsExpressionMarker else { return }
    checkText(text, base: base, relative: { [key] + path }, scope: scope, into: &diagnostics)
  }

  private func checkStrings(
    in value: JSONValue, base: SourceLocation, key: String, scope: [String],
    into diagnostics: inout Findings
  ) {
    Self.expressionStrings(in: value, key: key) { text, relative in
      checkText(text, base: base, relative: { relative }, scope: scope, into: &diagnostics)
    }
  }

  /// Checks one string holding `@{` on a document's tape, at the path `relative`
  /// gives from `base`.
  private func checkText(
    _ string: JSONNode, base: SourceLocation, relative relativePath: () -> [String],
    scope: [String], into diagnostics: inout Findings
  ) {
    let result = diagnostics.check(
      string, with: checker,
      options: StringTemplate.Options(grammar: .init(checker.library.dialect)))
    report(result, base: base, relative: relativePath, scope: scope, into: &diagnostics)
  }

  /// Checks one string holding `@{`, at the path `relative` gives from `base`.
  private func checkText(
    _ text: String, base: SourceLocation, relative relativePath: () -> [String],
    scope: [String], into diagnostics: inout Findings
  ) {
    let result = diagnostics.check(
      text, with: checker,
      options: StringTemplate.Options(grammar: .init(checker.library.dialect)))
    report(result, base: base, relative: relativePath, scope: scope, into: &diagnostics)
  }

  /// The diagnostics of a string's check `result`, at the path `relative` gives
  /// from `base`.
  private func report(
    _ result: ExpressionCheck, base: SourceLocation, relative relativePath: () -> [String],
    scope: [String], into diagnostics: inout Findings
  ) {
    // Nearly every string checks clean: nothing is built for it.
    if result.diagnostics.isEmpty,
      result.contextIds.allSatisfy({ scope.contains($0) || Self.alwaysAvailable.contains($0) })
    {
      return
    }
    let unresolved = result.contextIds.filter {
      !scope.contains($0) && !Self.alwaysAvailable.contains($0)
    }
    // Nearly every string checks clean: its pointer and offset are found only
    // for a diagnostic.
    guard !result.diagnostics.isEmpty || !unresolved.isEmpty else { return }
    let relative = relativePath()
    var pointer = base.pointer
    for token in relative { pointer = pointer.appending(token) }
    let start = offset(base, relative).map { $0 + 1 }
    for error in result.diagnostics {
      var severity = Diagnostic.Severity.error
      // web-core never fails on a binding: what it cannot read is null or the text
      // as written, with a warning (docs/spec.md §5.7).
      var isBeagle2Operation = false
      if case .beagle2Operation = error { isBeagle2Operation = true }
      if isBeagle2Operation { severity = .warning }
      if profile == .web { severity = .warning }
      diagnostics.diagnostics.append(
        Diagnostic(
          severity, error.description, pointer: pointer,
          offset: start.map { $0 + error.range.lowerBound }, notes: notes(for: error),
          rule: isBeagle2Operation ? RuleCatalog.beagle2Operation : RuleCatalog.invalidExpression)
      )
    }
    for id in unresolved {
      let listed = (scope.reversed() + Self.alwaysAvailable).map { "'\($0)'" }.joined(
        separator: ", ")
      let message =
        diagnostics.unboundIndexNames.contains(id)
        ? CheckerMessage.indexOnlyOnWeb(id, profile: profile)
        : CheckerMessage.contextNotInScope(id)
      diagnostics.diagnostics.append(
        message.diagnostic(
          at: pointer, offset: start,
          notes: [
            "contexts in scope here: \(listed)",
            "the binding gives null unless '\(id)' exists when the screen runs",
          ]))
    }
  }

  /// `style`, whose member `display` alone takes an expression (``BuiltIns``' style
  /// fields): rendering evaluates it on every component (iOS's `Expression<Display>`).
  private static let style = "style"
  private static let display = "display"

  /// Calls `body` for every string inside `value` (the field `key`) that holds
  /// `@{`, with its path from the field's owner (`key` first), in document order.
  /// Paths are only built for those strings: most strings of a screen hold none.
  private static func expressionStrings(
    in value: JSONValue, key: String, _ body: (String, [String]) -> Void
  ) {
    switch value {
    case .string(let text):
      // Most fields hold one string: no path is built unless it is an expression.
      if text.containsExpressionMarker { body(text, [key]) }
      return
    case .array, .object:
      break
    default:
      return
    }
    var path = [key]
    func visit(_ value: JSONValue) {
      switch value {
      case .string(let text):
        if text.containsExpressionMarker { body(text, path) }
      case .array(let elements):
        for (index, element) in elements.enumerated() where element.mayHoldStrings {
          path.append(String(index))
          visit(element)
          path.removeLast()
        }
      case .object(let object):
        for (key, member) in object.members where member.mayHoldStrings {
          path.append(key)
          visit(member)
          path.removeLast()
        }
      default: break
      }
    }
    visit(value)
  }

  private func notes(for error: ExpressionError) -> [String] {
    switch error {
    case .unknownOperation where profile == .web:
      ["web-core logs a warning and evaluates this expression to null"]
    case .unknownOperation:
      ["iOS evaluates this expression to null"]
    case .unreadableOnWeb:
      []
    case .wrongArgumentCount:
      [
        "beagle-run evaluates the call as iOS's implementation does, which may not be what was meant"
      ]
    case .divisionByZero, .negativeSubstringLength, .removeIndexOnEmptyArray, .integerOverflow,
      .evaluationTooDeep, .evaluationTooLong, .beagle2Operation, .valueLimitExceeded:
      []
    case _ where profile == .web:
      ["web-core does not read this string as an expression: it shows the text as written"]
    default:
      ["iOS does not read this string as an expression: it shows the text as written"]
    }
  }
}

extension JSONValue {
  /// Whether the value is a string or a container (which may hold strings).
  fileprivate var mayHoldStrings: Bool {
    switch self {
    case .string, .array, .object: true
    default: false
    }
  }
}

/// A string on a document's tape, compared and hashed by its bytes as written.
///
/// Two words: the bytes' start and length are 32-bit, as offsets on the tape are
/// (inputs are at most ``InputLimit/bytes``); a large screen's table of them is held
/// at the check's peak of memory.
private struct WrittenString: Hashable {
  let document: JSONDocument
  private let start: UInt32
  private let count: UInt32

  init(_ node: JSONNode) {
    document = node.document
    let bytes = node.document.writtenBytes(ofStringAt: node.tapeIndex)
    start = UInt32(truncatingIfNeeded: bytes.lowerBound)
    count = UInt32(truncatingIfNeeded: bytes.count)
  }

  /// The bytes' range in ``document``.
  var bytes: Range<Int> { Int(start)..<(Int(start) + Int(count)) }

  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.bytes.count == rhs.bytes.count else { return false }
    return lhs.document.bytes.withUnsafeBufferPointer { left in
      rhs.document.bytes.withUnsafeBufferPointer { right in
        WrittenBytes.equal(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: left[lhs.bytes])),
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: right[rhs.bytes])))
      }
    }
  }

  /// The hasher is given one word, the bytes' ``WrittenBytes/digest(_:)``: hashing
  /// the bytes themselves cost about 280 instructions a lookup.
  func hash(into hasher: inout Hasher) {
    document.bytes.withUnsafeBufferPointer { buffer in
      hasher.combine(
        WrittenBytes.digest(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[bytes]))))
    }
  }
}
