extension Session {
  /// Applies what the manifest configures beyond the initializer's arguments: its
  /// `nativeRoutes`, whose screen files are read from `folder` (the manifest's
  /// folder; empty means the working directory), and its `analytics` configuration.
  public mutating func configure(
    with manifest: Manifest, folder: String, location: String? = nil
  ) {
    let folder = folder.isEmpty ? "." : folder
    deepLinkHandler =
      manifest.nativeRoutes.isEmpty
      ? nil
      : DeepLinkHandler(routes: manifest.nativeRoutes, folder: folder, location: location)
    if let analytics = manifest.analytics { analyticsConfig = analytics }
  }
}
