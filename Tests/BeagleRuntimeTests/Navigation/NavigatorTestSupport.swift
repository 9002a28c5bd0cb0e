import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A screen with `route` and, when given, an `identifier` and an `id`; `isLocal` for
/// a screen from a local route.
func screen(
  _ route: String, identifier: String? = nil, id: String? = nil, isLocal: Bool = false
) -> Screen {
  var properties = JSONObject()
  if let identifier { properties["identifier"] = .string(identifier) }
  let root = ComponentNode(
    type: "beagle:screenComponent",
    definition: Registry.builtIn.component(named: "beagle:screenComponent"), id: id,
    properties: LazyJSONObject(properties),
    location: SourceLocation(pointer: JSONPointer(), offset: 0))
  var screen = Screen(route: route, root: root)
  screen.isLocal = isLocal
  return screen
}

/// The routes of every stack, bottom first.
func routes(_ navigator: Navigator) -> [[String]] {
  navigator.stacks.map { $0.screens.map(\.route) }
}

/// Runs `operation` on `navigator` and checks the invariants that must hold after
/// every operation: at least one stack, no empty stack, `from` is the old top,
/// `to` is the new top when the stacks changed, and stacks change iff the event
/// says so.
@discardableResult
func perform(
  _ navigator: inout Navigator, _ operation: (inout Navigator) -> NavigationEvent,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> NavigationEvent {
  let before = navigator
  let event = operation(&navigator)
  checkInvariants(navigator, event, before: before, sourceLocation: sourceLocation)
  return event
}

func checkInvariants(
  _ navigator: Navigator, _ event: NavigationEvent, before: Navigator,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  #expect(!navigator.stacks.isEmpty, "no stack left", sourceLocation: sourceLocation)
  #expect(
    navigator.stacks.allSatisfy { !$0.screens.isEmpty }, "an empty stack",
    sourceLocation: sourceLocation)
  #expect(navigator.currentStack == navigator.stacks.last, sourceLocation: sourceLocation)
  #expect(
    navigator.topScreen.route == navigator.stacks.last?.screens.last?.route,
    sourceLocation: sourceLocation)
  #expect(event.from == before.topScreen.route, sourceLocation: sourceLocation)
  switch event.kind {
  case .none:
    #expect(navigator.stacks == before.stacks, sourceLocation: sourceLocation)
    #expect(event.to == nil && event.direction == nil && event.transition == nil)
    #expect(!event.log.isEmpty, "a no-op must say why", sourceLocation: sourceLocation)
  case .external:
    #expect(navigator.stacks == before.stacks, sourceLocation: sourceLocation)
  default:
    #expect(navigator.stacks != before.stacks, sourceLocation: sourceLocation)
    #expect(event.to == navigator.topScreen.route, sourceLocation: sourceLocation)
    #expect(event.direction != nil && event.transition != nil, sourceLocation: sourceLocation)
  }
}

/// A navigator holding `stacks` (routes, bottom first), built with push and pushStack.
func navigator(_ stacks: [[String]], profile: NavigationProfile = .ios) -> Navigator {
  let first = stacks.first?.first ?? "/"
  var navigator = Navigator(root: screen(first), profile: profile)
  for (index, stack) in stacks.enumerated() {
    for (position, route) in stack.enumerated() where index > 0 || position > 0 {
      if position == 0 {
        perform(&navigator) { $0.pushStack(screen(route)) }
      } else {
        perform(&navigator) { $0.push(screen(route)) }
      }
    }
  }
  return navigator
}
