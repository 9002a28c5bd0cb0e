import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleRendering

@Suite struct GraphRendererEscapingTests {
  @Test(
    "DOT strings escape backslashes, quotes and line breaks",
    arguments: [
      (#"plain"#, #""plain""#),
      (#"say "hi""#, #""say \"hi\"""#),
      (#"a\b"#, #""a\\b""#),
      ("two\nlines", #""two\nlines""#),
    ])
  func dot(text: String, expected: String) {
    #expect(GraphDotRenderer.quoted(text) == expected)
  }

  @Test(
    "Mermaid labels use entity codes for characters its syntax reads",
    arguments: [
      (#"Home "beta""#, "Home #quot;beta#quot;"),
      ("a#b", "a#35;b"),
      ("<b>&</b>", "#lt;b#gt;#amp;#lt;/b#gt;"),
      ("a|b", "a#124;b"),
      ("/u/@{id}", "/u/#64;{id}"),
    ])
  func mermaid(text: String, expected: String) {
    #expect(GraphMermaidRenderer.escape(text) == expected)
  }
}

@Suite struct GraphJSONRendererTests {
  @Test("the JSON text is the pretty printer's text of the JSON value, byte for byte")
  func sameAsPrinter() throws {
    let odd = "tab\there \"quoted\" back\\slash \u{01}\u{1F} línea\nnueva 🚀"
    let graph = NavigationGraph(
      nodes: [
        GraphNode(id: 0, kind: .screen, route: "/", title: odd, source: "index.json"),
        GraphNode(id: 1, kind: .local, route: odd, at: JSONPointer(["a", "b/c", "~"])),
        GraphNode(id: 2, kind: .missing, route: "/x", decodeErrors: 2, firstDecodeError: odd),
      ],
      edges: [
        GraphEdge(
          from: 0, to: 1, action: "beagle:pushView", route: odd, kind: .push,
          direction: .forward, transition: "fade 0.5s", at: JSONPointer(), component: "a\"b",
          isFallback: true, expression: "@{x}")
      ],
      flags: [
        GraphFlag(.deadLink, odd, node: 0, at: JSONPointer(["child"])),
        GraphFlag(.unreachableScreen, isNote: true, "x"),
      ])
    let value = GraphJSONRenderer.value(of: graph, entryName: odd)
    #expect(
      GraphJSONRenderer.text(of: graph, entryName: odd)
        == JSONPrinter(style: .pretty).print(value))
    let empty = NavigationGraph()
    #expect(
      GraphJSONRenderer.text(of: empty, entryName: "e")
        == JSONPrinter(style: .pretty).print(GraphJSONRenderer.value(of: empty, entryName: "e")))
  }
}
