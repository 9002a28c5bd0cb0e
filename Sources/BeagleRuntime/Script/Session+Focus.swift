import BeagleJSON

extension Session {
  /// Gives focus to `input` on the top screen, as a touch on it does on a device:
  /// the field that had focus loses it first (`onBlur`), then `input` runs `onFocus`
  /// with its current text. Nothing happens when `input` already has focus (iOS
  /// calls `textFieldDidBeginEditing` only when editing begins).
  mutating func focus(_ input: ComponentNode) {
    let origin = originOnTop(input.location.pointer)
    if let focused = context.focusedInput, focused.origin == origin { return }
    blurFocusedInput()
    let current = input.properties["value"]?.stringValue ?? ""
    context.focusedInput = FocusedInput(
      origin: origin, text: current, onBlur: input.event("onBlur")?.actions ?? [])
    if let onFocus = input.event("onFocus") {
      run(
        onFocus.actions, event: "onFocus", origin: origin,
        implicit: ("onFocus", ["value": .string(current)]))
    }
  }

  /// The focused field loses focus: its `onBlur` runs with its current text (iOS
  /// `textFieldDidEndEditing`), in the scope of its screen.
  mutating func blurFocusedInput() {
    guard let focused = context.focusedInput else { return }
    context.focusedInput = nil
    var text = focused.text
    if let screen = navigator.screen(serial: focused.origin.screen) {
      let rendered = ScreenEvaluator(evaluator: evaluator, profile: navigator.profile).evaluate(
        screen, global: global)
      if let value = Self.node(at: focused.origin.path, in: rendered)?.properties["value"]?
        .stringValue
      {
        text = value
      }
    }
    guard !focused.onBlur.isEmpty else { return }
    run(
      focused.onBlur, event: "onBlur", origin: focused.origin,
      implicit: ("onBlur", ["value": .string(text)]))
  }

  /// A focused field whose screen is no longer on top loses focus (UIKit ends
  /// editing when the field leaves the window), after the step's actions.
  mutating func blurInputOfLeftScreen() {
    guard let focused = context.focusedInput, focused.origin.screen != navigator.topScreen.serial
    else {
      return
    }
    blurFocusedInput()
  }

  /// A `tap` on a text input gives it focus (a disabled or read-only one ignores it).
  mutating func tapInput(_ input: ComponentNode, _ target: Target) -> StepOutcome {
    if Self.isReadOnly(input) {
      report(ScriptMessage.tapOnReadOnlyInput(target).diagnostic(at: input.location.pointer))
      return .done
    }
    focus(input)
    return .done
  }

  /// Whether a text input ignores touches and typing.
  static func isReadOnly(_ input: ComponentNode) -> Bool {
    let properties = input.properties
    return properties["enabled"] == .bool(false) || properties["disabled"] == .bool(true)
      || properties["readOnly"] == .bool(true)
  }

  /// Under `--profile web` a click anywhere but the focused field moves the browser's
  /// focus away from it, so it blurs; on iOS and Android a touch on a button or a
  /// text leaves the keyboard up and the field focused.
  mutating func blurOnWebTap() {
    guard navigator.profile == .web, context.focusedInput != nil else { return }
    blurFocusedInput()
  }

  /// Remembers the text typed into the focused field.
  mutating func noteTyped(_ text: String, at origin: Origin) {
    guard context.focusedInput?.origin == origin else { return }
    context.focusedInput?.text = text
  }
}
