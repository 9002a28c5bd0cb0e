import BeagleJSON

/// What a script step acted on, on the screen the user saw before it: drawings of
/// a run (`--format html`) highlight it.
public enum StepTarget: Sendable, Equatable {
  /// The component a `tap`, `type` or `event` step hit: its rendered path in the
  /// previous state's top screen (list items' paths carry their index).
  case component(JSONPointer)
  /// The navigation bar item a `tap` pressed, by its index among the bar's items.
  case navigationBarItem(Int)
  /// The dialog button a `choose` step pressed, by its label.
  case dialogButton(String)
}
