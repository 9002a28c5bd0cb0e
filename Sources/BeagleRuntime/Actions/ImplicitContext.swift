import BeagleJSON

/// An event's implicit context (docs/spec.md §4.4): `onChange` = `{value}`, `onSuccess` =
/// `{data, status, statusText}`, … — visible to the event's actions and to the
/// callbacks nested in them.
public typealias ImplicitContext = (id: String, value: JSONValue)
