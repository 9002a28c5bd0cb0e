import BeagleExpressions
import BeagleJSON

/// The items a `beagle:listView` or `beagle:gridView` renders from its
/// `dataSource` (docs/spec.md §2.8, iOS).
///
/// Each element of the evaluated data source becomes one item: an implicit
/// context named `iteratorName` (default `item`) holding the element, and the
/// first template whose `case` is true in that scope, else the first template
/// without a `case`. Ids inside an item get `":" + key` appended, where the key is
/// the element's value at the list's `key` path (an int, double or string) or, when
/// there is no `key` or the value is not a scalar, the item's index.
///
/// Under the web profile an item also sees its index, read-only, as a context named
/// `indexName` (default `index`), as web 2.x does; iOS 1.x and Android have no such
/// context (docs/spec.md §2.8, §10.23).
public struct ListItems: Sendable {
  /// The token that, after a list's path, introduces an item's index in a rendered
  /// path: `/child/@items/2/view/children/0` is the first child of the third item's
  /// template view. It cannot collide with a field name of a list.
  public static let itemsToken = "@items"
  /// The token between an item and its template view.
  public static let viewToken = "view"

  /// One item of a list.
  public struct Item: Sendable {
    public var index: Int
    public var element: ContextValue
    /// The template chosen for the element; nil when none applies (iOS renders
    /// nothing and logs "template not found").
    public var template: Template?
    /// What the ids inside the item get appended (`:3`).
    public var idSuffix: String
  }

  /// The iterator context's id.
  public var iteratorName: String
  /// The index context's id; nil when the profile has none (iOS, Android).
  public var indexName: String?
  /// The evaluated data source (a non-array shows zero items, docs/spec.md §2.8). A
  /// literal data source's elements stay in their document: an item reads the
  /// members its bindings reach, and builds nothing else.
  public var elements: [ContextValue]
  /// Whether the data source evaluated to an array.
  public var isArray: Bool
  private var templates: [Template]
  private var key: ContextPath?
  private var evaluator: PropertyEvaluator

  /// The items of `list` in `scope`, or nil when `list` is not a list or grid view
  /// rendered from templates (the deprecated static `children` form renders its
  /// children as they are). `profile` decides whether items see their index.
  public init?(
    of list: ComponentNode, in scope: ContextScope, evaluator: PropertyEvaluator,
    profile: NavigationProfile
  ) {
    guard list.builtIn?.isList == true else { return nil }
    var templates = list.templates
    if templates.isEmpty, let single = list.children.first(where: { $0.slot == "template" }) {
      templates = [Template(condition: nil, view: single, location: single.location)]
    }
    guard !templates.isEmpty else { return nil }
    self.templates = templates
    self.evaluator = evaluator
    iteratorName = list.properties["iteratorName"]?.stringValue ?? "item"
    indexName = Self.indexName(of: list, profile: profile)
    key = list.properties["key"]?.stringValue.flatMap { try? ContextPath(parsing: $0) }
    let field = list.definition?.field("dataSource")
    switch list.properties.member("dataSource") {
    case .document(let node)
    where node.kind == .array && PropertyEvaluator.keepsNonStrings(as: field):
      // A literal array evaluates to itself: its elements are read where they are.
      elements = node.elements.map(ContextValue.document)
      isArray = true
    case let stored:
      let source = stored.flatMap { evaluator.evaluate($0.value, as: field, in: scope) }
      if case .array(let elements) = source {
        self.elements = elements.map(ContextValue.value)
        isArray = true
      } else {
        elements = []
        isArray = false
      }
    }
  }

  /// The id of the index context of `list`'s items under `profile`: its `indexName`
  /// (default `index`) on web, nil elsewhere.
  public static func indexName(of list: ComponentNode, profile: NavigationProfile) -> String? {
    guard profile == .web else { return nil }
    return list.properties["indexName"]?.stringValue ?? "index"
  }

  /// The scope inside item `index`: `outer` plus the index context (web) and the
  /// iterator context, which wins when both have the same id.
  public func scope(_ outer: ContextScope, item element: ContextValue, index: Int) -> ContextScope {
    var scope = outer
    if let indexName { scope = scope.pushing(id: indexName, value: .int(index)) }
    return scope.pushing(id: iteratorName, content: element)
  }

  /// Item `index` with `element` (which may differ from the data source's when
  /// the item's context was written), its template chosen in `itemScope`.
  public func item(
    _ index: Int, element: ContextValue, in itemScope: ContextScope, parentSuffix: String
  ) -> Item {
    Item(
      index: index, element: element,
      template: templatePosition(in: itemScope).map { templates[$0] },
      idSuffix: idSuffix(index, element: element, parentSuffix: parentSuffix))
  }

  /// What the ids inside item `index` showing `element` get appended: `parentSuffix`,
  /// `:` and the element's key (``item(_:element:in:parentSuffix:)``'s ``Item/idSuffix``).
  func idSuffix(_ index: Int, element: ContextValue, parentSuffix: String) -> String {
    var keyText = String(index)
    if let key {
      switch element.value(at: key) {
      case .int(let value): keyText = String(value)
      case .double(let value): keyText = String(value)
      case .bigNumber(let text): keyText = text
      case .string(let text): keyText = text
      default: break
      }
    }
    return parentSuffix + ":" + keyText
  }

  /// Whether a component of an item may show an id, which then gets the item's
  /// ``idSuffix(_:element:parentSuffix:)``: a template's view or a component inside it
  /// (nested lists' templates included) has an id, or is a lazy component, whose
  /// answer may bring ids. When none can, rendering builds no suffix (a key read and
  /// two strings joined per item, for nothing).
  var mayShowIds: Bool {
    templates.withUnsafeBufferPointer { templates in
      guard let first = templates.baseAddress else { return false }
      return templates.indices.contains { position in
        (first + position).pointer(to: \.view).map(Self.mayShowIds(in:)) ?? true
      }
    }
  }

  /// Whether `node` or a component under it (children and list templates) has an id or
  /// is a lazy component. Its depth is bounded by the decoder's nesting limit, as
  /// rendering's.
  private static func mayShowIds(in node: UnsafePointer<ComponentNode>) -> Bool {
    if node.pointee.id != nil || node.pointee.builtIn == .lazyComponent { return true }
    let inChildren = node.pointee.children.withUnsafeBufferPointer { children in
      guard let first = children.baseAddress else { return false }
      return children.indices.contains { mayShowIds(in: first + $0) }
    }
    if inChildren { return true }
    return node.pointee.templates.withUnsafeBufferPointer { templates in
      guard let first = templates.baseAddress else { return false }
      return templates.indices.contains { position in
        (first + position).pointer(to: \.view).map(mayShowIds(in:)) ?? true
      }
    }
  }

  /// Calls `body` with the view of the template an item chooses in `itemScope`
  /// (``item(_:element:in:parentSuffix:)``'s ``Item/template``) read in place, or
  /// returns nil when none applies. Rendering reads the view this way: the item's
  /// copy of the template copied the view, with its dozen reference-counted fields.
  func withTemplateView<Result>(
    in itemScope: ContextScope, _ body: (UnsafePointer<ComponentNode>) -> Result
  ) -> Result? {
    guard let position = templatePosition(in: itemScope) else { return nil }
    return templates.withUnsafeBufferPointer { templates in
      guard let view = templates.baseAddress?.advanced(by: position).pointer(to: \.view) else {
        return nil
      }
      return body(view)
    }
  }

  /// How a template's `case` is read: a boolean or an expression giving one.
  public static let caseField = FieldSpec("case", .bool, acceptsExpression: true)

  /// The templates whose `case` an item evaluates in `itemScope`, in order: every one
  /// with a `case` up to and including the first that is true.
  public func templatesTried(in itemScope: ContextScope) -> [Template] {
    var tried: [Template] = []
    for template in templates {
      guard let condition = template.condition else { continue }
      tried.append(template)
      if evaluator.evaluate(condition, as: Self.caseField, in: itemScope) == .bool(true) { break }
    }
    return tried
  }

  /// The position of the template an item chooses in `scope`: the first whose `case`
  /// is true, else the first without a `case`; nil when none applies.
  private func templatePosition(in scope: ContextScope) -> Int? {
    for position in templates.indices {
      guard let condition = templates[position].condition else { continue }
      if evaluator.evaluate(condition, as: Self.caseField, in: scope) == .bool(true) {
        return position
      }
    }
    return templates.firstIndex { $0.condition == nil }
  }

  /// The rendered path of item `index` of the list at `listPath`.
  public static func itemPath(_ listPath: JSONPointer, index: Int) -> JSONPointer {
    listPath.appending(itemsToken).appending(index)
  }
}
