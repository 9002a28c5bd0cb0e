extension ScriptStep {
  /// One form of a step, as the help shows it.
  public struct Form: Sendable, Equatable {
    /// The step's first word (`expect`).
    public var word: String
    /// The form with its arguments: `expect text "…"`.
    public var usage: String
    /// What it does.
    public var summary: String
  }

  /// Every step the script parser reads, in the help's order. The parser's list of
  /// steps (for "did you mean") and of expectations come from here, and so does the
  /// help's SCRIPT STEPS, so a new step cannot be left out of either.
  public static let forms: [Form] = [
    Form(
      word: "tap", usage: "tap TARGET",
      summary: "press a button, a touchable or a navigation bar item"),
    Form(
      word: "type", usage: "type TARGET \"TEXT\"",
      summary: "type into a text input, firing its events"),
    Form(
      word: "event", usage: "event TARGET NAME [JSON]",
      summary: "fire any event of a component, with an optional value"),
    Form(word: "back", usage: "back", summary: "the system back gesture"),
    Form(word: "action", usage: "action JSON", summary: "run an action in the top screen's scope"),
    Form(
      word: "choose", usage: "choose \"LABEL\"",
      summary: "press a button of the open alert or confirm"),
    Form(
      word: "respond", usage: "respond STATUS [JSON]",
      summary: "answer the oldest pending request (status 100-599)"),
    Form(
      word: "respond", usage: "respond #ID STATUS [JSON]",
      summary: "answer the pending request with that id"),
    Form(
      word: "respond", usage: "respond METHOD URL STATUS [JSON]",
      summary: "answer the oldest pending request with that method and URL"),
    Form(word: "expect", usage: "expect text \"…\"", summary: "the screen shows this text"),
    Form(word: "expect", usage: "expect no-text \"…\"", summary: "the screen does not show it"),
    Form(word: "expect", usage: "expect title \"…\"", summary: "the top screen's title"),
    Form(word: "expect", usage: "expect stacks N", summary: "how many navigation stacks"),
    Form(word: "expect", usage: "expect depth N", summary: "how many screens the top stack holds"),
  ]

  /// The step words, each once, in the help's order.
  static var words: [String] {
    var seen: Set<String> = []
    return forms.map(\.word).filter { seen.insert($0).inserted }
  }

  /// What follows `expect`: `text`, `no-text`, `title`, `stacks`, `depth`.
  static var expectations: [String] {
    forms.filter { $0.word == "expect" }.compactMap {
      $0.usage.split(separator: " ").dropFirst().first.map(String.init)
    }
  }
}
