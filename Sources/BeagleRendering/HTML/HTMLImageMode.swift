/// `--images`: how a drawing shows remote images.
package enum HTMLImageMode: String, Sendable, Equatable, CaseIterable {
  /// A box naming the URL: the document fetches nothing (the default).
  case placeholder
  /// An `<img>` loading the URL (http and https only); the document then reaches the
  /// network.
  case remote
}
