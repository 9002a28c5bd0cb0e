import BeagleExpressions
import BeagleJSON

/// The binding strings of a screen's components that are properties still in their
/// document (a member whose value is the string), by where the string is on the
/// document's tape: rendering finds such a property's template without building its
/// text and hashing it (``Screen/parsedBindings`` is by text).
///
/// Each template is the one ``Screen/parsedBindings`` holds for the string's text. It
/// is derived from the screen's tree, so two screens with the same tree are equal
/// whatever it holds.
struct TapeBindings: Sendable, Equatable {
  /// A string on a document's tape: the document (held, so that its identity is not
  /// reused while the key is kept) and the string's tape index.
  struct Key: Sendable, Hashable {
    let document: JSONDocument
    let index: UInt32

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.document === rhs.document && lhs.index == rhs.index
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(document))
      hasher.combine(index)
    }
  }

  private var templates: [Key: StringTemplate] = [:]

  /// The template of the string at tape index `index` of `document`, when it is a
  /// component's property holding a binding.
  func template(in document: JSONDocument, at index: Int) -> StringTemplate? {
    guard !templates.isEmpty else { return nil }
    return templates[Key(document: document, index: UInt32(truncatingIfNeeded: index))]
  }

  /// Records `template` for the string at tape index `index` of `document`.
  mutating func insert(_ template: StringTemplate, in document: JSONDocument, at index: UInt32) {
    templates[Key(document: document, index: index)] = template
  }

  /// Adds `other`'s strings; a string already here keeps its template (the same text
  /// parses to the same template).
  mutating func merge(_ other: TapeBindings) {
    templates.merge(other.templates) { kept, _ in kept }
  }

  static func == (lhs: Self, rhs: Self) -> Bool { true }
}
