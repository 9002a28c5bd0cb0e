/// Generates a file BFF of `count` linked screens for `beagle-bench graph`.
///
/// `index.json` is the entry (route `/`), screen `k` is `sK.json` (route `/sK`).
/// Each screen is a feed of about 30 components (texts, images, cards in a list
/// view's template) with the links a real app has: a navigation bar item, a push
/// to the next screen (so every screen is reachable) and one to a random screen, a
/// pushStack, a list template's push, a sendRequest whose `onSuccess` pushes and
/// whose `onError` opens an alert, and a popToView back home. Every 5th push has a
/// `fallback`, every 10th screen pushes a route built from an expression, every
/// 50th resets the app and every 100th links to a screen that does not exist.
/// The same seed gives the same files.
struct GraphBFFGenerator {
  static let defaultSeed: UInt64 = 0x6EA9_4B1D_2026_1125
  private var random: SplitMix64

  init(seed: UInt64 = GraphBFFGenerator.defaultSeed) {
    random = SplitMix64(seed: seed)
  }

  /// Every screen, as (file name, bytes).
  mutating func files(count: Int) -> [(name: String, bytes: [UInt8])] {
    (0..<count).map { index in
      (index == 0 ? "index.json" : "s\(index).json", Array(screen(index, count: count).utf8))
    }
  }

  private static func route(_ index: Int) -> String { index == 0 ? "/" : "/s\(index)" }

  private func push(_ route: String, fallback: Bool = false, kind: String = "pushView") -> String {
    let rescue =
      fallback
      ? #", "fallback": {"identifier": "offline", "child": {"_beagleComponent_": "beagle:text", "text": "Offline"}}"#
      : ""
    return #"{"_beagleAction_": "beagle:\#(kind)", "route": {"url": "\#(route)"\#(rescue)}}"#
  }

  private func button(_ text: String, _ actions: [String]) -> String {
    #"{"_beagleComponent_": "beagle:button", "text": "\#(text)", "onPress": [\#(actions.joined(separator: ", "))]}"#
  }

  private mutating func screen(_ index: Int, count: Int) -> String {
    let next = Self.route((index + 1) % count)
    let other = Self.route(random.int(below: count))
    let modal = Self.route(random.int(below: count))
    let template = Self.route(random.int(below: count))
    let success = Self.route(random.int(below: count))
    var children: [String] = [
      #"{"_beagleComponent_": "beagle:text", "text": "Screen \#(index) of \#(count)"}"#,
      #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "https://cdn.example.com/\#(index).png"}}"#,
      button("Next", [push(next, fallback: index % 5 == 0)]),
      button("Elsewhere", [push(other)]),
      button("Open", [push(modal, kind: "pushStack")]),
      button(
        "Send",
        [
          #"{"_beagleAction_": "beagle:sendRequest", "url": "/api/items/\#(index)", "method": "POST", "#
            + #""onSuccess": [\#(push(success))], "#
            + #""onError": [{"_beagleAction_": "beagle:alert", "message": "Failed"}]}"#
        ]),
      button("Home", [#"{"_beagleAction_": "beagle:popToView", "route": "/"}"#]),
    ]
    if index % 10 == 0 { children.append(button("Mine", [push("/s/@{user.id}")])) }
    if index % 50 == 0 {
      children.append(button("Log out", [push("/", kind: "resetApplication")]))
    }
    if index % 100 == 0 { children.append(button("Old", [push("/gone/\(index)")])) }
    let cards = (0..<8).map { card in
      #"{"id": \#(card), "name": "Product \#(index)-\#(card)", "price": \#(card * 10 + 9)}"#
    }
    children.append(
      #"{"_beagleComponent_": "beagle:listView", "dataSource": [\#(cards.joined(separator: ", "))], "#
        + #""templates": [{"view": {"_beagleComponent_": "beagle:container", "children": ["#
        + #"{"_beagleComponent_": "beagle:text", "text": "@{item.name}"}, "#
        + #"{"_beagleComponent_": "beagle:text", "text": "@{item.price}"}, "#
        + button("See @{item.name}", [push(template)]) + "]}}]}")
    for line in 0..<12 {
      children.append(
        #"{"_beagleComponent_": "beagle:text", "text": "Line \#(line) of screen \#(index)"}"#)
    }
    return #"{"_beagleComponent_": "beagle:screenComponent", "identifier": "s\#(index)", "#
      + #""navigationBar": {"title": "Screen \#(index)", "navigationBarItems": [{"text": "Skip", "#
      + #""action": \#(push(Self.route((index + 7) % count)))}]}, "#
      + #""child": {"_beagleComponent_": "beagle:container", "children": [\#(children.joined(separator: ",\n"))]}}"#
      + "\n"
  }
}
