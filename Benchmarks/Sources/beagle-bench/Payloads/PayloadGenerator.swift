/// Generates deterministic, realistic Beagle screens of an exact byte size.
///
/// A screen is a `beagle:screenComponent` with a navigation bar, a context and a
/// root `beagle:container` whose children are "sections": trees of containers
/// nested up to ``maximumDepth`` levels holding texts with `@{…}` expressions,
/// buttons with action lists (setContext, pushView with a remote or local route,
/// sendRequest, condition, alert), list views over product data sources, remote
/// images and text inputs, with unicode text and escapes. Output is minified, as
/// BFFs send it, or pretty-printed with two-space indentation (`isMinified: false`).
///
/// The content mix is what issue #20 measures on: bindings in most texts,
/// contexts on most sections, lists with inline data sources, actions nested two
/// or three deep, about a quarter of the strings non-ASCII or `\u`-escaped.
///
/// The same seed and size always give the same bytes. The size is hit exactly:
/// sections are added while they fit, then small leaves, then one text node whose
/// text takes the remaining bytes.
///
/// ```swift
/// let screen = PayloadGenerator.screen(bytes: 1_000_000)  // exactly 1 MB
/// ```
struct PayloadGenerator {
  /// Bumped whenever the output changes, so stale payload files are not reused.
  static let version = 3
  static let defaultSeed: UInt64 = 0xBEA6_1E00_2026_1122
  /// The deepest container nesting inside a section (the root container is level 0).
  static let maximumDepth = 12
  /// Screens below this size get a smaller header and only leaves.
  private static let smallScreenLimit = 16_384
  /// Sections stop growing containers past this many components.
  private static let sectionComponentBudget = 400

  private var random: SplitMix64
  private var serial = 0
  private var componentsInSection = 0
  /// Whether the screen checks without errors or warnings: every context its
  /// bindings read is declared (by a chain of containers around the sections),
  /// only standard operations, list views with `templates`. The same random
  /// choices are made either way.
  private let isClean: Bool
  /// Whether the output has no whitespace (else two-space indentation).
  private let isMinified: Bool

  init(seed: UInt64 = PayloadGenerator.defaultSeed, isClean: Bool = false, isMinified: Bool = true)
  {
    random = SplitMix64(seed: seed)
    self.isClean = isClean
    self.isMinified = isMinified
  }

  /// A screen of exactly `target` bytes (or the smallest screen, if `target` is
  /// below it).
  static func screen(
    bytes target: Int, seed: UInt64 = defaultSeed, isClean: Bool = false, isMinified: Bool = true
  )
    -> [UInt8]
  {
    var generator = PayloadGenerator(seed: seed, isClean: isClean, isMinified: isMinified)
    return generator.makeScreen(bytes: target)
  }

  /// `formatNumber` is not a standard operation: clean screens use `sum`.
  private var formatNumber: String { isClean ? "sum" : "formatNumber" }

  /// A container declaring the `user` context of a local screen (clean screens).
  private func userContext(around content: PayloadNode) -> PayloadNode {
    let user = PayloadNode.object([
      ("id", .int(48_213)), ("name", .string("Ana Luísa")), ("firstName", .string("Ana")),
      ("lastName", .string("Luísa")), ("address", .object([("city", .string("São Paulo"))])),
    ])
    return component(
      "container",
      [
        ("context", .object([("id", .string("user")), ("value", user)])),
        ("children", .array([content])),
      ])
  }

  /// The containers that declare, outermost first, the contexts sections read
  /// besides `user` (clean screens only).
  private func contextShell(around content: PayloadNode) -> PayloadNode {
    let contexts: [(String, PayloadNode)] = [
      ("cart", .object([("count", .int(3)), ("total", .double(129.9)), ("items", .array([]))])),
      ("session", .object([("token", .string("abc123"))])),
      ("launch", .object([("date", .string("2026-12-01")), ("days", .int(6))])),
      ("form", .object([("name", .string("")), ("email", .string("")), ("zip", .string(""))])),
      ("countdown", .object([("minutes", .int(42))])),
      (
        "product",
        .object([("title", .string("Oferta")), ("discount", .int(15)), ("price", .double(9.9))])
      ),
    ]
    var node = content
    for (id, value) in contexts.reversed() {
      node = component(
        "container",
        [
          ("context", .object([("id", .string(id)), ("value", value)])),
          ("children", .array([node])),
        ])
    }
    return node
  }

  // MARK: - Screen

  private mutating func makeScreen(bytes target: Int) -> [UInt8] {
    let isSmall = target < Self.smallScreenLimit
    var printer = PayloadPrinter(isMinified: isMinified, reservingCapacity: target)
    printer.write(skeleton(isSmall: isSmall), level: 0)
    let level = printer.splice?.level ?? 3
    let spliceOffset = printer.splice?.offset ?? printer.bytes.count
    let suffix = Array(printer.bytes[spliceOffset...]) + (isMinified ? [] : [UInt8(ascii: "\n")])
    var output = Array(printer.bytes[..<spliceOffset])
    output.reserveCapacity(target)
    let separator = PayloadPrinter.separator(level: level, isMinified: isMinified)
    let emptyFiller = print(fillerText(length: 0), level: level)
    // Room kept for the closing filler: its separator, its skeleton, a few words.
    let reserved = separator.count + emptyFiller.count + suffix.count + 24
    var isFirst = true

    func fits(_ element: [UInt8]) -> Bool {
      output.count + (isFirst ? 0 : separator.count) + element.count + reserved <= target
    }
    func add(_ element: [UInt8]) {
      if !isFirst { output.append(contentsOf: separator) }
      output.append(contentsOf: element)
      isFirst = false
    }

    // Whole sections while they fit, then leaves until several in a row do not.
    if isSmall {
      for element in smallScreenChildren() {
        let printed = print(element, level: level)
        if fits(printed) { add(printed) }
      }
    } else {
      while true {
        let element = print(section(), level: level)
        guard fits(element) else { break }
        add(element)
      }
    }
    var misses = 0
    while misses < 8 {
      componentsInSection = 0
      let element = print(leaf(depth: level), level: level)
      if fits(element) {
        add(element)
        misses = 0
      } else {
        misses += 1
      }
    }
    let remaining =
      target - output.count - (isFirst ? 0 : separator.count) - emptyFiller.count - suffix.count
    add(print(fillerText(length: max(0, remaining)), level: level))
    output.append(contentsOf: suffix)
    return output
  }

  private func print(_ node: PayloadNode, level: Int) -> [UInt8] {
    PayloadPrinter.print(node, level: level, isMinified: isMinified)
  }

  private mutating func skeleton(isSmall: Bool) -> PayloadNode {
    let navigationBar: PayloadNode
    let context: PayloadNode
    if isSmall {
      navigationBar = .object([("title", .string("Início")), ("showBackButton", .bool(false))])
      context = .object([
        ("id", .string("user")),
        ("value", .object([("name", .string("Ana")), ("cart", .object([("count", .int(2))]))])),
      ])
    } else {
      navigationBar = .object([
        ("title", .string("Ofertas do dia")),
        ("showBackButton", .bool(true)),
        ("styleId", .string("NavigationBar.Default")),
        (
          "navigationBarItems",
          .array([
            .object([
              ("_beagleComponent_", .string("beagle:navigationBarItem")),
              ("id", .string("cart-item")),
              ("text", .string("Carrinho")),
              (
                "image",
                .object([("_beagleImagePath_", .string("local")), ("mobileId", .string("cart"))])
              ),
              ("action", pushRemote(url: "/cart")),
            ])
          ])
        ),
      ])
      context = .object([
        ("id", .string("user")),
        (
          "value",
          .object([
            ("id", .int(48_213)),
            ("name", .string("Ana Luísa")),
            ("firstName", .string("Ana")),
            ("lastName", .string("Luísa")),
            ("isPremium", .bool(true)),
            ("balance", .double(-12.5)),
            ("address", .object([("city", .string("São Paulo")), ("zip", .string("01310-100"))])),
            (
              "cart",
              .object([
                ("count", .int(3)), ("total", .double(129.9)), ("items", .array([])),
                ("coupon", .null),
              ])
            ),
            ("recentSearches", .array([.string("café"), .string("茶"), .string("tênis 👟")])),
          ])
        ),
      ])
    }
    return .object([
      ("_beagleComponent_", .string("beagle:screenComponent")),
      ("identifier", .string(isSmall ? "welcome" : "home-feed")),
      ("navigationBar", navigationBar),
      ("context", context),
      (
        "child",
        component(
          "container",
          [
            ("id", .string("root")),
            ("style", style()),
            ("children", .array([isClean && !isSmall ? contextShell(around: .splice) : .splice])),
          ])
      ),
    ])
  }

  /// What a small screen shows first: a greeting with expressions, a button
  /// with actions and an image.
  private mutating func smallScreenChildren() -> [PayloadNode] {
    [
      component(
        "text",
        [
          ("id", .string("greeting")),
          ("text", .string("Olá @{user.name}, você tem @{sum(user.cart.count, 1)} itens 🛒")),
        ]),
      component(
        "button",
        [
          ("id", .string("add")),
          ("text", .string("Adicionar")),
          (
            "onPress",
            .array([
              action(
                "setContext",
                [
                  ("contextId", .string("user")), ("path", .string("cart.count")),
                  ("value", .string("@{sum(user.cart.count, 1)}")),
                ]),
              pushRemote(url: "/cart"),
            ])
          ),
        ]),
    ]
  }

  /// A text component whose text is exactly `length` bytes of plain ASCII words.
  private func fillerText(length: Int) -> PayloadNode {
    let words = "Thanks for shopping with us and see you soon "
    var text = ""
    text.reserveCapacity(length)
    while text.utf8.count < length {
      text += words.prefix(length - text.utf8.count)
    }
    return component("text", [("id", .string("footer")), ("text", .string(text))])
  }

  // MARK: - Components

  private mutating func section() -> PayloadNode {
    componentsInSection = 0
    // One section in four has a spine of containers down to the deepest level;
    // elsewhere nesting thins out with depth, as in real screens.
    return container(depth: 1, hasSpine: random.chance(0.25))
  }

  private mutating func node(depth: Int) -> PayloadNode {
    let canNest = depth < Self.maximumDepth && componentsInSection < Self.sectionComponentBudget
    let nestChance = max(0.08, 0.5 - Double(depth) * 0.06)
    if canNest, random.chance(nestChance) { return container(depth: depth + 1) }
    return leaf(depth: depth)
  }

  private mutating func container(depth: Int, hasSpine: Bool = false) -> PayloadNode {
    componentsInSection += 1
    let id = nextID("container")
    var children: [PayloadNode] = []
    if hasSpine, depth < Self.maximumDepth {
      children.append(container(depth: depth + 1, hasSpine: true))
    }
    for _ in 0..<random.int(in: 1...4) { children.append(node(depth: depth)) }
    var members: [(String, PayloadNode)] = [("id", .string(id))]
    if random.chance(0.5) { members.append(("style", style())) }
    // Most sections (depth 1) declare a context of their own; deeper containers seldom do.
    if random.chance(depth == 1 ? 0.8 : 0.15) {
      members.append(
        (
          "context",
          .object([
            ("id", .string("ctx\(serial)")),
            (
              "value",
              .object([
                ("expanded", .bool(false)), ("page", .int(1)), ("query", .null),
                (
                  "title",
                  .string(random.pick(Choices("Promoções", "Para você", "精选", "Novidades")))
                ),
              ])
            ),
          ])
        ))
    }
    if random.chance(0.08) {
      members.append(("onInit", .array([sendRequest(depth: 2)])))
    }
    members.append(("children", .array(children)))
    return component("container", members)
  }

  private mutating func leaf(depth: Int) -> PayloadNode {
    componentsInSection += 1
    switch random.int(below: 100) {
    case 0..<38: return text()
    case 38..<60: return button()
    case 60..<74: return image()
    case 74..<86: return textInput()
    case 86..<93: return listView()
    default: return touchable()
    }
  }

  private mutating func text() -> PayloadNode {
    var members: [(String, PayloadNode)] = [
      ("id", .string(nextID("text"))), ("text", textContent()),
    ]
    if random.chance(0.4) {
      members.append(
        ("styleId", .string(random.pick(Choices("Text.Title", "Text.Body", "Text.Caption")))))
    }
    if random.chance(0.3) {
      members.append(("textColor", .string(random.pick(Choices("#1A1A1A", "#E53935", "#00796B")))))
    }
    if random.chance(0.2) {
      members.append(("alignment", .string(random.pick(Choices("LEFT", "CENTER", "RIGHT")))))
    }
    return component("text", members)
  }

  private mutating func button() -> PayloadNode {
    component(
      "button",
      [
        ("id", .string(nextID("button"))),
        (
          "text",
          .string(random.pick(Choices("Comprar", "Add to cart", "Ver mais", "加入购物车", "Pagar 💳")))
        ),
        ("styleId", .string("Button.Primary")),
        ("enabled", random.chance(0.8) ? .bool(true) : .string("@{not(isEmpty(cart.items))}")),
        ("onPress", actions(depth: 0)),
      ])
  }

  private mutating func touchable() -> PayloadNode {
    component(
      "touchable",
      [
        ("onPress", .array([pushRemote(url: "/products/\(random.int(in: 100...9_999))")])),
        ("child", image()),
      ])
  }

  private mutating func image() -> PayloadNode {
    component(
      "image",
      [
        ("id", .string(nextID("image"))),
        ("path", remoteImage()),
        ("mode", .string(random.pick(Choices("FIT_CENTER", "CENTER_CROP", "FIT_XY")))),
        ("style", .object([("size", .object([("height", dimension(random.int(in: 48...320)))]))])),
        (
          "accessibility",
          .object([
            ("accessible", .bool(true)),
            (
              "accessibilityLabel",
              .string(
                random.pick(
                  Choices("Foto do produto", "Imagem da promoção", "商品图片", "Ícone", "Banner")))
            ),
          ])
        ),
      ])
  }

  private mutating func textInput() -> PayloadNode {
    let field = random.pick(Choices("email", "name", "zip", "coupon", "phone"))
    return component(
      "textInput",
      [
        ("id", .string(nextID("input"))),
        ("value", .string("@{form.\(field)}")),
        (
          "placeholder",
          .string(random.pick(Choices("E-mail", "Nome completo", "CEP", "Cupom de desconto", "电话")))
        ),
        ("type", .string(field == "email" ? "EMAIL" : field == "zip" ? "NUMBER" : "TEXT")),
        (
          "onChange",
          .array([
            action(
              "setContext",
              [
                ("contextId", .string("form")), ("path", .string(field)),
                ("value", .string("@{onChange.value}")),
              ])
          ])
        ),
      ])
  }

  private mutating func listView() -> PayloadNode {
    var products: [PayloadNode] = []
    for _ in 0..<random.int(in: 3...12) { products.append(product()) }
    let template = component(
      "container",
      [
        ("style", .object([("flex", .object([("flexDirection", .string("ROW"))]))])),
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
                    ("url", .string("@{product.image.url}")),
                  ])
                )
              ]),
            component(
              "text", [("text", .string("@{product.name}")), ("styleId", .string("Text.Title"))]),
            component("text", [("text", .string("R$ @{\(formatNumber)(product.price, 2)}"))]),
            component(
              "button",
              [
                ("text", .string("Adicionar")),
                (
                  "onPress",
                  .array([
                    action(
                      "setContext",
                      [
                        ("contextId", .string("user")), ("path", .string("cart.count")),
                        ("value", .string("@{sum(user.cart.count, 1)}")),
                      ])
                  ])
                ),
              ]),
          ])
        ),
      ])
    return component(
      "listView",
      [
        ("id", .string(nextID("list"))),
        ("direction", .string(random.chance(0.7) ? "VERTICAL" : "HORIZONTAL")),
        ("dataSource", .array(products)),
        ("iteratorName", .string("product")),
        ("key", .string("id")),
        isClean
          ? ("templates", .array([.object([("view", template)])])) : ("template", template),
        ("onScrollEnd", .array([sendRequest(depth: 2)])),
      ])
  }

  // MARK: - Actions

  private mutating func actions(depth: Int) -> PayloadNode {
    var list: [PayloadNode] = []
    for _ in 0..<random.int(in: 1...3) { list.append(anyAction(depth: depth)) }
    return .array(list)
  }

  private mutating func anyAction(depth: Int) -> PayloadNode {
    // Nested lists (onSuccess, onTrue, …) only hold simple actions past depth 1.
    switch random.int(below: depth >= 1 ? 3 : 7) {
    case 0: return setContext()
    case 1: return pushRemote(url: "/products/\(random.int(in: 100...9_999))")
    case 2: return alert()
    case 3: return sendRequest(depth: depth + 1)
    case 4: return condition(depth: depth + 1)
    case 5: return pushLocal()
    default: return setContext()
    }
  }

  private mutating func setContext() -> PayloadNode {
    let value: PayloadNode
    switch random.int(below: 3) {
    case 0: value = .string("@{sum(cart.count, 1)}")
    case 1: value = .bool(random.chance(0.5))
    default:
      value = .object([
        (
          "items",
          .array([
            .object([
              ("id", .int(random.int(in: 1...99_999))), ("qty", .int(random.int(in: 1...5))),
              ("price", price()),
            ]),
            .object([
              ("id", .string("@{product.id}")), ("qty", .int(1)),
              ("price", .string("@{product.price}")),
            ]),
          ])
        ),
        ("updatedBy", .string("@{user.id}")),
        ("coupon", .null),
        (
          "flags",
          .object([("isGift", .bool(false)), ("note", .escaped(#"Entregar na portaria \"B\""#))])
        ),
      ])
    }
    return action(
      "setContext",
      [
        ("contextId", .string(random.pick(Choices("cart", "user", "form")))),
        ("path", .string("items")), ("value", value),
      ])
  }

  private mutating func pushRemote(url: String) -> PayloadNode {
    action(
      "pushView",
      [("route", .object([("url", .string(url)), ("shouldPrefetch", .bool(random.chance(0.3)))]))])
  }

  private mutating func pushLocal() -> PayloadNode {
    let identifier = nextID("detail")
    let content = component(
      "container",
      [
        (
          "children",
          .array([
            component("image", [("path", remoteImage())]),
            component("text", [("text", textContent())]),
          ])
        )
      ])
    let screen = PayloadNode.object([
      ("_beagleComponent_", .string("beagle:screenComponent")),
      ("identifier", .string(identifier)),
      (
        "navigationBar",
        .object([("title", .string("Detalhes do produto")), ("showBackButton", .bool(true))])
      ),
      ("child", isClean ? userContext(around: contextShell(around: content)) : content),
    ])
    return action("pushView", [("route", .object([("screen", screen)]))])
  }

  private mutating func sendRequest(depth: Int) -> PayloadNode {
    let id = random.int(in: 100...9_999)
    return action(
      "sendRequest",
      [
        ("url", .string("https://bff.example.com/api/cart/@{user.id}/items/\(id)")),
        ("method", .string(random.pick(Choices("POST", "GET", "PUT")))),
        (
          "headers",
          .object([
            ("Content-Type", .string("application/json")),
            ("X-Session", .string("@{session.token}")),
          ])
        ),
        (
          "data", .object([("productId", .int(id)), ("quantity", .int(1)), ("gift", .bool(false))])
        ),
        ("onSuccess", .array([setContextFromResponse()])),
        (
          "onError",
          .array([
            action(
              "alert",
              [
                ("title", .string(random.pick(Choices("Erro", "Não foi possível", "出错了")))),
                ("message", .string("@{onError.message}")),
                ("labelOk", .string("Ok")),
              ])
          ])
        ),
      ])
  }

  private mutating func setContextFromResponse() -> PayloadNode {
    action("setContext", [("contextId", .string("cart")), ("value", .string("@{onSuccess.data}"))])
  }

  private mutating func condition(depth: Int) -> PayloadNode {
    action(
      "condition",
      [
        ("condition", .string("@{isEmpty(cart.items)}")),
        ("onTrue", .array([alert()])),
        ("onFalse", .array([pushRemote(url: "/checkout"), setContext()])),
      ])
  }

  private mutating func alert() -> PayloadNode {
    action(
      "alert",
      [
        ("title", .string(random.pick(Choices("Atenção", "Notice", "提示")))),
        ("message", textContent()),
      ])
  }

  // MARK: - Data

  private mutating func product() -> PayloadNode {
    serial += 1
    let id = 10_000 + serial
    var tags: [PayloadNode] = []
    for _ in 0..<random.int(below: 4) {
      tags.append(.string(random.pick(Choices("new", "sale", "frete grátis", "热卖", "eco 🌱"))))
    }
    return .object([
      ("id", .int(id)),
      ("sku", .string("SKU-\(id)")),
      ("name", .string(productName())),
      (
        "description",
        .string(
          random.pick(
            Choices(
              "Torrado e moído, 500 g — sabor intenso", "Algodão orgânico, tamanhos P a GG",
              "Bateria de 30 h, cancelamento de ruído", "手工制作，限时特价", "Entrega grátis em São Paulo"))
        )
      ),
      (
        "category",
        .string(random.pick(Choices("Bebidas", "Calçados", "Acessórios", "Eletrônicos", "家居")))
      ),
      ("price", price()),
      ("inStock", .bool(random.chance(0.8))),
      ("rating", random.chance(0.2) ? .null : .double(Double(random.int(in: 10...50)) / 10)),
      ("stock", .int(random.int(below: 500))),
      ("discount", random.chance(0.6) ? .null : .int(random.int(in: 5...50))),
      ("weightKg", .double(Double(random.int(in: 1...2_500)) / 1_000)),
      ("tags", .array(tags)),
      ("image", remoteImage()),
    ])
  }

  private mutating func productName() -> String {
    let noun = random.pick(Choices("Café", "Tênis", "Camiseta", "Fone", "茶壶", "Mochila", "Relógio"))
    let adjective = random.pick(Choices("Premium", "Clássico", "Eco", "Pro", "Mini", "限量版"))
    return "\(noun) \(adjective) \(random.int(in: 1...99))"
  }

  private mutating func price() -> PayloadNode {
    .double(Double(random.int(in: 99...49_999)) / 100)
  }

  private mutating func remoteImage() -> PayloadNode {
    .object([
      ("_beagleImagePath_", .string("remote")),
      ("url", .string("https://cdn.example.com/img/\(random.int(in: 1...99_999)).png")),
      (
        "placeholder",
        .object([("_beagleImagePath_", .string("local")), ("mobileId", .string("placeholder"))])
      ),
    ])
  }

  private mutating func textContent() -> PayloadNode {
    serial += 1
    switch random.int(below: 12) {
    case 0: return .string("Hello @{user.name}, you have @{sum(cart.count, 1)} items")
    case 1:
      return .string("Total: R$ @{\(formatNumber)(cart.total, 2)} · frete grátis acima de R$ 99")
    case 2: return .string("Café da manhã em @{user.address.city} — até @{product.discount}% off")
    case 3: return .string("中文标题：@{product.title}（限时优惠 \(serial)）")
    case 4: return .string("Oferta termina em @{countdown.minutes} min 🎉🛒")
    case 5:
      return .escaped(
        #"Linha um\nLinha dois com \"aspas\" e caf\u00e9 \u2014 @{user.address.city}"#)
    case 6:
      return .escaped(
        #"Lan\u00e7amento \ud83d\ude80 em @{launch.date}\tfaltam @{launch.days} dias"#)
    case 7: return .string(#"Digite \@{nome} para mostrar o texto literal"#)
    case 8:
      return .string(
        "@{condition(isEmpty(cart.items), 'Seu carrinho está vazio', 'Finalizar compra')}")
    case 9: return .string("@{user.firstName} @{user.lastName} · pedido #\(100_000 + serial)")
    case 10: return .string(productName())
    default: return .string(sentence())
    }
  }

  private mutating func sentence() -> String {
    var words: [String] = []
    for _ in 0..<random.int(in: 6...18) {
      words.append(
        random.pick(
          Choices(
            "produto", "entrega", "rápida", "para", "você", "com", "desconto", "em", "todo", "o",
            "site", "aproveite", "hoje", "novidades", "da", "semana")))
    }
    if random.chance(0.5) { words.append("@{user.firstName}") }
    return words.joined(separator: " ")
  }

  private mutating func style() -> PayloadNode {
    .object([
      ("backgroundColor", .string(random.pick(Choices("#FFFFFF", "#F5F5F5", "#FFF8E1")))),
      ("padding", .object([("all", dimension(random.int(in: 4...24)))])),
      (
        "flex",
        .object([
          ("flexDirection", .string(random.chance(0.5) ? "COLUMN" : "ROW")), ("grow", .double(1.0)),
        ])
      ),
    ])
  }

  private func dimension(_ value: Int) -> PayloadNode {
    .object([("value", .int(value)), ("type", .string("REAL"))])
  }

  // MARK: - Helpers

  private mutating func nextID(_ prefix: String) -> String {
    serial += 1
    return "\(prefix)-\(serial)"
  }

  private func component(_ name: String, _ members: [(String, PayloadNode)]) -> PayloadNode {
    .object([("_beagleComponent_", .string("beagle:" + name))] + members)
  }

  private func action(_ name: String, _ members: [(String, PayloadNode)]) -> PayloadNode {
    .object([("_beagleAction_", .string("beagle:" + name))] + members)
  }
}
