import BeagleJSON
import BeagleRuntime

/// Draws a rendered component tree as HTML elements that the browser lays out as
/// iOS lays the views out with Yoga (``YogaStyle``).
///
/// Every element of a component carries `data-beagle-type`, its Beagle `id` as
/// `data-beagle-id` and its rendered path as `data-beagle-path`. Every string from
/// the payload goes through ``Swift/String/htmlEscaped``; styles are built from
/// numbers and fixed keywords only.
struct HTMLComponentDrawer {
  var imageMode: HTMLImageMode
  /// The manifest's `theme` names, when it has one: a `styleId` outside them is
  /// marked as unknown.
  var themeNames: Set<String>?
  /// The component the next step hits, with the title saying so.
  var highlight: (pointer: JSONPointer, label: String)?
  /// Called with the drawing so far once it holds ``pieceBytes`` or more, between two
  /// components, to write it out and empty it: a 10 MB screen's drawing is 18 MB.
  var flush: ((inout String) -> Void)?

  /// The size from which the drawing so far is handed to ``flush``: the states' pieces'.
  static let pieceBytes = OutputChunks.size

  /// Appends `node`'s drawing to `out`; `parent` is its parent's layout (Beagle's
  /// defaults for the screen's root).
  func draw(
    _ node: ComponentNode, parent: YogaStyle, isRoot: Bool = false,
    isHiddenByParent: Bool = false, into out: inout String
  ) {
    // Built for this drawing and not kept: the screen's storage would keep a copy of
    // every component's properties (``LazyJSONObject/transientObject``).
    let properties = node.properties.transientObject
    // iOS decodes `style` for widgets only (docs/spec.md §1.5); the others are laid
    // out with Beagle's defaults.
    var style = appliesStyle(node) ? YogaStyle(properties["style"]) : YogaStyle()
    if isHiddenByParent || (node.builtIn == .textInput && properties["hidden"] == .bool(true)) {
      style.isHidden = true
    }
    var element = Element(kind: kind(of: node))
    if isRoot { element.classes.append("b-root") }
    switch node.builtIn {
    case .button:
      if properties["enabled"] == .bool(false) { element.classes.append("b-disabled") }
    case .scrollView:
      if properties["scrollDirection"]?.stringValue == "HORIZONTAL" { style.flexDirection = "row" }
    case .listView:
      if properties["direction"]?.stringValue == "HORIZONTAL" { style.flexDirection = "row" }
    case .gridView:
      style.flexDirection = "row"
      style.flexWrap = "wrap"
    default:
      break
    }
    var css = style.css(in: parent)
    if node.builtIn == .text { appendTextStyle(of: properties, to: &css) }
    if let styleId = properties["styleId"]?.stringValue, !styleId.isEmpty {
      element.classes.append("b-style-" + Self.className(styleId))
      element.attributes.append(("data-beagle-style", styleId))
      if let themeNames, !themeNames.contains(styleId) {
        element.classes.append("b-style-unknown")
      }
    }
    element.attributes.append(("data-beagle-type", node.typeName))
    if let id = node.id { element.attributes.append(("data-beagle-id", id)) }
    let path = node.location.pointer
    element.attributes.append(("data-beagle-path", path.isRoot ? "/" : path.description))
    if let highlight, highlight.pointer == path {
      element.classes.append("b-hit")
      element.attributes.append(("data-beagle-hit", highlight.label))
      element.attributes.append(("title", highlight.label))
    }
    if !css.isEmpty { element.attributes.append(("style", css)) }
    drawContent(of: node, properties: properties, as: element, layout: style, into: &out)
  }

  // MARK: - Built-ins

  private func drawContent(
    of node: ComponentNode, properties: JSONObject, as element: Element, layout: YogaStyle,
    into out: inout String
  ) {
    switch node.builtIn {
    case .text:
      element.open(into: &out)
      out += Self.label(properties["text"]).htmlEscaped
      element.close(into: &out)
    case .button:
      var element = element
      element.attributes.append(("role", "button"))
      element.open(into: &out)
      out += Self.label(properties["text"]).htmlEscaped
      element.close(into: &out)
    case .textInput:
      drawInput(properties, as: element, into: &out)
    case .image:
      drawImage(properties["path"], as: element, into: &out)
    case .webView:
      drawPlaceholder(
        as: element, title: "webView", lines: [Self.label(properties["url"])], into: &out)
    case .lazyComponent:
      element.open(into: &out)
      let state = node.children.isEmpty ? "loading" : "initial state"
      out +=
        "<div class=\"b-note\">lazyComponent \(state): "
        + Self.label(properties["path"]).htmlEscaped + "</div>"
      drawChildren(node.children, layout: layout, into: &out)
      element.close(into: &out)
    case .pageView:
      element.open(into: &out)
      let current = properties["currentPage"]?.intValue ?? 0
      for (index, child) in node.children.enumerated() {
        draw(child, parent: layout, isHiddenByParent: index != current, into: &out)
        flushIfFull(&out)
      }
      if properties["pageIndicator"]?.objectValue != nil {
        drawDots(count: node.children.count, current: current, into: &out)
      }
      element.close(into: &out)
    case .pageIndicator:
      element.open(into: &out)
      let count = properties["numberOfPages"]?.intValue ?? 0
      drawDots(count: count, current: properties["currentPage"]?.intValue ?? 0, into: &out)
      element.close(into: &out)
    case .tabBar:
      element.open(into: &out)
      let current = properties["currentTab"]?.intValue ?? 0
      out += "<div class=\"b-tabs\">"
      for (index, item) in (properties["items"]?.arrayValue ?? []).enumerated() {
        let title = item["title"].map(Self.label) ?? item["icon"].map(Self.iconLabel) ?? ""
        out +=
          "<span class=\"b-tab\(index == current ? " b-tab-current" : "")\">"
          + title.htmlEscaped + "</span>"
      }
      out += "</div>"
      element.close(into: &out)
    case .tabView:
      element.open(into: &out)
      out += "<div class=\"b-tabs\">"
      for (index, child) in node.children.enumerated() {
        let title = Self.label(child.properties["title"])
        out +=
          "<span class=\"b-tab\(index == 0 ? " b-tab-current" : "")\">"
          + title.htmlEscaped + "</span>"
      }
      out += "</div>"
      for (index, child) in node.children.enumerated() {
        draw(child, parent: layout, isHiddenByParent: index != 0, into: &out)
        flushIfFull(&out)
      }
      element.close(into: &out)
    case .gridView:
      element.open(into: &out)
      let columns = max(
        1, properties["spanCount"]?.intValue ?? properties["numColumns"]?.intValue ?? 1)
      let width = "calc(100% / \(columns))"
      for child in node.children {
        out += "<div class=\"b-cell\" style=\"width:\(width)\">"
        draw(child, parent: YogaStyle(), into: &out)
        out += "</div>"
        flushIfFull(&out)
      }
      element.close(into: &out)
    case .pullToRefresh:
      element.open(into: &out)
      if properties["isRefreshing"] == .bool(true) {
        out += "<div class=\"b-note\">refreshing…</div>"
      }
      drawChildren(node.children, layout: layout, into: &out)
      element.close(into: &out)
    case .screenComponent, .container, .touchable, .scrollView, .listView, .tabItem,
      .simpleForm, .form, .formInput, .formSubmit:
      element.open(into: &out)
      drawChildren(node.children, layout: layout, into: &out)
      element.close(into: &out)
    case nil:
      drawCustom(node, properties: properties, as: element, layout: layout, into: &out)
    }
  }

  /// Hands the drawing so far to ``flush`` once it holds ``pieceBytes`` or more (called
  /// between two components: a piece is whole elements).
  private func flushIfFull(_ out: inout String) {
    if let flush, out.utf8.count >= Self.pieceBytes { flush(&out) }
  }

  private func drawChildren(_ children: [ComponentNode], layout: YogaStyle, into out: inout String)
  {
    for child in children {
      draw(child, parent: layout, into: &out)
      flushIfFull(&out)
    }
  }

  private func drawInput(_ properties: JSONObject, as element: Element, into out: inout String) {
    var element = element
    element.tag = "input"
    element.isVoid = true
    // Only PASSWORD changes what is drawn; a number or date field given text would
    // have its value dropped by the browser, so the others stay text.
    let type = properties["type"]?.stringValue ?? "TEXT"
    element.attributes.append(("type", type == "PASSWORD" ? "password" : "text"))
    element.attributes.append(("data-beagle-input-type", type))
    if let value = properties["value"], value != .null {
      element.attributes.append(("value", Self.label(value)))
    }
    if let placeholder = properties["placeholder"] {
      element.attributes.append(("placeholder", Self.label(placeholder)))
    }
    element.attributes.append(("readonly", ""))
    if properties["enabled"] == .bool(false) || properties["disabled"] == .bool(true)
      || properties["readOnly"] == .bool(true)
    {
      element.classes.append("b-disabled")
    }
    element.open(into: &out)
  }

  private func drawImage(_ path: JSONValue?, as element: Element, into out: inout String) {
    let object = path?.objectValue
    switch object?["_beagleImagePath_"]?.stringValue {
    case "local":
      drawPlaceholder(
        as: element, title: "local image", lines: [Self.label(object?["mobileId"])], into: &out)
    case "remote":
      let url = object?["url"]?.stringValue ?? ""
      if imageMode == .remote, Self.isWebURL(url) {
        var element = element
        element.tag = "img"
        element.isVoid = true
        element.attributes.append(("src", url))
        element.attributes.append(("alt", url))
        element.open(into: &out)
      } else {
        drawPlaceholder(as: element, title: "remote image", lines: [url], into: &out)
      }
    default:
      drawPlaceholder(
        as: element, title: "image", lines: [path.map(ActionSummary.short) ?? "(no path)"],
        into: &out)
    }
  }

  /// A custom or unknown component: a labelled box with its scalar fields, around
  /// its children.
  private func drawCustom(
    _ node: ComponentNode, properties: JSONObject, as element: Element, layout: YogaStyle,
    into out: inout String
  ) {
    var element = element
    element.classes.append("b-custom")
    element.open(into: &out)
    let title =
      node.isKnown
      ? node.typeName
      : node.type.isEmpty ? "(no _beagleComponent_)" : "\(node.type) (unknown component)"
    out += "<div class=\"b-placeholder-title\">" + title.htmlEscaped + "</div>"
    for (key, value) in properties.members where key != "style" {
      out +=
        "<div class=\"b-field\">" + (key + " = " + ActionSummary.short(value)).htmlEscaped
        + "</div>"
    }
    drawChildren(node.children, layout: layout, into: &out)
    element.close(into: &out)
  }

  private func drawPlaceholder(
    as element: Element, title: String, lines: [String], into out: inout String
  ) {
    var element = element
    element.classes.append("b-placeholder")
    element.open(into: &out)
    out += "<div class=\"b-placeholder-title\">" + title.htmlEscaped + "</div>"
    for line in lines { out += "<div class=\"b-field\">" + line.htmlEscaped + "</div>" }
    element.close(into: &out)
  }

  private func drawDots(count: Int, current: Int, into out: inout String) {
    out += "<div class=\"b-dots\">"
    for index in 0..<min(max(count, 0), 100) {
      out +=
        index == current
        ? "<span class=\"b-dot b-dot-current\"></span>" : "<span class=\"b-dot\"></span>"
    }
    out += "</div>"
  }

  // MARK: - Helpers

  /// Whether iOS applies the component's `style`: widgets, the screen and custom
  /// components do; scrollView, pageView, pageIndicator, tabBar, tabView, touchable,
  /// pullToRefresh and lazyComponent do not (docs/spec.md §1.5).
  private func appliesStyle(_ node: ComponentNode) -> Bool {
    switch node.builtIn {
    case .scrollView, .pageView, .pageIndicator, .tabBar, .tabView, .tabItem, .touchable,
      .pullToRefresh, .lazyComponent:
      false
    default:
      true
    }
  }

  /// `text`'s `alignment` and `textColor` (`LEFT`, `CENTER`, `RIGHT`; a hex colour).
  private func appendTextStyle(of properties: JSONObject, to css: inout String) {
    var extra: [String] = []
    switch properties["alignment"]?.stringValue {
    case "CENTER": extra.append("text-align:center")
    case "RIGHT": extra.append("text-align:right")
    case "LEFT": extra.append("text-align:left")
    default: break
    }
    if let color = properties["textColor"]?.stringValue.flatMap(CSSColor.init(hex:)) {
      extra.append("color:" + color.css)
    }
    guard !extra.isEmpty else { return }
    css = ([css].filter { !$0.isEmpty } + extra).joined(separator: ";")
  }

  private func kind(of node: ComponentNode) -> String {
    guard let builtIn = node.builtIn else { return "b-view" }
    return "b-view b-" + builtIn.rawValue.dropFirst("beagle:".count).lowercased()
  }

  /// A property shown as text: a string as it is, anything else as compact JSON.
  static func label(_ value: JSONValue?) -> String {
    guard let value else { return "" }
    switch value {
    case .string(let text): return text
    case .null: return ""
    default: return ActionSummary.short(value)
    }
  }

  private static func iconLabel(_ value: JSONValue) -> String {
    "icon " + label(value["mobileId"] ?? value)
  }

  /// Whether `url` may be an image's `src`: http or https only, so a
  /// `javascript:` or `data:` URL from a payload is never loaded.
  static func isWebURL(_ url: String) -> Bool {
    let lowered = url.lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// A `styleId` as a class name: letters, digits, `-` and `_` kept, others `_`.
  static func className(_ styleId: String) -> String {
    String(
      styleId.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
        default: "_"
        }
      })
  }
}

/// One element being written: tag, classes and attributes (values escaped when written).
struct Element {
  var tag = "div"
  var classes: [String]
  var attributes: [(String, String)] = []
  /// `<input>` and `<img>` have no content and no end tag.
  var isVoid = false

  init(kind: String) { classes = [kind] }

  func open(into out: inout String) {
    out += "<" + tag + " class=\"" + classes.joined(separator: " ").htmlEscaped + "\""
    for (name, value) in attributes {
      out += value.isEmpty && name == "readonly" ? " readonly" : " \(name)=\"\(value.htmlEscaped)\""
    }
    out += ">"
  }

  func close(into out: inout String) {
    if !isVoid { out += "</" + tag + ">" }
  }
}
