import BeagleJSON
import Testing

@testable import BeagleRuntime

/// Action summaries read an action's fields in place while they are still in the
/// decoded document (``LazyJSONObject/member(_:)``); they must say exactly what they
/// say of the same fields materialised.
@Suite struct ActionSummaryTests {
  /// The first action of a button's `onPress`, decoded from `action`.
  func decodedAction(_ action: String) throws -> ActionNode {
    let payload = #"{"_beagleComponent_":"beagle:button","text":"b","onPress":["# + action + "]}"
    return try #require(decode(payload).root?.event("onPress")?.actions.first)
  }

  /// `action` with its fields materialised (as the evaluator leaves them).
  func materialised(_ action: ActionNode) -> ActionNode {
    var copy = action
    copy.fields = LazyJSONObject(action.fields.object)
    return copy
  }

  @Test(
    "summaries say what docs/running.md and ActionSummary's examples show",
    arguments: [
      (
        #"{"_beagleAction_":"beagle:setContext","contextId":"login","path":"password","value":"s3cret"}"#,
        #"setContext login.password = "s3cret""#
      ),
      (
        #"{"_beagleAction_":"beagle:setContext","contextId":"login","path":"password","value":"@{onChange.value}"}"#,
        #"setContext login.password = "@{onChange.value}""#
      ),
      (
        #"{"_beagleAction_":"beagle:sendRequest","url":"/login","method":"POST"}"#,
        "sendRequest POST /login"
      ),
      (#"{"_beagleAction_":"beagle:pushView","route":{"url":"/cart"}}"#, "pushView /cart"),
      (
        #"{"_beagleAction_":"beagle:setContext","contextId":"user","path":"name","value":"Ana"}"#,
        #"setContext user.name = "Ana""#
      ),
    ])
  func documented(action: String, expected: String) throws {
    let node = try decodedAction(action)
    #expect(node.fields.source != nil)
    #expect(ActionSummary.summary(of: node) == expected)
    #expect(ActionSummary.summary(of: materialised(node)) == expected)
  }

  /// Every field shape the summaries read: strings with and without escapes, control
  /// characters (C0, DEL, C1), non-ASCII, long texts cut at 48 characters, numbers,
  /// objects, routes with repeated keys and local screens, absent fields.
  static let actions: [String] = [
    #"{"_beagleAction_":"beagle:pushView","route":{"url":"/a","shouldPrefetch":true}}"#,
    #"{"_beagleAction_":"beagle:pushView","route":{"url":"/a","url":"/b"}}"#,
    #"{"_beagleAction_":"beagle:pushView","route":"/plain"}"#,
    #"{"_beagleAction_":"beagle:pushView","route":{"url":"/x\ny\u007f\u0085z"}}"#,
    #"{"_beagleAction_":"beagle:pushView","route":{"url":12}}"#,
    #"{"_beagleAction_":"beagle:pushStack","route":{"screen":{"_beagleComponent_":"beagle:screenComponent","identifier":"detail","child":{"_beagleComponent_":"beagle:text","text":"x"}}}}"#,
    #"{"_beagleAction_":"beagle:resetStack","route":{"screen":{"_beagleComponent_":"beagle:screenComponent","id":"by-id","child":{"_beagleComponent_":"beagle:text","text":"x"}}}}"#,
    #"{"_beagleAction_":"beagle:resetApplication","route":{"screen":{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"x"}}}}"#,
    #"{"_beagleAction_":"beagle:pushView","route":{"shouldPrefetch":true}}"#,
    #"{"_beagleAction_":"beagle:pushView"}"#,
    #"{"_beagleAction_":"beagle:popToView","route":"/home"}"#,
    #"{"_beagleAction_":"beagle:popToView","route":{"url":"/home"}}"#,
    #"{"_beagleAction_":"beagle:openNativeRoute","route":"caf\u00e9"}"#,
    #"{"_beagleAction_":"beagle:openExternalURL","url":"https://example.com/a\tb"}"#,
    #"{"_beagleAction_":"beagle:popView"}"#,
    #"{"_beagleAction_":"beagle:sendRequest","url":"https://bff/@{user.id}"}"#,
    #"{"_beagleAction_":"beagle:sendRequest","url":"/u","method":"DELETE"}"#,
    #"{"_beagleAction_":"beagle:sendRequest","url":["/u"],"method":7}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":true}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"","value":-0}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"[2].a","value":1.50}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":3,"value":null}"#,
    #"{"_beagleAction_":"beagle:setContext","value":{"items":[{"id":1,"price":469.59},{"id":"@{product.id}","qty":2}],"total":1e3}}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"\"quoted\" and \\ back"}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"0123456789012345678901234567890123456789012345"}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"01234567890123456789012345678901234567890123456"}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":"0123456789012345678901234567890123456789012345678901234567890123456789xyz"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"Hello @{user.name}, you have @{sum(cart.count, 1)} items"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"Lançamento 🚀 em @{launch.date}\tfaltam @{launch.days} dias"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"Linha um\nLinha dois com \"aspas\" e café — @{user.address.city}"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"a\u007fb\u0085c\u0000d"}"#,
    #"{"_beagleAction_":"beagle:alert","message":"\ud83d\ude80"}"#,
    #"{"_beagleAction_":"beagle:alert"}"#,
    #"{"_beagleAction_":"beagle:confirm","message":["a",{"b":"c"}]}"#,
    #"{"_beagleAction_":"beagle:condition","condition":"@{isEmpty(cart.items)}","onTrue":[{"_beagleAction_":"beagle:popView"}]}"#,
    #"{"_beagleAction_":"beagle:condition","condition":false}"#,
    #"{"_beagleAction_":"beagle:addChildren","componentId":"list","value":[]}"#,
    #"{"_beagleAction_":"beagle:addChildren","componentId":"li\nst","mode":"PREPEND","value":[]}"#,
    #"{"_beagleAction_":"beagle:addChildren","value":[]}"#,
    #"{"_beagleAction_":"beagle:submitForm"}"#,
    // Objects and arrays, whose start is read from the document (the rest is not).
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":{"a":1,"b":[true,null],"a":{"c":"d"}}}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":{"caf\u00e9":"\u00e9","a\"b":1,"\n":[],"":{}}}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk1":1,"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk2":2}}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99]}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":[[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[]]}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":[{"s":"éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"},"\u0085\u007f",1e400,-0,0.1]}"#,
    #"{"_beagleAction_":"beagle:popView","extra":{"a":[1,2,{"b":"c"}]},"n":"x","analytics":{"x":1}}"#,
    // Strings shown as written (context ids, paths, methods, modes), copied from the
    // document's bytes when they have no escapes: control characters, escapes,
    // non-ASCII, a path opening with `[` and one whose `[` a combining mark joins.
    #"{"_beagleAction_":"beagle:setContext","contextId":"c\u0001d","path":"a\tb","value":1}"#,
    "{\"_beagleAction_\":\"beagle:setContext\",\"contextId\":\"c\u{7F}\u{85}é\",\"path\":\"x\u{7F}\",\"value\":\"v\"}",
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"[0]","value":1}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"[","value":1}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"[\u0301x]","value":1}"#,
    "{\"_beagleAction_\":\"beagle:setContext\",\"contextId\":\"c\",\"path\":\"[\u{301}x]\",\"value\":1}",
    "{\"_beagleAction_\":\"beagle:setContext\",\"contextId\":\"c\",\"path\":\"[é\",\"value\":1}",
    #"{"_beagleAction_":"beagle:setContext","contextId":"c","path":"\u005b1]","value":1}"#,
    #"{"_beagleAction_":"beagle:setContext","contextId":7,"path":{"a":1},"value":1}"#,
    #"{"_beagleAction_":"beagle:sendRequest","url":"/u\u0000","method":"P\"OST\u0085"}"#,
    "{\"_beagleAction_\":\"beagle:sendRequest\",\"url\":\"/ü\u{9F}\",\"method\":\"GÉT\u{7F}\"}",
    #"{"_beagleAction_":"beagle:addChildren","componentId":"l\u0069st","mode":"RE\nPLACE","value":[]}"#,
    #"{"_beagleAction_":"beagle:addChildren","componentId":["x"],"mode":3,"value":[]}"#,
    #"{"_beagleAction_":"beagle:pushView","route":{"url":"/caf\u00e9\u0085"}}"#,
    "{\"_beagleAction_\":\"beagle:pushView\",\"route\":{\"url\":\"/ca\u{85}fé\"}}",
    #"{"_beagleAction_":"beagle:openExternalURL","url":"https://a/\u0001"}"#,
    #"{"_beagleAction_":"beagle:popView","k\u00e9y":"v\u0001","n":"\"x\\","m":"ÿ\u007f"}"#,
  ]

  @Test(
    "a summary read in the document is the summary of the materialised fields", arguments: actions)
  func inPlaceEqualsMaterialised(action: String) throws {
    let node = try decodedAction(action)
    let inPlace = ActionSummary.summary(of: node)
    let whole = ActionSummary.summary(of: materialised(node))
    #expect(inPlace == whole)
    // Reading in place left the fields in the document.
    #expect(node.fields.source != nil || node.fields.isEmpty)
  }

  /// A path opening with the character `[` follows the context id directly; any other
  /// path after a dot (``SetContextAction``'s summary: `String.hasPrefix("[")`, which a
  /// `[` that a combining mark joins does not pass).
  @Test(
    "a path opening with [ follows the context id, any other after a dot",
    arguments: [
      ("[0].a", "setContext c[0].a = 1"), ("[", "setContext c[ = 1"),
      ("a[0]", "setContext c.a[0] = 1"), ("", "setContext c. = 1"),
      ("[\u{301}x", "setContext c.[\u{301}x = 1"), ("[é", "setContext c[é = 1"),
    ])
  func pathSeparator(path: String, expected: String) throws {
    var action = JSONObject()
    action["_beagleAction_"] = "beagle:setContext"
    action["contextId"] = "c"
    action["path"] = .string(path)
    action["value"] = 1
    let node = try decodedAction(JSONPrinter().print(.object(action)))
    #expect(ActionSummary.summary(of: node) == expected)
    #expect(ActionSummary.summary(of: materialised(node)) == expected)
  }

  @Test("an unknown action shows its type and no fields")
  func unknownAction() throws {
    let unknown = try decodedAction(#"{"_beagleAction_":"my:thing","a":"b\u0001"}"#)
    #expect(ActionSummary.summary(of: unknown) == "my:thing (unknown action)")
  }

  @Test("long and non-ASCII values are cut at 48 characters, an ellipsis last")
  func cut() throws {
    let digits = String(repeating: "0123456789", count: 7)
    let long = try decodedAction(
      #"{"_beagleAction_":"beagle:alert","message":""# + digits + #""}"#)
    #expect(ActionSummary.summary(of: long) == "alert \"" + digits.prefix(46) + "…")
    // 46 characters and the quotes: 48, not cut.
    let fits = try decodedAction(
      #"{"_beagleAction_":"beagle:alert","message":""# + digits.prefix(46) + #""}"#)
    #expect(ActionSummary.summary(of: fits) == "alert \"" + digits.prefix(46) + "\"")
    let accents = String(repeating: "é", count: 60)
    let wide = try decodedAction(
      #"{"_beagleAction_":"beagle:alert","message":""# + accents + #""}"#)
    #expect(ActionSummary.summary(of: wide) == "alert \"" + accents.prefix(46) + "…")
  }
}
