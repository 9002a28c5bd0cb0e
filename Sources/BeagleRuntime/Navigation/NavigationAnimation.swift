import BeagleJSON

/// The animations Beagle iOS runs when it navigates (`BeagleNavigatorAnimation`).
///
/// The manifest key `navigation.defaultAnimation` configures it:
///
/// ```json
/// {"pushTransition": {"type": "moveIn", "subtype": "fromRight", "duration": 0.3},
///  "popTransition": {"type": "reveal"},
///  "modalPresentationStyle": "fullScreen"}
/// ```
///
/// Every key is optional. An absent push or pop transition means the platform's own
/// navigation-controller animation (iOS adds no `CATransition` then); an absent
/// modal presentation style means `automatic` (iOS 13 and later); the modal
/// transition style defaults to `coverVertical`, as in iOS.
public struct NavigationAnimation: Sendable, Equatable {
  /// A `CATransition` description: `type`, optional `subtype`, `duration` in seconds.
  public struct Transition: Sendable, Equatable {
    /// `CATransitionType` names.
    public static let types = ["fade", "moveIn", "push", "reveal"]
    /// `CATransitionSubtype` names.
    public static let subtypes = ["fromRight", "fromLeft", "fromTop", "fromBottom"]

    public var type: String
    public var subtype: String?
    public var duration: Double

    /// iOS's defaults: `moveIn`, no subtype, 0.5 s.
    public init(type: String = "moveIn", subtype: String? = nil, duration: Double = 0.5) {
      self.type = type
      self.subtype = subtype
      self.duration = duration
    }
  }

  /// `UIModalPresentationStyle` names.
  public static let modalPresentationStyles = [
    "automatic", "fullScreen", "pageSheet", "formSheet", "currentContext", "custom",
    "overFullScreen", "overCurrentContext", "popover", "none",
  ]
  /// `UIModalTransitionStyle` names.
  public static let modalTransitionStyles = [
    "coverVertical", "flipHorizontal", "crossDissolve", "partialCurl",
  ]

  /// The transition of pushes (nil: the platform's default push animation).
  public var pushTransition: Transition?
  /// The transition of pops (nil: the platform's default pop animation).
  public var popTransition: Transition?
  /// How pushed stacks are presented.
  public var modalPresentationStyle: String
  /// How pushed stacks animate in and out.
  public var modalTransitionStyle: String

  /// The animation with iOS's defaults when nothing is configured.
  public init(
    pushTransition: Transition? = nil, popTransition: Transition? = nil,
    modalPresentationStyle: String = "automatic", modalTransitionStyle: String = "coverVertical"
  ) {
    self.pushTransition = pushTransition
    self.popTransition = popTransition
    self.modalPresentationStyle = modalPresentationStyle
    self.modalTransitionStyle = modalTransitionStyle
  }

  /// Reads the value of the manifest key `navigation.defaultAnimation`.
  ///
  /// - Throws: ``NavigationError`` for an unknown key, a wrong type or a name
  ///   outside the iOS enumerations.
  public init(parsing value: JSONValue) throws(NavigationError) {
    let owner = "defaultAnimation"
    let object = try Self.object(value, field: owner)
    self.init()
    for (key, member) in object.members {
      switch key {
      case "pushTransition": pushTransition = try Self.transition(member, field: key)
      case "popTransition": popTransition = try Self.transition(member, field: key)
      case "modalPresentationStyle":
        modalPresentationStyle = try Self.name(
          member, field: key, allowed: Self.modalPresentationStyles)
      case "modalTransitionStyle":
        modalTransitionStyle = try Self.name(
          member, field: key, allowed: Self.modalTransitionStyles)
      default: throw .unknownField(key, owner: "'\(owner)'")
      }
    }
  }

  private static func transition(
    _ value: JSONValue, field: String
  ) throws(NavigationError)
    -> Transition
  {
    var transition = Transition()
    for (key, member) in try object(value, field: field).members {
      let path = "\(field).\(key)"
      switch key {
      case "type": transition.type = try name(member, field: path, allowed: Transition.types)
      case "subtype":
        transition.subtype =
          member.isNull ? nil : try name(member, field: path, allowed: Transition.subtypes)
      case "duration":
        guard let seconds = member.doubleValue, seconds >= 0, seconds.isFinite else {
          throw .wrongType(
            field: path, expected: "a number of seconds (0 or more)", found: describeValue(member))
        }
        transition.duration = seconds
      default: throw .unknownField(key, owner: "'\(field)'")
      }
    }
    return transition
  }

  private static func object(
    _ value: JSONValue, field: String
  ) throws(NavigationError)
    -> JSONObject
  {
    guard let object = value.objectValue else {
      throw .wrongType(field: field, expected: "an object", found: describeValue(value))
    }
    return object
  }

  private static func name(
    _ value: JSONValue, field: String, allowed: [String]
  )
    throws(NavigationError) -> String
  {
    guard let name = value.stringValue else {
      throw .wrongType(field: field, expected: "a string", found: describeValue(value))
    }
    guard allowed.contains(name) else {
      throw .invalidValue(field: field, value: name, allowed: allowed)
    }
    return name
  }
}

/// Describes a JSON value for error messages: `the string '/x'`, `an array`, `null`.
func describeValue(_ value: JSONValue) -> String {
  switch value {
  case .string(let text): "the string '\(text)'"
  case .null: "null"
  case .bool(let flag): "the boolean \(flag)"
  case .int, .double, .bigNumber: "the number \(value)"
  case .array: "an array"
  case .object: "an object"
  }
}

/// The animation an operation would run on a device, as the event reports it.
public struct NavigationTransition: Sendable, Equatable {
  /// What kind of animation: within a stack (`push`, `pop`), between stacks
  /// (`present`, `dismiss`) or none at all (`replace`: the stack or the window's
  /// root is swapped).
  public enum Style: String, Sendable, Equatable {
    case push, pop, present, dismiss, replace
  }

  public var style: Style
  /// For `push` and `pop`: the configured transition, nil for the platform default.
  public var animation: NavigationAnimation.Transition?
  /// For `present` and `dismiss`: the modal presentation style.
  public var modalPresentationStyle: String?
  /// For `present` and `dismiss`: the modal transition style.
  public var modalTransitionStyle: String?

  public init(
    style: Style, animation: NavigationAnimation.Transition? = nil,
    modalPresentationStyle: String? = nil, modalTransitionStyle: String? = nil
  ) {
    self.style = style
    self.animation = animation
    self.modalPresentationStyle = modalPresentationStyle
    self.modalTransitionStyle = modalTransitionStyle
  }

  /// The transition `style` takes under `configuration`.
  public init(_ style: Style, in configuration: NavigationAnimation) {
    switch style {
    case .push: self.init(style: style, animation: configuration.pushTransition)
    case .pop: self.init(style: style, animation: configuration.popTransition)
    case .present, .dismiss:
      self.init(
        style: style, modalPresentationStyle: configuration.modalPresentationStyle,
        modalTransitionStyle: configuration.modalTransitionStyle)
    case .replace: self.init(style: style)
    }
  }
}
