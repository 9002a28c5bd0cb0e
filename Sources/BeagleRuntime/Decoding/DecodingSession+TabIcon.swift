import BeagleJSON

extension DecodingSession {
  /// A tab item's `icon` (`tabBar.items[].icon`, a `tabView` tab item's `icon`), as the
  /// profile's platform decodes it (docs/spec.md §2.13):
  ///
  /// - iOS (`TabBarItem.init(from:)`): `try? nestedContainer(forKey: .icon)`, then
  ///   `decodeIfPresent(String.self, forKey: .mobileId)`; only a `mobileId` that is not a
  ///   string fails.
  /// - Android (`TabBarItem.icon: ImagePath.Local?`, decoded by Moshi's Kotlin adapter, not
  ///   the `_beagleImagePath_` polymorphic one): an object whose `mobileId` (`Bind<String>`)
  ///   is required; a number is read as its text (Moshi's `nextString`); anything else
  ///   fails the payload.
  /// - web (web-react's `BeagleTabBar` draws `icon` with `BeagleImage`): nothing is checked;
  ///   the image is `icon.url`, so an icon without one shows no image.
  mutating func checkTabIcon(_ value: JSONNode, pointer: JSONPointer) {
    if value.isNull { return }
    switch profile {
    case .ios, .web:
      if value.kind == .object, let mobileId = value["mobileId"], !mobileId.isNull,
        mobileId.kind != .string
      {
        report(
          .wrongType(field: "mobileId", expected: "a string", found: describe(mobileId)),
          mobileId, pointer.appending("mobileId"))
      }
      if profile == .web, value.kind != .object || value["url"]?.kind != .string {
        note(.tabIconWithoutURLOnWeb, value, pointer)
      }
    case .android:
      guard value.kind == .object else {
        note(
          .refusedByAndroid(
            .wrongType(field: "icon", expected: "an object", found: describe(value))),
          value, pointer)
        return
      }
      guard let mobileId = value["mobileId"], !mobileId.isNull else {
        note(.refusedByAndroid(.missingField("mobileId", type: "tab icon")), value, pointer)
        return
      }
      if mobileId.kind != .string, mobileId.kind != .number {
        note(
          .refusedByAndroid(
            .wrongType(field: "mobileId", expected: "a string", found: describe(mobileId))),
          mobileId, pointer.appending("mobileId"))
      }
    }
  }

  /// Reports one of the decoder's own messages (not a ``DecodingError``).
  private mutating func note(_ message: DecodingMessage, _ node: JSONNode, _ pointer: JSONPointer) {
    diagnostics.append(
      message.diagnostic(
        at: pointer, offset: hasPositions ? node.offset : nil, source: source))
  }
}
