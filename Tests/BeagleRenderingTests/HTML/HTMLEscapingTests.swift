import Testing

@testable import BeagleRendering

@Suite struct HTMLEscapingTests {
  @Test(
    "payload text is escaped for text and attributes",
    arguments: [
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
      (#"" onmouseover="x"#, "&quot; onmouseover=&quot;x"),
      ("it's a & b", "it&#39;s a &amp; b"),
      ("</style><b>", "&lt;/style&gt;&lt;b&gt;"),
      ("line\nbreak", "line\nbreak"),
      ("bell\u{07}", "bell\\u{7}"),
      ("plain", "plain"),
    ])
  func escaped(text: String, html: String) {
    #expect(text.htmlEscaped == html)
  }
}
