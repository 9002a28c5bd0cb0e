/// What a field of a component or action holds, which decides how it is decoded
/// and checked.
public indirect enum FieldKind: Sendable, Equatable {
  case string
  case bool
  case int
  case number
  /// One of fixed upper-case values (iOS matches them case-sensitively).
  case enumeration([String])
  /// Any JSON object (style, accessibility, safe area, a string map, …).
  case object
  /// Any JSON array of plain data.
  case array
  /// Any JSON value, free-form data (`setContext.value`, `sendRequest.data`).
  case any
  /// One component.
  case component
  /// An array of components.
  case components
  /// An action list (an event such as `onPress`).
  case actions
  /// A single action (`alert.onPressOk`, a navigation bar item's `action`).
  case action
  /// A `{id, value}` context declaration.
  case context
  /// A navigation route: a local `screen` or a remote `url`.
  case route
  /// A `{_beagleImagePath_, …}` image path.
  case imagePath
  /// A tab icon: iOS reads only its `mobileId` (`TabBarItem`, `TabItem`), needs no
  /// `_beagleImagePath_` and ignores an icon that is not an object.
  case tabIcon
  /// `tabView.children`: plain `{title?, icon?, child}` tab items (iOS `TabItem`),
  /// decoded as tab items whether or not they name a component type.
  case tabItems
  /// A screen's navigation bar.
  case navigationBar
  /// A list's `templates`: `[{case?, view}]`.
  case templates
  /// A screen object (route `screen` and `fallback`).
  case screen
  /// An array of objects each described by the given fields (tabBar items, …).
  case objects([FieldSpec])
  /// An object described by the given fields (httpAdditionalData, …).
  case structure([FieldSpec])
  /// `addChildren.value`: components, or an expression that yields them.
  case componentsOrExpression
  /// An action's `analytics`: a bool or `{attributes?, additionalEntries?}`.
  case analytics

  /// Whether decoding this field produces components or actions rather than
  /// plain property data.
  var holdsNodes: Bool {
    switch self {
    case .component, .components, .actions, .action, .templates, .screen, .navigationBar,
      .context, .tabItems:
      true
    default:
      false
    }
  }

  /// Whether the field is plain data checked on its JSON type alone (no nested
  /// fields, nodes, routes or image paths).
  var isPlainData: Bool {
    switch self {
    case .string, .bool, .int, .number, .enumeration, .object, .array, .any, .analytics:
      true
    default:
      false
    }
  }

  /// Whether a value of this kind holds data alone, however nested: plain data, image
  /// paths, and structures of those. Decoding one keeps nothing but its diagnostics.
  var holdsDataAlone: Bool {
    switch self {
    case .imagePath: true
    case .structure(let specs), .objects(let specs): specs.allSatisfy(\.holdsDataAlone)
    default: isPlainData
    }
  }

  /// The kind as diagnostics and the manifest name it.
  public var name: String {
    switch self {
    case .string: "a string"
    case .bool: "a boolean"
    case .int: "an integer"
    case .number: "a number"
    case .enumeration: "a string"
    case .object, .structure, .context, .navigationBar, .imagePath, .route, .screen, .tabIcon:
      "an object"
    case .array, .objects, .components, .templates, .tabItems: "an array"
    case .any: "any value"
    case .component: "a component"
    case .actions: "an array of actions"
    case .action: "an action"
    case .componentsOrExpression: "an array of components or an expression"
    case .analytics: "a boolean or an object"
    }
  }
}

/// One field of a component or action definition.
public struct FieldSpec: Sendable, Equatable {
  public var name: String {
    didSet {
      isASCIIName = Self.isASCII(name)
      nameKey = FieldNameKey(name)
    }
  }
  /// Whether ``name`` is all ASCII, worked out once: a key of another length can then
  /// only be the same name if it is not all ASCII (U+212A KELVIN SIGN is "K").
  private(set) var isASCIIName: Bool
  /// ``name``'s length and first bytes, which a decoder compares keys with.
  private(set) var nameKey: FieldNameKey
  public var kind: FieldKind {
    didSet {
      holdsNodes = kind.holdsNodes
      isPlainData = kind.isPlainData
      holdsDataAlone = kind.holdsDataAlone
    }
  }
  /// ``FieldKind/holdsNodes`` of ``kind``, worked out once (reading it from the
  /// kind copies the kind).
  private(set) var holdsNodes: Bool
  /// ``FieldKind/isPlainData`` of ``kind``, worked out once.
  private(set) var isPlainData: Bool
  /// ``FieldKind/holdsDataAlone`` of ``kind``, worked out once (the nested specs'
  /// own, already worked out).
  private(set) var holdsDataAlone: Bool
  /// Whether iOS fails to decode the type without this field.
  public var isRequired: Bool
  /// Whether the field accepts a `@{…}` expression in place of its value.
  public var acceptsExpression: Bool
  /// Why the field is deprecated and what to use instead, if it is.
  public var deprecation: String?

  public init(
    _ name: String, _ kind: FieldKind, isRequired: Bool = false, acceptsExpression: Bool = false,
    deprecation: String? = nil
  ) {
    self.name = name
    self.isASCIIName = Self.isASCII(name)
    self.nameKey = FieldNameKey(name)
    self.kind = kind
    self.holdsNodes = kind.holdsNodes
    self.isPlainData = kind.isPlainData
    self.holdsDataAlone = kind.holdsDataAlone
    self.isRequired = isRequired
    self.acceptsExpression = acceptsExpression
    self.deprecation = deprecation
  }

  static func isASCII(_ text: String) -> Bool {
    var text = text
    // On the contiguous bytes: much faster than iterating `utf8`.
    return text.withUTF8 { bytes in
      var combined: UInt8 = 0
      for byte in bytes { combined |= byte }
      return combined < 0x80
    }
  }
}
