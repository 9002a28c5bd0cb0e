import Foundation

/// A folder of screens for the preview's tests: a counter whose button changes a
/// context and a text bound to it, a text input, a button that pushes a second
/// screen holding an XSS payload as text, and a button that opens a confirm.
struct PreviewFixture {
  let folder: URL

  static let counter = """
    {
      "_beagleComponent_": "beagle:screenComponent",
      "navigationBar": {"title": "Counter"},
      "child": {
        "_beagleComponent_": "beagle:container",
        "context": {"id": "count", "value": 0},
        "children": [
          {"_beagleComponent_": "beagle:text", "id": "label", "text": "Count: @{count}"},
          {"_beagleComponent_": "beagle:button", "id": "inc", "text": "Add",
           "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": "count",
                        "value": "@{sum(count, 1)}"}]},
          {"_beagleComponent_": "beagle:button", "id": "next", "text": "Next",
           "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/second"}}]},
          {"_beagleComponent_": "beagle:button", "id": "ask", "text": "Ask",
           "onPress": [{"_beagleAction_": "beagle:confirm", "title": "Sure?", "message": "Reset?",
                        "labelOk": "Yes", "labelCancel": "No",
                        "onPressOk": [{"_beagleAction_": "beagle:setContext", "contextId": "count",
                                       "value": 0}]}]},
          {"_beagleComponent_": "beagle:button", "id": "load", "text": "Load",
           "onPress": [{"_beagleAction_": "beagle:sendRequest", "url": "/profile",
                        "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "count",
                                       "value": "@{onSuccess.data.visits}"}]}]},
          {"_beagleComponent_": "beagle:container",
           "context": {"id": "form", "value": {"focused": "-", "typed": "-"}},
           "children": [
             {"_beagleComponent_": "beagle:text", "id": "echo",
              "text": "Focused with '@{form.focused}', typed '@{form.typed}'"},
             {"_beagleComponent_": "beagle:textInput", "id": "name", "placeholder": "Your name",
              "onFocus": [{"_beagleAction_": "beagle:setContext", "contextId": "form",
                           "path": "focused", "value": "@{onFocus.value}"}],
              "onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "form",
                            "path": "typed", "value": "@{onChange.value}"}]}
           ]}
        ]
      }
    }
    """

  /// A payload trying every way into the page: a script element, an image that
  /// would fetch from another host, an attribute breakout.
  static let xssText =
    #"<script>alert(1)</script><img src=\"http://example.invalid/x.png\" onerror=\"alert(2)\">\" onmouseover=\"alert(3)"#

  static let second = """
    {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Second"},
     "child": {"_beagleComponent_": "beagle:text", "id": "payload", "text": "\(xssText)"}}
    """

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("beagle-run-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try write("index.json", Self.counter)
    try write("second.json", Self.second)
  }

  /// The screen file's path.
  var screen: String { folder.appendingPathComponent("index.json").path }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  func read(_ name: String) -> String? {
    (try? Data(contentsOf: folder.appendingPathComponent(name))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}
