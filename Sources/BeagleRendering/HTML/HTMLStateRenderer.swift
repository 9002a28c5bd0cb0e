import BeagleJSON
import BeagleRuntime

/// Draws one ``RunState`` as an HTML fragment: a phone-sized frame (status bar,
/// navigation bar, the screen laid out as iOS lays it out, an open alert or
/// confirm over it) labelled with the step and its event, beside a panel with the
/// state's stacks, navigation event, actions, contexts, requests and log as the
/// text output writes them.
///
/// ```swift
/// let renderer = HTMLStateRenderer()
/// let page = HTMLDocument.document(title: "home", frames: [renderer.frame(state)])
/// ```
///
/// The fragment needs ``HTMLDocument/stylesheet``. Each frame is a
/// `<section class="b-frame" data-beagle-step="N">`; its screen area is marked
/// `data-beagle-screen`; each component carries `data-beagle-id` (its Beagle
/// `id`), `data-beagle-type` and `data-beagle-path` (its rendered JSON Pointer).
/// Payload strings are always escaped text.
package struct HTMLStateRenderer: Sendable {
  package var imageMode: HTMLImageMode
  /// The manifest's `theme`: a `styleId` outside it is marked as unknown.
  package var themeNames: Set<String>?
  /// Turns a diagnostic's source and offset into `file:line:column` for the log.
  package var locate: @Sendable (Diagnostic) -> String?

  package init(
    imageMode: HTMLImageMode = .placeholder, themeNames: [String]? = nil,
    locate: @escaping @Sendable (Diagnostic) -> String? = { _ in nil }
  ) {
    self.imageMode = imageMode
    self.themeNames = themeNames.map(Set.init)
    self.locate = locate
  }

  /// The frame of `state`; `highlight` marks what the next step acts on (in this
  /// state's screen, navigation bar or dialog).
  package func frame(_ state: RunState, highlight: HTMLHighlight? = nil) -> String {
    var out = ""
    write(state, highlight: highlight) { out += $0 }
    return out
  }

  /// Writes ``frame(_:highlight:)``'s HTML to `output`, in pieces.
  package func write(
    _ state: RunState, highlight: HTMLHighlight? = nil, to output: (String) -> Void
  ) {
    var out =
      "<section class=\"b-frame\" id=\"step-\(state.step)\" data-beagle-step=\"\(state.step)\">"
    out += "<h2 class=\"b-label\">step \(state.step) · " + state.event.htmlEscaped + "</h2>"
    out += "<div class=\"b-frame-body\"><div class=\"b-phone\">"
    out += "<div class=\"b-status\"></div>"
    if let bar = state.navigationBar { drawNavigationBar(bar, highlight: highlight, into: &out) }
    out +=
      "<div class=\"b-screen\" data-beagle-screen=\"" + (state.topScreen?.route ?? "").htmlEscaped
      + "\">"
    output(out)
    out = ""
    if let screen = state.screen {
      // Written in pieces cut between components (a setting reference, which only the
      // panel holds, is never cut), not held whole. The drawer, which holds `output`,
      // ends inside the closure.
      withoutActuallyEscaping(output) { output in
        var drawer = HTMLComponentDrawer(imageMode: imageMode, themeNames: themeNames)
        if let highlight, case .component(let pointer) = highlight.target {
          drawer.highlight = (pointer, highlight.label)
        }
        drawer.flush = { out in
          output(out)
          out = ""
        }
        drawer.draw(screen, parent: YogaStyle(), isRoot: true, into: &out)
      }
    }
    out += "</div>"
    if let dialog = state.dialog { drawDialog(dialog, highlight: highlight, into: &out) }
    out += "</div>"
    out += "<pre class=\"b-panel\">"
    output(out)
    writePanel(of: state, to: output)
    output("</pre></div></section>\n")
  }

  // MARK: - Parts

  private func drawNavigationBar(
    _ bar: NavigationBarState, highlight: HTMLHighlight?, into out: inout String
  ) {
    out += "<div class=\"b-navbar\" data-beagle-navbar>"
    out += "<span class=\"b-back\">"
    if let back = bar.backButton { out += "‹ " + back.htmlEscaped }
    out += "</span><span class=\"b-title\">" + bar.title.htmlEscaped + "</span>"
    out += "<span class=\"b-items\">"
    for (index, item) in bar.items.enumerated() {
      var attributes = "class=\"b-item"
      if let highlight, highlight.target == .navigationBarItem(index) {
        attributes +=
          " b-hit\" data-beagle-hit=\"" + highlight.label.htmlEscaped + "\" title=\""
          + highlight.label.htmlEscaped
      }
      out += "<span " + attributes + "\">" + item.htmlEscaped + "</span>"
    }
    out += "</span></div>"
  }

  private func drawDialog(_ dialog: Dialog, highlight: HTMLHighlight?, into out: inout String) {
    out += "<div class=\"b-dialog-layer\" data-beagle-dialog=\"\(dialog.kind.rawValue)\">"
    out += "<div class=\"b-dialog\" role=\"alertdialog\">"
    if let title = dialog.title {
      out += "<div class=\"b-dialog-title\">" + title.htmlEscaped + "</div>"
    }
    out += "<div class=\"b-dialog-message\">" + dialog.message.htmlEscaped + "</div>"
    out += "<div class=\"b-dialog-buttons\">"
    for button in dialog.buttons {
      var classes = "b-dialog-button"
      var extra = ""
      if let highlight, highlight.target == .dialogButton(button.label) {
        classes += " b-hit"
        extra =
          " data-beagle-hit=\"" + highlight.label.htmlEscaped + "\" title=\""
          + highlight.label.htmlEscaped + "\""
      }
      out +=
        "<span class=\"\(classes)\" role=\"button\"\(extra)>" + button.label.htmlEscaped + "</span>"
    }
    out += "</div></div></div>"
  }

  /// Writes the state as the text output shows it, without its first line (the frame's
  /// label) and its screen outline (the drawing), escaped, in the text renderer's
  /// pieces (whole lines, so escaped alike in pieces and whole): a 10 MB screen's panel
  /// is 1.2 MB, and made whole, cut and escaped it was held about four times over.
  private func writePanel(of state: RunState, to output: (String) -> Void) {
    var state = state
    state.screen = nil
    var isFirst = true
    TextRenderer(locate: locate).write(state) { piece in
      defer { isFirst = false }
      // The first piece holds the first line whole.
      if isFirst, let newline = piece.firstIndex(of: "\n") {
        output(String(piece[piece.index(after: newline)...]).htmlEscaped)
      } else {
        output(piece.htmlEscaped)
      }
    }
  }
}
