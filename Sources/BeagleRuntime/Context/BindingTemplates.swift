import BeagleExpressions
import BeagleJSON

/// Binding strings parsed once, by their text (``Screen/parsedBindings``).
///
/// Texts are told apart by their UTF-8 bytes: a `String` key hashed each non-ASCII
/// text in normalised form (half of a 1 MB screen's build of this table, where half
/// of the readable texts are Portuguese or Spanish). Two spellings of one text in
/// different normal forms are two entries, each parsed as written.
public struct BindingTemplates: Sendable, Equatable {
  private var templates: [Key: StringTemplate] = [:]

  public init() {}

  /// How many texts are held.
  public var count: Int { templates.count }

  /// The template of `text`, when it was parsed.
  public subscript(text: String) -> StringTemplate? {
    get { templates[Key(text: text)] }
    set { templates[Key(text: text)] = newValue }
  }

  /// Adds `other`'s texts; a text held already keeps its template.
  public mutating func merge(_ other: BindingTemplates) {
    templates.merge(other.templates) { kept, _ in kept }
  }

  /// A text, hashed and compared by its UTF-8 bytes.
  private struct Key: Hashable, Sendable {
    var text: String

    static func == (lhs: Key, rhs: Key) -> Bool { JSONValue.sameBytes(lhs.text, rhs.text) }

    func hash(into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }
}
