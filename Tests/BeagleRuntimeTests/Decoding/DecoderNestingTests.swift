import Testing

@testable import BeagleJSON
@testable import BeagleRuntime

/// Memory stays linear in nesting depth: each decoded node's pointer is its
/// parent's with tokens appended, not a copy of every token above it.
@Suite struct DecoderNestingTests {
  @Test("nested actions' pointers are built on their parents' pointers")
  func nestedActionsSharePointers() throws {
    var action = #"{"_beagleAction_": "beagle:alert", "message": "end"}"#
    for _ in 0..<80 {
      action =
        #"{"_beagleAction_": "beagle:condition", "condition": true, "onTrue": ["# + action + "]}"
    }
    let result = try decode(
      #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": ["# + action + "]}")
    #expect(result.diagnostics == [])
    var current = try #require(result.root?.events.first?.actions.first)
    var depth = 1
    while let nested = current.events.first?.actions.first {
      #expect(nested.location.pointer.isBuilt(on: current.location.pointer))
      #expect(nested.location.pointer.count == current.location.pointer.count + 2)
      current = nested
      depth += 1
    }
    #expect(depth == 81)
    #expect(current.location.pointer.description.hasPrefix("/onPress/0/onTrue/0/onTrue/0/"))
  }
}
