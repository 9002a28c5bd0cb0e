import BeagleJSON
import BeagleRuntime
import Testing

@testable import BeagleRendering

@Suite struct HTMLStateRendererTests {
  /// A screen holding every built-in component.
  static let everyBuiltIn = """
    {"_beagleComponent_": "beagle:screenComponent",
     "navigationBar": {"title": "All", "navigationBarItems": [{"text": "Edit", "id": "edit"}]},
     "child": {"_beagleComponent_": "beagle:container", "id": "main", "children": [
      {"_beagleComponent_": "beagle:text", "id": "t", "text": "Hello", "alignment": "CENTER", "textColor": "#00F"},
      {"_beagleComponent_": "beagle:button", "id": "b", "text": "Buy", "enabled": false},
      {"_beagleComponent_": "beagle:image", "id": "remote", "path": {"_beagleImagePath_": "remote", "url": "https://x.test/a.png"}},
      {"_beagleComponent_": "beagle:image", "id": "local", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}},
      {"_beagleComponent_": "beagle:textInput", "id": "pw", "placeholder": "Password", "value": "s3", "type": "PASSWORD"},
      {"_beagleComponent_": "beagle:touchable", "onPress": [], "child": {"_beagleComponent_": "beagle:text", "text": "Touch"}},
      {"_beagleComponent_": "beagle:scrollView", "scrollDirection": "HORIZONTAL", "children": [
        {"_beagleComponent_": "beagle:text", "text": "S1"}]},
      {"_beagleComponent_": "beagle:listView", "id": "list", "dataSource": ["a", "b"],
       "template": {"_beagleComponent_": "beagle:text", "text": "item @{item}"}},
      {"_beagleComponent_": "beagle:gridView", "id": "grid", "spanCount": 2, "dataSource": [1, 2, 3],
       "templates": [{"view": {"_beagleComponent_": "beagle:text", "text": "cell @{item}"}}]},
      {"_beagleComponent_": "beagle:tabBar", "items": [{"title": "One"}, {"title": "Two"}], "currentTab": 1},
      {"_beagleComponent_": "beagle:pageView", "currentPage": 1, "children": [
        {"_beagleComponent_": "beagle:text", "id": "p0", "text": "Page 0"},
        {"_beagleComponent_": "beagle:text", "id": "p1", "text": "Page 1"}]},
      {"_beagleComponent_": "beagle:pageIndicator", "numberOfPages": 3, "currentPage": 2},
      {"_beagleComponent_": "beagle:simpleForm", "onSubmit": [], "children": [
        {"_beagleComponent_": "beagle:text", "text": "In form"}]},
      {"_beagleComponent_": "beagle:lazyComponent", "path": "/later",
       "initialState": {"_beagleComponent_": "beagle:text", "text": "Loading…"}},
      {"_beagleComponent_": "beagle:webView", "url": "https://x.test/page"},
      {"_beagleComponent_": "custom:badge", "count": 3, "label": "new"}
     ]}}
    """

  @Test("every built-in has a drawing, each carrying its type, id and path")
  func everyBuiltIn() throws {
    let html = try htmlTestFrames(Self.everyBuiltIn)
    for type in [
      "beagle:screenComponent", "beagle:container", "beagle:text", "beagle:button",
      "beagle:image", "beagle:textInput", "beagle:touchable", "beagle:scrollView",
      "beagle:listView", "beagle:gridView", "beagle:tabBar", "beagle:pageView",
      "beagle:pageIndicator", "beagle:simpleForm", "beagle:lazyComponent", "beagle:webView",
      "custom:badge",
    ] {
      #expect(html.contains("data-beagle-type=\"\(type)\""), "no drawing of \(type)")
    }
    #expect(html.contains("data-beagle-screen=\"/\""))
    // text: alignment and textColor; button: disabled.
    #expect(
      html.contains(
        "data-beagle-id=\"t\" data-beagle-path=\"/child/children/0\" "
          + "style=\"text-align:center;color:rgba(0, 0, 255, 1)\">Hello</div>"))
    #expect(html.contains("<div class=\"b-view b-button b-disabled\""))
    // images: placeholders naming the URL and the mobileId; no <img>.
    #expect(html.contains("<div class=\"b-field\">https://x.test/a.png</div>"))
    #expect(html.contains("<div class=\"b-field\">logo</div>"))
    #expect(!html.contains("<img"))
    // text input: value, placeholder, password type.
    #expect(
      html.contains(
        "type=\"password\" data-beagle-input-type=\"PASSWORD\" value=\"s3\" placeholder=\"Password\" readonly>"
      ))
    // list items stamped from the template, ids and paths per item; grid cells of 1/2.
    #expect(html.contains(">item a</div>") && html.contains(">item b</div>"))
    #expect(html.contains("<div class=\"b-cell\" style=\"width:calc(100% / 2)\">"))
    #expect(html.contains(">cell 3</div>"))
    // tab bar with its current tab; page view showing page 1 only; three dots, the last current.
    #expect(
      html.contains(
        "<span class=\"b-tab\">One</span><span class=\"b-tab b-tab-current\">Two</span>"))
    #expect(
      html.contains(
        "data-beagle-id=\"p0\" data-beagle-path=\"/child/children/10/children/0\" style=\"display:none\">Page 0"
      ))
    #expect(
      html.contains(
        "data-beagle-id=\"p1\" data-beagle-path=\"/child/children/10/children/1\">Page 1"))
    #expect(
      html.contains(
        "<div class=\"b-dots\"><span class=\"b-dot\"></span><span class=\"b-dot\"></span><span class=\"b-dot b-dot-current\"></span></div>"
      ))
    // lazy component: its initial state while /later loads (there is no BFF here).
    #expect(html.contains(">Loading…</div>"))
    // web view and custom component: labelled placeholders with their fields.
    #expect(
      html.contains(
        "<div class=\"b-placeholder-title\">webView</div><div class=\"b-field\">https://x.test/page</div>"
      ))
    #expect(
      html.contains(
        "<div class=\"b-placeholder-title\">custom:badge (unknown component)</div><div class=\"b-field\">count = 3</div><div class=\"b-field\">label = &quot;new&quot;</div>"
      ))
    // navigation bar: title and item.
    #expect(
      html.contains(
        "<span class=\"b-title\">All</span><span class=\"b-items\"><span class=\"b-item\">Edit</span>"
      ))
  }

  @Test("remote images load only with --images remote, and only over http(s)")
  func remoteImages() throws {
    let states = try htmlTestStates(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "https://x.test/a.png"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "javascript:alert(1)"}}]}
      """)
    let html = HTMLStateRenderer(imageMode: .remote).frame(states[0])
    #expect(html.contains("<img class=\"b-view b-image\""))
    #expect(html.contains("src=\"https://x.test/a.png\""))
    #expect(!html.contains("src=\"javascript"))
    #expect(html.contains("<div class=\"b-field\">javascript:alert(1)</div>"))
  }

  @Test("payload strings are text: no element, attribute or style comes from them")
  func payloadIsText() throws {
    let html = try htmlTestFrames(
      #"""
      {"_beagleComponent_": "beagle:screenComponent",
       "navigationBar": {"title": "</title><script>alert(1)</script>"},
       "child": {"_beagleComponent_": "beagle:container", "id": "x\" onclick=\"alert(1)",
        "style": {"backgroundColor": "red;}</style><script>alert(2)</script>"},
        "children": [
         {"_beagleComponent_": "beagle:text", "text": "<img src=x onerror=alert(3)>", "styleId": "a\"b c"},
         {"_beagleComponent_": "beagle:textInput", "placeholder": "\"><script>alert(4)</script>"}]}}
      """#)
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
    #expect(!html.contains("</style>"))
    #expect(!html.contains("onclick=\""))
    #expect(html.contains("&lt;img src=x onerror=alert(3)&gt;"))
    #expect(html.contains("data-beagle-id=\"x&quot; onclick=&quot;alert(1)\""))
    #expect(html.contains("class=\"b-view b-text b-style-a_b_c\" data-beagle-style=\"a&quot;b c\""))
  }

  @Test("the component the next step taps is highlighted in the frame it was tapped in")
  func highlight() throws {
    let html = try htmlTestFrames(
      """
      {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:button", "id": "buy", "text": "Buy", "onPress": [
          {"_beagleAction_": "beagle:alert", "title": "Sure?", "message": "It costs <5>",
           "labelOk": "Yes"}]}]}
      """,
      steps: """
        tap #buy
        choose "Yes"
        """)
    let frames = html.components(separatedBy: "<section ").dropFirst()
    #expect(frames.count == 3)
    let first = try #require(frames.first)
    #expect(
      first.contains(
        "class=\"b-view b-button b-hit\" data-beagle-type=\"beagle:button\" data-beagle-id=\"buy\" "
          + "data-beagle-path=\"/children/0\" data-beagle-hit=\"step 1: tap #buy\""))
    // Step 1's frame shows the alert over the screen, its button marked by step 2.
    let second = frames[frames.index(after: frames.startIndex)]
    #expect(second.contains("<h2 class=\"b-label\">step 1 · tap #buy</h2>"))
    #expect(second.contains("<div class=\"b-dialog-layer\" data-beagle-dialog=\"alert\">"))
    #expect(second.contains("<div class=\"b-dialog-message\">It costs &lt;5&gt;</div>"))
    #expect(
      second.contains(
        "<span class=\"b-dialog-button b-hit\" role=\"button\" data-beagle-hit=\"step 2: choose &quot;Yes&quot;\""
      ))
    #expect(!second.contains("b-button b-hit"))
    let third = try #require(frames.last)
    #expect(!third.contains("b-dialog-layer"))
    #expect(!third.contains("b-hit"))
  }

  @Test("the panel shows the state as the text output does")
  func panel() throws {
    let states = try htmlTestStates(
      #"{"_beagleComponent_": "beagle:container", "context": {"id": "c", "value": "<b>"}, "children": []}"#
    )
    let html = HTMLStateRenderer().frame(states[0])
    #expect(
      html.contains(
        "<pre class=\"b-panel\">stacks\n  1. / &quot;/&quot;\ncontexts\n  c = &quot;&lt;b&gt;&quot;  (at /)\n"
          + "  global = null\n"))
  }

  @Test("the document is self-contained: no script, a policy forbidding requests")
  func document() {
    let html = HTMLDocument.document(title: "a<b", frames: ["<section></section>"])
    #expect(html.hasPrefix("<!DOCTYPE html>\n"))
    #expect(
      html.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
      ))
    #expect(html.contains("<title>a&lt;b</title>"))
    #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
    #expect(html.hasSuffix("</body>\n</html>\n"))
  }

  /// Whether any component of `node`'s tree keeps its properties materialised in its
  /// document storage.
  static func keepsMaterialised(_ node: ComponentNode) -> Bool {
    node.properties.keepsMaterialisedObject || node.children.contains(where: keepsMaterialised)
  }

  /// 3 000 texts (about 500 KB of drawing) in a container, or in a grid's cells.
  static let largeDrawings = [
    #"{"_beagleComponent_":"beagle:container","children":["#
      + (0..<3_000).map { #"{"_beagleComponent_":"beagle:text","text":"line \#($0)"}"# }
      .joined(separator: ",") + "]}",
    #"{"_beagleComponent_":"beagle:gridView","spanCount":3,"dataSource":["#
      + (0..<3_000).map(String.init).joined(separator: ",")
      + #"],"templates":[{"view":{"_beagleComponent_":"beagle:text","text":"line @{item}"}}]}"#,
  ]

  @Test(
    "a large drawing is written in pieces cut between elements, keeping no properties",
    arguments: largeDrawings.indices)
  func drawingInPieces(drawing: Int) throws {
    let state = try #require(try htmlTestStates(Self.largeDrawings[drawing]).first)
    let screen = try #require(state.screen)
    var pieces: [String] = []
    HTMLStateRenderer().write(state) { pieces.append($0) }
    // The frame's head, the drawing in pieces of 64 KB or more, the rest (from the piece
    // that opens the panel).
    #expect(pieces.count >= 6)
    let panel = try #require(pieces.firstIndex { $0.contains("<pre class=\"b-panel\">") })
    let drawing = pieces[1..<panel]
    for piece in drawing {
      #expect(piece.utf8.count >= HTMLComponentDrawer.pieceBytes)
      // Cut between two components' elements (the first piece opens the container or grid).
      #expect(piece.hasPrefix("<div") && piece.hasSuffix("</div>"))
    }
    for piece in drawing.dropFirst() {
      // Whole texts (or cells) only: as many elements open as close.
      #expect(
        piece.components(separatedBy: "<div").count
          == piece.components(separatedBy: "</div>").count)
    }
    let html = pieces.joined()
    #expect(html == HTMLStateRenderer().frame(state))
    for index in [0, 1_234, 2_999] {
      #expect(html.contains(">line \(index)</div>"))
    }
    #expect(html.components(separatedBy: "data-beagle-type=\"beagle:text\"").count == 3_001)
    // Each component's properties were built for the drawing and dropped: the screen keeps
    // no materialised copy of them (a 10 MB screen's took 50 MB).
    let keeps = Self.keepsMaterialised(screen)
    #expect(!keeps)
  }

  /// The panel (the state as the text output writes it, without its label and outline)
  /// is written in the text renderer's pieces, escaped one by one: a 10 MB screen's is
  /// 1.2 MB, and it was made whole, cut and escaped, held about four times over.
  @Test("a long panel is written in pieces of whole lines, escaped as the whole text is")
  func panelInPieces() throws {
    let root = try #require(
      try decode(#"{"_beagleComponent_":"beagle:text","text":"a < b & 'c'"}"#).root)
    var session = Session(
      configuration: Session.Configuration(registry: .builtIn),
      firstScreen: Screen(route: "/", root: root))
    let state = session.initialState(
      log: (0..<3_000).map {
        Diagnostic(.warning, "binding <x> & 'y' is not declared (é 中文) #\($0)")
      })
    var pieces: [String] = []
    HTMLStateRenderer().write(state) { pieces.append($0) }
    var withoutScreen = state
    withoutScreen.screen = nil
    let text = TextRenderer().render(withoutScreen)
    let panel = String(text[text.index(after: try #require(text.firstIndex(of: "\n")))...])
    #expect(panel.contains("#2999\n"))
    let html = pieces.joined()
    #expect(html.contains("<pre class=\"b-panel\">" + panel.htmlEscaped + "</pre>"))
    #expect(html.contains("binding &lt;x&gt; &amp; &#39;y&#39; is not declared (é 中文) #0"))
    // In pieces of about 64 KB of text (more once escaped), none holding the whole panel.
    #expect(panel.htmlEscaped.utf8.count > 200_000)
    #expect(pieces.count > 4)
    for piece in pieces { #expect(piece.utf8.count < 128 * 1_024) }
  }
}
