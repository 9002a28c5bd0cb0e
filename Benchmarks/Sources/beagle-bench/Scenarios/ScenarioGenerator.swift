/// Generates golden-test scenarios: realistic screens of about 60 components, each
/// with a five-step script, spread over folders of 100 as a team would keep them.
///
/// A screen is a product listing: a navigation bar with a cart item, a screen
/// context (`cart`), a header container with its own context (`user`) and texts
/// bound to both, eight product cards (a container with a `product` context, an
/// image, name and price texts, an "Add" button running `setContext` with
/// `@{sum(cart.count, 1)}`, and a touchable that pushes the remote `/detail`
/// route), and a footer. Each folder has the `detail.json` screen those routes
/// fetch. The script:
///
/// ```
/// tap #add-3
/// expect text "Cart: 1 items"
/// tap "See details of Tênis Pro 3"
/// expect title "Product details"
/// back
/// ```
///
/// The same seed gives the same files on every machine. Bump ``version`` when the
/// output changes: it is part of the folder's name.
struct ScenarioGenerator {
  static let version = 1
  static let defaultSeed: UInt64 = 0x5CE7_A210_2026_1122
  static let scenariosPerFolder = 100
  static let cardsPerScreen = 8

  private var random: SplitMix64

  init(seed: UInt64 = ScenarioGenerator.defaultSeed) {
    random = SplitMix64(seed: seed)
  }

  /// A generated file: its path inside the scenarios folder and its bytes.
  struct File {
    var path: String
    var bytes: [UInt8]
  }

  /// Every file of `count` scenarios (screens, scenarios, detail screens).
  mutating func files(count: Int) -> [File] {
    var files: [File] = []
    for index in 0..<count {
      let folder = "feature-\(index / Self.scenariosPerFolder)"
      if index % Self.scenariosPerFolder == 0 {
        files.append(File(path: "\(folder)/detail.json", bytes: Self.print(detailScreen())))
      }
      let name = "screen-\(index)"
      let (screen, script) = listing(index: index)
      files.append(File(path: "\(folder)/\(name).json", bytes: Self.print(screen)))
      files.append(
        File(path: "\(folder)/\(name).scenario", bytes: Array(scenario(index, script).utf8)))
    }
    return files
  }

  // MARK: - Scenario

  private mutating func scenario(_ index: Int, _ steps: [String]) -> String {
    var header = [
      "# Generated scenario \(index): add a product to the cart, open its details, go back.",
      "screen: screen-\(index).json",
    ]
    if random.chance(0.3) {
      header.append("global: {\"locale\": \"pt-BR\", \"session\": \(index)}")
    }
    if random.chance(0.2) { header.append("profile: \(random.pick(Choices("android", "web")))") }
    if random.chance(0.1) { header.append("format: json") }
    return (header + ["---"] + steps).joined(separator: "\n") + "\n"
  }

  // MARK: - Screens

  /// The listing screen of scenario `index` and the steps of its script.
  private mutating func listing(index: Int) -> (PayloadNode, [String]) {
    var cards: [PayloadNode] = []
    var names: [String] = []
    for card in 0..<Self.cardsPerScreen {
      let name = productName(card)
      names.append(name)
      cards.append(productCard(card, name: name))
    }
    let chosen = random.int(below: Self.cardsPerScreen)
    let steps = [
      "tap #add-\(chosen)",
      "expect text \"Cart: 1 items\"",
      "tap \"See details of \(names[chosen])\"",
      "expect title \"Product details\"",
      "back",
    ]
    let header = component(
      "container",
      [
        ("id", .string("header")),
        ("context", context("user", userValue(index))),
        (
          "children",
          .array([
            text("Hello @{user.name}, welcome back"),
            text("Cart: @{cart.count} items"),
            text("@{condition(user.premium, 'Free shipping for you', 'Shipping from R$ 9,90')}"),
          ])
        ),
      ])
    let footer = component(
      "container",
      [
        (
          "children",
          .array([
            text("Prices in R$ for the @{cart.count} items in your cart"),
            component(
              "button",
              [
                ("text", .string("Help")),
                (
                  "onPress",
                  .array([
                    action(
                      "openExternalURL", [("url", .string("https://help.example.com/\(index)"))])
                  ])
                ),
              ]),
          ])
        )
      ])
    let screen = component(
      "screenComponent",
      [
        ("identifier", .string("listing-\(index)")),
        (
          "navigationBar",
          .object([
            ("title", .string(random.pick(Choices("Ofertas", "Novidades", "Deals", "Produtos")))),
            (
              "navigationBarItems",
              .array([
                component(
                  "navigationBarItem",
                  [
                    ("text", .string("Cart")),
                    ("action", pushDetail()),
                  ])
              ])
            ),
          ])
        ),
        (
          "context",
          context(
            "cart", .object([("count", .int(0)), ("items", .array([])), ("total", .double(0))]))
        ),
        (
          "child",
          component(
            "container",
            [
              ("id", .string("main")),
              ("children", .array([header] + cards + [footer])),
            ])
        ),
      ])
    return (screen, steps)
  }

  private mutating func productCard(_ card: Int, name: String) -> PayloadNode {
    let price = Double(random.int(in: 99...49_999)) / 100
    return component(
      "container",
      [
        ("id", .string("card-\(card)")),
        (
          "context",
          context(
            "product",
            .object([
              ("sku", .string("SKU-\(random.int(in: 10_000...99_999))")),
              ("name", .string(name)),
              ("price", .double(price)),
              ("inStock", .bool(random.chance(0.8))),
            ]))
        ),
        (
          "children",
          .array([
            component(
              "image",
              [
                (
                  "path",
                  .object([
                    ("_beagleImagePath_", .string("remote")),
                    ("url", .string("https://cdn.example.com/p/\(random.int(in: 1...99_999)).png")),
                  ])
                )
              ]),
            text("@{product.name}"),
            text("R$ @{product.price} · @{condition(product.inStock, 'in stock', 'sold out')}"),
            component(
              "button",
              [
                ("id", .string("add-\(card)")),
                ("text", .string("Add")),
                (
                  "onPress",
                  .array([
                    action(
                      "setContext",
                      [
                        ("contextId", .string("cart")),
                        ("path", .string("count")),
                        ("value", .string("@{sum(cart.count, 1)}")),
                      ])
                  ])
                ),
              ]),
            component(
              "touchable",
              [
                ("onPress", .array([pushDetail()])),
                ("child", text("See details of \(name)")),
              ]),
          ])
        ),
      ])
  }

  private func detailScreen() -> PayloadNode {
    component(
      "screenComponent",
      [
        ("identifier", .string("detail")),
        ("navigationBar", .object([("title", .string("Product details"))])),
        (
          "child",
          component(
            "container",
            [
              (
                "children",
                .array([
                  text("Free returns within 30 days"),
                  component(
                    "button",
                    [("text", .string("Back")), ("onPress", .array([action("popView", [])]))]),
                ])
              )
            ])
        ),
      ])
  }

  // MARK: - Parts

  private mutating func userValue(_ index: Int) -> PayloadNode {
    .object([
      ("name", .string(random.pick(Choices("Ana", "Bia", "Caio", "Davi", "Érica", "Fábio")))),
      ("premium", .bool(random.chance(0.3))),
      (
        "address",
        .object([
          ("city", .string(random.pick(Choices("Recife", "São Paulo", "Porto")))),
          ("zip", .string(String(10_000 + index))),
        ])
      ),
    ])
  }

  private mutating func productName(_ card: Int) -> String {
    let noun = random.pick(Choices("Café", "Tênis", "Camiseta", "Fone", "Mochila", "Relógio"))
    let adjective = random.pick(Choices("Premium", "Clássico", "Eco", "Pro", "Mini"))
    return "\(noun) \(adjective) \(card)"
  }

  private func pushDetail() -> PayloadNode {
    action("pushView", [("route", .object([("url", .string("/detail"))]))])
  }

  private func context(_ id: String, _ value: PayloadNode) -> PayloadNode {
    .object([("id", .string(id)), ("value", value)])
  }

  private func text(_ text: String) -> PayloadNode {
    component("text", [("text", .string(text))])
  }

  private func component(_ name: String, _ members: [(String, PayloadNode)]) -> PayloadNode {
    .object([("_beagleComponent_", .string("beagle:" + name))] + members)
  }

  private func action(_ name: String, _ members: [(String, PayloadNode)]) -> PayloadNode {
    .object([("_beagleAction_", .string("beagle:" + name))] + members)
  }

  private static func print(_ node: PayloadNode) -> [UInt8] {
    PayloadPrinter.print(node, level: 0, isMinified: false) + [UInt8(ascii: "\n")]
  }
}
