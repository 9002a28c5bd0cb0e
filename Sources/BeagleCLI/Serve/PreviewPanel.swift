import BeagleHTTP
import BeagleJSON
import BeagleRendering
import BeagleRuntime

/// The page's panel: the state's contexts, log, requests (a pending one with a
/// form to answer it) and navigation event, and the events so far with the
/// recording form.
///
/// Values are shown as the JSON state shows them (one line each); every payload
/// string is escaped. Each control carries the script step it performs in
/// `data-preview-step`, which the page posts as it is.
enum PreviewPanel {
  /// Contexts, log, requests and navigation event of `state`.
  static func state(_ state: RunState, place: (Diagnostic) -> String?) -> String {
    let printer = JSONPrinter()
    var html = "<section class=\"step\"><h2>Step \(state.step)</h2><p data-preview-event>"
    html += state.event.htmlEscaped + "</p></section>\n"
    html += "<section class=\"contexts\"><h2>Contexts</h2><dl>"
    for entry in state.contexts {
      html += "<dt>\(entry.id.htmlEscaped)"
      if let pointer = entry.declaredAt {
        html += " <small>at \(pointer.description.htmlEscaped)</small>"
      }
      html += "</dt><dd data-preview-context=\"\(entry.id.htmlEscaped)\">"
      html += printer.print(entry.value).htmlEscaped + "</dd>"
    }
    html += "</dl></section>\n"
    if let event = state.navigationEvent {
      html += "<section class=\"navigation\"><h2>Navigation</h2><p data-preview-navigation>"
      html += printer.print(JSONStateRenderer.value(of: event)).htmlEscaped + "</p></section>\n"
    }
    html += "<section class=\"requests\"><h2>Requests</h2>"
    if state.requests.isEmpty { html += "<p class=\"none\">none in this step</p>" }
    html += "<ul>"
    for request in state.requests {
      html += "<li data-preview-request>"
      html += printer.print(JSONStateRenderer.value(of: request)).htmlEscaped + "</li>"
    }
    html += "</ul></section>\n"
    html += "<section class=\"log\"><h2>Log</h2>"
    if state.log.isEmpty { html += "<p class=\"none\">nothing logged in this step</p>" }
    html += "<ul>"
    for diagnostic in state.log {
      let location = place(diagnostic).map { $0 + ": " } ?? ""
      html += "<li class=\"\(diagnostic.severity.rawValue)\" data-preview-log>"
      html += (location + diagnostic.severity.rawValue + ": " + diagnostic.message).htmlEscaped
      html += "</li>"
    }
    html += "</ul></section>\n"
    return html
  }

  /// A form to answer each request still waiting for a `respond` step.
  static func pendingRequests(_ pending: [RequestRecord]) -> String {
    guard !pending.isEmpty else { return "" }
    var html = "<section class=\"respond\"><h2>Waiting for an answer</h2>"
    for request in pending {
      let id = request.id.map(String.init) ?? ""
      html += "<form class=\"respond\" data-preview-respond=\"\(id)\">"
      html += "<p>#\(id) \(request.method.rawValue) \(request.url.htmlEscaped)</p>"
      html +=
        "<label>status <input name=\"status\" type=\"number\" min=\"100\" max=\"599\" value=\"200\"></label>"
      html += "<label>body (JSON) <textarea name=\"body\" rows=\"3\">{}</textarea></label>"
      html += "<button type=\"submit\">Respond</button></form>"
    }
    return html + "</section>\n"
  }

  /// The events so far, the last notice, and the recording form.
  static func events(_ steps: [String], notice: Notice?, screenName: String) -> String {
    var html = "<section class=\"events\"><h2>Events</h2>"
    if let notice {
      html +=
        "<p class=\"notice \(notice.kind.rawValue)\" data-preview-notice=\"\(notice.kind.rawValue)\">"
      html += notice.text.htmlEscaped + "</p>"
    }
    html += "<ol data-preview-events>"
    for step in steps { html += "<li>\(step.htmlEscaped)</li>" }
    html += "</ol>"
    html +=
      "<button type=\"button\" id=\"reset\" data-preview-reset>Start over</button></section>\n"
    let stem = screenName.hasSuffix(".json") ? String(screenName.dropLast(5)) : screenName
    html += "<section class=\"record\"><h2>Record</h2><form id=\"record\">"
    html += "<label>scenario <input id=\"record-name\" name=\"name\" value=\""
    html += (stem + "-recorded.scenario").htmlEscaped + "\"></label>"
    html +=
      "<label><input id=\"record-overwrite\" name=\"overwrite\" type=\"checkbox\"> overwrite</label>"
    html += "<button type=\"submit\" id=\"record-save\">Save scenario</button></form></section>\n"
    return html
  }

  /// A message about the last thing the preview did.
  struct Notice: Equatable {
    enum Kind: String {
      case info, error
    }
    var kind: Kind
    var text: String
  }
}
