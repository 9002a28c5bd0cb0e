import BeagleJSON
import BeagleRuntime

/// A navigation of a checked screen to a literal route no file of the file BFF
/// serves (and, for a `popToView`, no local screen has): what
/// ``CheckCommand/missingRoutes(in:document:bffFolder:isNamed:firstRoute:nativeRoutes:checkedFile:folderIdentifiers:environment:)``
/// found, before it decides how to say it.
///
/// It keeps of its action only what its warning says (a screen's dead routes are
/// listed while the binding check runs beside, at the run's peak of memory: an
/// action is nine words, and holds its nested lists).
struct DeadRoute {
  /// Where the action is.
  var location: SourceLocation
  /// Whether the action is a `popToView`.
  var isPop: Bool
  /// The action's ``ActionNode/shortName`` (`pushView`).
  var actionName: String
  var url: String
  /// The files the BFF looked for (`cart.json`, `cart/index.json`).
  var candidates: [String]
  /// The closest route served (or, for a pop, local identifier), if one is close.
  var suggestion: String?

  init(action: ActionNode, url: String, candidates: [String], suggestion: String?) {
    location = action.location
    isPop = action.builtIn == .popToView
    actionName = action.shortName
    self.url = url
    self.candidates = candidates
    self.suggestion = suggestion
  }

  /// The pointer and byte offset of the route as written: a pop's `route`, a push's
  /// `route.url` (the action's own offset when the document has no such node).
  func place(in document: JSONDocument?) -> (pointer: JSONPointer, offset: Int?) {
    let path = isPop ? ["route"] : ["route", "url"]
    let offset =
      location.hasPosition
      ? document?.node(atOffset: location.offset)?.descendant(path)?.offset ?? location.offset
      : nil
    var pointer = location.pointer
    for token in path { pointer = pointer.appending(token) }
    return (pointer, offset)
  }

  /// The warning of this navigation alone, with its "did you mean".
  func diagnostic(folder: String, document: JSONDocument?) -> Diagnostic {
    let why = NavigationError.screenNotFound(url: url, root: folder, candidates: candidates)
      .description
    let (pointer, offset) = place(in: document)
    let message =
      isPop
      ? RouteCheckMessage.popTargetNotFound(why: why, route: url, suggestion: suggestion)
      : RouteCheckMessage.routeNotFound(
        action: actionName, why: why, suggestion: suggestion)
    return message.diagnostic(at: pointer, offset: offset)
  }
}
