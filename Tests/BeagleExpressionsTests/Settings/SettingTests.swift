import BeagleExpressions
import Testing

@Suite struct SettingTests {
  private static func spell(_ setting: Setting) -> String { "<\(setting.rawValue)>" }

  @Test("each reference a message holds is spelled by the front end, the rest kept")
  func spelling() {
    let text =
      "within 10 s (\(setting: .timeout)); give \(setting: .bffFolder) or \(setting: .baseURL)"
    #expect(
      text.spellingSettings(Self.spell) == "within 10 s (<timeout>); give <bffFolder> or <baseURL>")
  }

  @Test(
    "text that only looks like a reference is kept as it is",
    arguments: [
      "plain text", "", "\u{E000}", "\u{E000}timeout", "\u{E000}nope\u{E001}",
      "a\u{E000}\u{E001}b", "\u{E001}timeout\u{E000}",
    ])
  func notReferences(text: String) {
    #expect(text.spellingSettings(Self.spell) == text)
  }

  @Test("a stray opening character before a reference does not hide it")
  func strayOpening() {
    let text = "\u{E000}x " + Setting.mocks.reference
    #expect(text.spellingSettings(Self.spell) == "\u{E000}x <mocks>")
  }
}
