import Testing

@testable import BeagleRendering

/// Beagle's hex colours (docs/spec.md §1.6): `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`,
/// alpha last.
@Suite struct CSSColorTests {
  @Test(
    "hex colours become rgba() from their numbers",
    arguments: [
      ("#F00", "rgba(255, 0, 0, 1)"),
      ("#0F08", "rgba(0, 255, 0, 0.533)"),
      ("#1A2B3C", "rgba(26, 43, 60, 1)"),
      ("#FF000080", "rgba(255, 0, 0, 0.502)"),
      ("#00000000", "rgba(0, 0, 0, 0)"),
      ("abc", "rgba(170, 187, 204, 1)"),
    ])
  func valid(hex: String, css: String) {
    #expect(CSSColor(hex: hex)?.css == css)
  }

  @Test(
    "anything else is no colour",
    arguments: ["", "#", "#12", "#12345", "#1234567", "red", "#GGG", "#12;}", "#１２３"])
  func invalid(hex: String) {
    #expect(CSSColor(hex: hex) == nil)
  }
}
