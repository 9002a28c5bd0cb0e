import BeagleExpressions
import BeagleJSON
import Testing

@testable import BeagleRuntime

/// A screen's binding strings are parsed once each, told apart by their UTF-8 bytes
/// (``BindingTemplates``): a text spelled in two normal forms is two texts, and each
/// renders as written.
@Suite struct BindingTemplatesTests {
  let composed = "Olá @{name}"
  let decomposed = "Ola\u{301} @{name}"

  @Test("two spellings of one text in different normal forms are two entries")
  func normalForms() {
    #expect(composed == decomposed)
    var templates = BindingTemplates()
    templates[composed] = StringTemplate(composed)
    #expect(templates[composed] == StringTemplate(composed))
    #expect(templates[decomposed] == nil)
    templates[decomposed] = StringTemplate(decomposed)
    #expect(templates.count == 2)
  }

  @Test("each spelling renders with its own bytes")
  func rendersAsWritten() throws {
    let text = """
      {"_beagleComponent_": "beagle:screenComponent",
       "context": {"id": "name", "value": "Ana"},
       "child": {"_beagleComponent_": "beagle:container", "children": [
         {"_beagleComponent_": "beagle:text", "text": "\(composed)"},
         {"_beagleComponent_": "beagle:text", "text": "\(decomposed)"}]}}
      """
    let root = try #require(try decode(text).root)
    let screen = Screen(route: "/", root: root)
    #expect(screen.parsedBindings.count == 2)
    let rendered = ScreenEvaluator().evaluate(screen, global: .null)
    let texts = rendered.children[0].children.compactMap { $0.properties["text"]?.stringValue }
    #expect(texts.map { Array($0.utf8) } == [Array("Olá Ana".utf8), Array("Ola\u{301} Ana".utf8)])
  }
}
