import BeagleJSON
import Testing

@testable import BeagleRuntime

/// The shapes iOS decodes tab bars, tab views and the deprecated `listView.children`
/// into (docs/spec.md §2.8, §2.13, §2.14).
@Suite struct TabAndListShapeTests {
  /// The messages of `text`'s decoding diagnostics, with their severity.
  func messages(_ text: String) throws -> [String] {
    try decode(text).diagnostics.map { "\($0.severity.rawValue) \($0.message)" }
  }

  // iOS TabBar.swift, TabBarItem.init(from:): `try? nestedContainer(forKey: .icon)`, then
  // `decodeIfPresent(String.self, forKey: .mobileId)`.
  @Test(
    "tabBar item icons: only 'mobileId' is read; no '_beagleImagePath_' needed",
    arguments: [
      (#"{"mobileId": "home"}"#, [String]()),
      (#"{"_beagleImagePath_": "local", "mobileId": "home"}"#, []),
      (#"{}"#, []),
      (#""home""#, []),
      (
        #"{"mobileId": 7}"#,
        ["error field 'mobileId' must be a string, found an integer"]
      ),
    ])
  func tabBarIcons(icon: String, expected: [String]) throws {
    let payload = """
      {"_beagleComponent_": "beagle:tabBar", "items": [{"title": "Home", "icon": \(icon)}]}
      """
    #expect(try messages(payload) == expected)
  }

  /// The messages of a tab bar whose one item has `icon`, decoded under `profile`.
  func iconMessages(_ icon: String, profile: NavigationProfile) throws -> [String] {
    let payload = """
      {"_beagleComponent_": "beagle:tabBar", "items": [{"title": "Home", "icon": \(icon)}]}
      """
    let document = try JSONDocument(parsing: Array(payload.utf8))
    return Decoder(profile: profile).decode(document).diagnostics.map {
      "\($0.severity.rawValue) \($0.message)"
    }
  }

  static let androidRefusal =
    ": Android fails to decode the whole payload (android rule; iOS reads the icon without it)"
  static let noURLOnWeb =
    "note tab icon without 'url': web shows no image for it (web rule; web draws 'url', iOS and"
    + " Android read 'mobileId')"

  // Android: TabBarItem(title: String?, icon: ImagePath.Local?)
  // (ZupIT/beagle:android/beagle/src/main/kotlin/br/com/zup/beagle/android/components/TabBar.kt;
  // TabItem.kt the same), ImagePath.Local(mobileId: Bind<String>) decoded by Moshi's Kotlin
  // adapter; Android's serializer test data (br.com.zup.beagle.android.data.serializer,
  // makeTabBarItemJson) decodes {"mobileId": "beagle"} to ImagePath.Local(mobileId = "beagle").
  @Test(
    "Android: a tab icon is an ImagePath.Local, an object with a required mobileId",
    arguments: [
      (#"{"mobileId": "beagle"}"#, [String]()),
      (#"{"_beagleImagePath_": "local", "mobileId": "beagle"}"#, []),
      (#"{"mobileId": "@{tab.icon}"}"#, []),
      // Moshi's nextString reads a number as its text.
      (#"{"mobileId": 7}"#, []),
      (#"{}"#, ["error missing required field 'mobileId' of 'tab icon'" + androidRefusal]),
      (
        #"{"mobileId": null}"#,
        ["error missing required field 'mobileId' of 'tab icon'" + androidRefusal]
      ),
      (
        #""home""#,
        ["error field 'icon' must be an object, found the string 'home'" + androidRefusal]
      ),
      (
        #"{"mobileId": true}"#,
        ["error field 'mobileId' must be a string, found a boolean" + androidRefusal]
      ),
    ])
  func androidIcons(icon: String, expected: [String]) throws {
    #expect(try iconMessages(icon, profile: .android) == expected)
  }

  // web-react: BeagleTabBar draws `item.icon` with BeagleImage
  // (ZupIT/beagle-web-react:src/components/BeagleTabBar/index.tsx), whose source is
  // `path.url` (built by the URL builder unless `_beagleImagePath_` is 'local';
  // src/components/BeagleImage/index.tsx); web-core checks no types
  // (src/beagle-view/render/type-checker.ts is empty).
  @Test(
    "web: nothing is refused; an icon without 'url' is noted, since web draws only 'url'",
    arguments: [
      (#"{"_beagleImagePath_": "local", "url": "/home.png", "mobileId": "home"}"#, [String]()),
      (#"{"url": "https://cdn/home.png"}"#, []),
      (#"{"mobileId": "home"}"#, [noURLOnWeb]),
      (#""home""#, [noURLOnWeb]),
      (
        #"{"mobileId": 7, "url": "/7.png"}"#,
        [
          "note field 'mobileId' must be a string, found an integer: web accepts it (web rule; iOS"
            + " fails to decode the whole payload)"
        ]
      ),
    ])
  func webIcons(icon: String, expected: [String]) throws {
    #expect(try iconMessages(icon, profile: .web) == expected)
  }

  // iOS TabView/Tests/JSON/TabView.json (children as tab items; its custom children
  // replaced by texts): TabView.children is [TabItem], decoded field by field.
  @Test("tabView children are tab items, with or without a component type")
  func tabViewChildren() throws {
    let payload = """
      {"_beagleComponent_": "beagle:tabView", "children": [
        {"_beagleComponent_": "beagle:tabItem",
         "icon": {"_beagleImagePath_": "local", "url": "url", "mobileId": "mobileId"},
         "title": "tab 1",
         "child": {"_beagleComponent_": "beagle:container", "children": [
           {"_beagleComponent_": "beagle:text", "text": "a"}]}},
        {"title": "tab 2", "icon": {"mobileId": "star"},
         "child": {"_beagleComponent_": "beagle:text", "text": "b"}}]}
      """
    let result = try decode(payload)
    #expect(
      result.diagnostics.map(\.message) == [
        "'beagle:tabView' is deprecated; use 'beagle:tabBar' with 'beagle:pageView'"
      ])
    let tabs = try #require(result.root?.children)
    #expect(tabs.map(\.typeName) == ["beagle:tabItem", "beagle:tabItem"])
    #expect(tabs.map { $0.properties["title"] } == ["tab 1", "tab 2"])
    #expect(tabs.map { $0.children.map(\.typeName) } == [["beagle:container"], ["beagle:text"]])
    #expect(tabs[1].location.pointer.description == "/children/1")
    #expect(tabs[1].children[0].location.pointer.description == "/children/1/child")
  }

  @Test("a tab item still needs its child")
  func tabItemChild() throws {
    #expect(
      try messages(#"{"_beagleComponent_": "beagle:tabView", "children": [{"title": "x"}]}"#)
        .contains("error missing required field 'child' of 'beagle:tabItem'"))
  }

  // iOS ListView.swift, init(from:): without templates or template, dataSource is
  // `.value([.empty])` and the template a Container of the children whose
  // flexDirection follows the direction.
  @Test(
    "the deprecated listView.children become one item whose template is a container",
    arguments: [
      (#""direction": "HORIZONTAL", "#, ["style": ["flex": ["flexDirection": "ROW"]]]),
      (#""direction": "VERTICAL", "#, ["style": ["flex": ["flexDirection": "COLUMN"]]]),
      ("", [:]),
    ] as [(String, JSONObject)])
  func listChildren(direction: String, containerProperties: JSONObject) throws {
    let payload = """
      {"_beagleComponent_": "beagle:listView", \(direction)"children": [
        {"_beagleComponent_": "beagle:text", "id": "a", "text": "a"},
        {"_beagleComponent_": "beagle:text", "text": "b"}]}
      """
    let list = try #require(try decode(payload).root)
    #expect(list.children.isEmpty)
    #expect(list.properties["dataSource"] == [.null])
    #expect(list.properties["iteratorName"] == "__list_0")
    let template = try #require(list.templates.first)
    #expect(list.templates.count == 1 && template.condition == nil)
    #expect(template.view.typeName == "beagle:container")
    #expect(template.view.properties.object == containerProperties)
    #expect(template.view.children.map(\.id) == ["a", nil])
  }

  @Test("rendered, the static children are one item: ids get the item's suffix ':0'")
  func listChildrenRendered() throws {
    let payload = """
      {"_beagleComponent_": "beagle:listView", "children": [
        {"_beagleComponent_": "beagle:text", "id": "a", "text": "a"}]}
      """
    let root = try #require(try decode(payload).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    let screen = try #require(session.state(step: 0, event: "load").screen)
    let list = try #require(screen.children.first)
    #expect(list.children.map(\.typeName) == ["beagle:container"])
    #expect(list.children.first?.children.map(\.id) == ["a:0"])
    #expect(Session.visibleTexts(in: screen) == ["a"])
  }

  @Test("an empty deprecated list view still gets its one empty item")
  func emptyList() throws {
    let list = try #require(try decode(#"{"_beagleComponent_": "beagle:listView"}"#).root)
    #expect(list.properties["dataSource"] == [.null])
    #expect(list.templates.first?.view.children.isEmpty == true)
  }

  @Test("templates or template keep the list as written")
  func templatesKept() throws {
    let payload = """
      {"_beagleComponent_": "beagle:listView", "dataSource": [1],
       "template": {"_beagleComponent_": "beagle:text", "text": "@{item}"}}
      """
    let list = try #require(try decode(payload).root)
    #expect(list.templates.isEmpty)
    #expect(list.properties["dataSource"] == [1])
    #expect(list.properties["iteratorName"] == nil)
  }
}
