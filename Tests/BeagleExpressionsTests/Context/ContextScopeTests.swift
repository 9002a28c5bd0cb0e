import BeagleJSON
import Testing

@testable import BeagleExpressions

/// A scope pushed context by context is the scope built from the list of contexts
/// (docs/spec.md §4.2: a component sees its own context and its ancestors', the
/// nearest wins, and `global` is always the global context).
@Suite struct ContextScopeTests {
  static let listed = ContextScope(
    [("user", ["name": "Ana"]), ("cart", [1, 2]), ("user", ["name": "Bia"])], global: "g")

  static var pushed: ContextScope {
    ContextScope(global: "g").pushing(id: "user", value: ["name": "Ana"])
      .pushing(id: "cart", value: [1, 2]).pushing(id: "user", value: ["name": "Bia"])
  }

  @Test("pushing one context at a time gives the listed contexts, outermost first")
  func pushedIsListed() {
    let pushed = Self.pushed
    #expect(pushed.contexts.map(\.id) == ["user", "cart", "user"])
    #expect(pushed.contexts.map(\.value) == [["name": "Ana"], [1, 2], ["name": "Bia"]])
    #expect(pushed == Self.listed)
    #expect(pushed.hashValue == Self.listed.hashValue)
    #expect(ContextScope().contexts.isEmpty)
  }

  @Test("the nearest context wins; 'global' is the global context; unknown ids are nil")
  func lookup() {
    let scope = Self.pushed
    #expect(scope.value(ofContext: "user") == ["name": "Bia"])
    #expect(scope.value(ofContext: "cart") == [1, 2])
    #expect(scope.value(ofContext: "global") == "g")
    #expect(scope.value(ofContext: "missing") == nil)
    #expect(scope.value(ofContext: "user", at: [.key("name")]) == "Bia")
  }

  @Test("a pushed scope leaves the one it was pushed on as it was")
  func pushingKeepsTheOuterScope() {
    let outer = ContextScope(global: "g").pushing(id: "a", value: 1)
    let inner = outer.pushing(id: "a", value: 2)
    #expect(outer.value(ofContext: "a") == 1)
    #expect(inner.value(ofContext: "a") == 2)
    #expect(outer.contexts.count == 1)
    #expect(inner.contexts.count == 2)
    #expect(outer != inner)
  }

  @Test(
    "scopes differ when a context, their number, their order or the global value differs",
    arguments: [
      ContextScope([("user", ["name": "Ana"]), ("cart", [1, 2])], global: "g"),
      ContextScope(
        [("user", ["name": "Ana"]), ("cart", [1, 2]), ("user", ["name": "Bia"]), ("x", 1)],
        global: "g"),
      ContextScope(
        [("user", ["name": "Ana"]), ("cart", [1, 3]), ("user", ["name": "Bia"])], global: "g"),
      ContextScope(
        [("cart", [1, 2]), ("user", ["name": "Ana"]), ("user", ["name": "Bia"])], global: "g"),
      ContextScope(
        [("user", ["name": "Ana"]), ("cart", [1, 2]), ("user", ["name": "Bia"])], global: "h"),
    ])
  func differences(other: ContextScope) {
    #expect(Self.pushed != other)
    #expect(other != Self.pushed)
  }

  @Test("setting the contexts replaces them")
  func settingContexts() {
    var scope = Self.pushed
    scope.contexts = [ContextScope.Entry(id: "only", value: 7)]
    #expect(scope.contexts.map(\.id) == ["only"])
    #expect(scope.value(ofContext: "user") == nil)
    #expect(scope == ContextScope([("only", 7)], global: "g"))
  }
}
