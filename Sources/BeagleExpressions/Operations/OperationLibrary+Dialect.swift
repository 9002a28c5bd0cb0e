import BeagleJSON

extension OperationLibrary {
  /// Which platform's rules expressions follow where Beagle's platforms disagree
  /// (docs/spec.md §10.13, §10.14). Android registers the same operations as iOS and
  /// computes most of them the same way.
  public enum Dialect: String, Sendable, Hashable {
    /// Type-strict operations, integral doubles printed `5.0` (the reference).
    case ios
    /// Beagle Android 1.x: iOS's operations except where Android's own differ
    /// (missing and null arguments, `capitalize`, out-of-range indexes; docs/spec.md §6.1).
    case android
    /// web-core 2.1: JavaScript coercion, numbers printed as JavaScript does (`5`).
    case web
  }

  /// The default library with web-core's operations and text (``Dialect/web``).
  public static let web = OperationLibrary.standard.adopting(.web)

  /// The default library with Android's operations (``Dialect/android``).
  public static let android = OperationLibrary.standard.adopting(.android)

  /// This library with the default operations of `dialect`: every default operation
  /// that web-core (or Android) computes differently is swapped; operations registered by the
  /// embedder or the manifest stay as they are. Chosen once per session, so evaluation
  /// never asks which platform it follows.
  public func adopting(_ dialect: Dialect) -> OperationLibrary {
    guard dialect != self.dialect else { return self }
    var library = self
    library.dialect = dialect
    typealias Replacement = (
      name: String, summary: String, minimum: Int?,
      implementation: @Sendable ([JSONValue]) -> OperationOutcome
    )
    // Back to iOS's first, so that a library moving from one platform to another
    // keeps none of the first one's operations.
    var replacements: [Replacement] = StandardOperations.table.map {
      ($0.name, $0.signature.summary, $0.signature.minimumArguments, $0.implementation)
    }
    switch dialect {
    case .ios: break
    case .web:
      replacements += WebOperations.table.map { ($0.name, $0.summary, nil, $0.implementation) }
    case .android:
      replacements += AndroidOperations.table.map {
        ($0.name, $0.summary, $0.minimumArguments, $0.implementation)
      }
    }
    for (name, summary, minimum, implementation) in replacements {
      guard let entry = library.entries[name], case .builtin = entry.implementation else {
        continue
      }
      var signature = entry.signature
      signature.summary = summary
      if let minimum { signature.minimumArguments = minimum }
      library.entries[name] = Entry(
        signature: signature, implementation: .builtin(implementation), grows: entry.grows)
    }
    return library
  }

  /// Whether a call's argument count is checked against `signature`: always under
  /// iOS and Android; under web only for custom operations, as web-core's default operations are
  /// JavaScript functions that take any count (`and()` is true, `sum()` is 0; docs/spec.md §6.1).
  func checksArgumentCount(of signature: OperationSignature) -> Bool {
    dialect != .web || signature.origin == .custom
  }

  /// Whether a call to `signature` is warned about as a Beagle 2.x operation: only
  /// under iOS and Android 1.x, which do not have them; web-core 2.1 registers them.
  func warnsBeagle2(_ signature: OperationSignature) -> Bool {
    dialect != .web && signature.origin == .beagle2
  }

  /// The text of a value inside an interpolated string or a string field (docs/spec.md §5.6):
  /// ``JSONValue/interpolationText`` under iOS, and under Android but for the numbers
  /// that are not finite (`NaN`, `Infinity`: ``NonFiniteNumber``); under web integral
  /// doubles print `5` and other numbers as JavaScript prints them (`1e+21`, `NaN`).
  public func text(of value: JSONValue) -> String {
    switch dialect {
    case .ios: value.interpolationText
    case .android:
      if case .double(let double) = value,
        let text = NonFiniteNumber.text(of: double, dialect: .android)
      {
        text
      } else {
        value.interpolationText
      }
    case .web: JavaScript.interpolationText(value)
    }
  }
}

extension OperationLibrary {
  /// JavaScript truthiness, as web's `condition` operation and `beagle:condition`
  /// action test a value (docs/spec.md §7.3): false, 0, NaN, `""` and null are falsy;
  /// everything else, `"false"`, `[]` and `{}` included, is truthy.
  public static func isTruthy(_ value: JSONValue) -> Bool {
    JavaScript.isTruthy(value)
  }
}

extension OperationLibrary {
  /// The default operations whose results may differ under ``Dialect/web``.
  public static let namesDifferingOnWeb: Set<String> = Set(WebOperations.table.map(\.name))

  /// The default operations whose results may differ under ``Dialect/android``.
  public static let namesDifferingOnAndroid: Set<String> = Set(
    AndroidOperations.table.map(\.name))
}
