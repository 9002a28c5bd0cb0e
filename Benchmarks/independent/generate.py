#!/usr/bin/env python3
"""Independent generator of realistic, minified Beagle server-driven UI screens.

usage: python3 Benchmarks/independent/generate.py SIZE_MB OUT.json [--seed N] [--quiet]

Writes one `beagle:screenComponent` whose size is SIZE_MB * 10**6 bytes (+-2%),
minified, UTF-8 without BOM, with a seeded mix of components, actions, contexts,
@{...} expressions (every binding resolvable in its scope), non-ASCII strings and
deliberate \\uXXXX escapes (ensure_ascii-style and Gson HTML-safe style).
After writing, it re-reads the file and prints the content mix.
"""
import json
import random
import re
import sys
import unicodedata

# --------------------------------------------------------------------------- vocab
FIRST = ["Ana", "João", "Maria", "José", "Lúcia", "Pedro", "Beatriz", "Caio", "Érica", "Luís",
         "Fernanda", "Tiago", "Júlia", "Rafael", "Conceição", "Marcos", "Yuki", "Wei", "Camila", "Otávio"]
LAST = ["Silva", "Souza", "Gonçalves", "Araújo", "Oliveira", "Melo", "Conceição", "Ribeiro",
        "Tanaka", "Lima", "Pereira", "Brandão", "Assunção", "Costa", "Fernandes"]
CITIES = ["São Paulo", "Belo Horizonte", "Florianópolis", "Curitiba", "Recife", "Goiânia",
          "Maceió", "Porto Alegre", "Salvador", "Niterói", "Brasília", "Campinas", "Manaus"]
STATES = ["SP", "MG", "SC", "PR", "PE", "GO", "AL", "RS", "BA", "RJ", "DF", "AM"]
STREETS = ["Rua das Flores", "Av. Paulista", "Rua Augusta", "Praça da Sé", "Av. Brasil",
           "Rua São João", "Travessa Irmã Dulce", "Alameda Santos", "Rua Conselheiro Crispiniano"]
PRODUCTS = ["Café torrado 500g", "Café especial Cerrado", "Pão de queijo congelado", "Açaí 1L",
            "Guaraná 2L", "Feijão preto 1kg", "Arroz integral 5kg", "Farofa temperada", "Doce de leite",
            "Requeijão cremoso", "Tênis de corrida", "Camiseta básica", "Fone Bluetooth",
            "Carregador USB-C", "Mochila executiva", "Garrafa térmica", "Óculos de sol",
            "Smartphone 128GB", "Notebook 15\"", "Cadeira gamer", "Luminária LED", "Panela de pressão",
            "抹茶ラテ", "寿司セット", "北京烤鸭", "拉面 大碗", "餃子 12個", "キムチ 300g", "绿茶 礼盒",
            "Pastel de Belém", "Brigadeiro gourmet", "Pão francês", "Pipoca doce", "Queijo Minas"]
CATEGORIES = ["Mercado", "Bebidas", "Eletrônicos", "Moda", "Casa", "Esportes", "Saúde",
              "Beleza", "Pet shop", "Farmácia", "Padaria", "Açougue", "Hortifrúti", "Livros"]
CUISINES = ["Japonesa", "Brasileira", "Italiana", "Árabe", "Chinesa", "Mexicana", "Nordestina",
            "Vegana", "Pizzaria", "Lanches", "Padaria", "Doces & Bolos", "Cozinha Baiana", "Comida Saudável",
            "Sorveteria", "Açaí", "Cafeteria ☕", "寿司", "中华料理"]
RESTAURANTS = ["Sabor da Vovó", "Cantina Nonna", "Sushi Zen", "Tempero Mineiro", "Açaí do Pará",
               "Yakisoba Express", "Padaria Pão Quente", "Casa do Pastel", "Empório Árabe",
               "焼肉ハウス", "龍門飯店", "Burger & Cia", "Taquería Frida"]
STATUS = ["ENTREGUE", "EM_TRANSITO", "PREPARANDO", "CANCELADO", "AGUARDANDO_PAGAMENTO"]
EMOJI = ["🔥", "🛒", "❤", "⭐", "🎉", "🚚", "💳", "✅", "⚡", "🍕", "☕", "📦", "🇧🇷", "👍"]
TITLES = ["Ofertas do dia", "Mais vendidos", "Para você", "Promoções relâmpago", "Novidades",
          "Recomendados", "Seus pedidos", "Notificações", "Perto de você", "Favoritos",
          "Continue comprando", "Destaques da semana", "Best sellers", "Recently viewed",
          "Top deals", "Ver também", "Cupons disponíveis", "Restaurantes", "Categorias"]
ASCII_TEXTS = ["Ver mais", "Ver todos", "Comprar agora", "Adicionar", "Continuar", "Finalizar compra",
               "Detalhes", "Fechar", "Cancelar", "Entrar", "Sair", "Buy now", "Add to cart", "See all",
               "Checkout", "Apply coupon", "Track order", "Frete gratis", "Pagamento via Pix",
               "Parcele em ate 12x", "Retire na loja", "Ok", "Tentar novamente", "Salvar"]
ACCENT_TEXTS = ["Você economizou!", "Promoção válida até domingo", "Frete grátis para você",
                "Atenção: estoque limitado", "Não perca!", "Pagamento aprovado ✅", "Endereço de entrega",
                "Informações do pedido", "Avaliações dos clientes", "Próxima página", "Histórico",
                "Configurações", "Seleção especial", "Lançamentos", "Preço imperdível 🔥",
                "Cupom aplicado 🎉", "Obrigado pela preferência ❤", "Entrega expressa 🚚", "限时优惠",
                "本日のおすすめ", "送料無料", "新品上市", "Açaí na promoção", "Coração de frango"]
STYLE_IDS = ["DesignSystem.Text.H1", "DesignSystem.Text.H2", "DesignSystem.Text.Body",
             "DesignSystem.Text.Caption", "DesignSystem.Button.Primary", "DesignSystem.Button.Secondary",
             "DesignSystem.Button.Link", "DesignSystem.Container.Card", "Loja.Badge", "Loja.Price",
             "Loja.Price.Old", "Loja.TabBar", "Loja.Input.Default", "Loja.NavBar.Default"]
COLORS = ["#FFFFFF", "#000000", "#F5F5F5", "#E0E0E0", "#FF5722", "#4CAF50", "#2196F3", "#FFC107",
          "#9C27B0", "#212121", "#757575", "#E91E63", "#00BCD4", "#FFEB3B", "#FAFAFA", "#1B5E20",
          "#FF000080", "#3F51B5CC"]
ICONS = ["ic_cart", "ic_home", "ic_search", "ic_user", "ic_heart", "ic_bell", "ic_star", "ic_menu",
         "ic_close", "ic_arrow_right", "ic_filter", "ic_pix", "ic_truck", "ic_coupon", "placeholder"]
HOSTS = ["https://cdn.loja.com.br", "https://img.mercado.com.br", "https://static.bff-exemplo.com"]
API = ["/api/v1", "https://api.loja.com.br/v2", "/bff/mobile"]

DISCRIMINATOR_KEYS = ("_beagleComponent_", "_beagleAction_", "_beagleImagePath_")


def ascii_fold(s):
    return unicodedata.normalize("NFKD", s.lower()).encode("ascii", "ignore").decode()


def kind_of(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, list):
        return "arr"
    return "obj"


class Ctx:
    """A context visible in a scope: its id, a representative value and its leaves by kind."""

    def __init__(self, cid, value, item=False):
        self.id = cid
        self.value = value
        self.item = item
        self.leaves = {}
        self._walk(value, cid, 0)

    def _walk(self, v, path, depth):
        k = kind_of(v)
        if depth > 0:
            self.leaves.setdefault(k, []).append(path)
        if isinstance(v, dict) and depth < 4:
            for key, sub in v.items():
                self._walk(sub, path + "." + key, depth + 1)
        elif isinstance(v, list) and v and depth < 3 and isinstance(v[0], dict):
            # index into the first element only (always present)
            self._walk(v[0], path + "[0]", depth + 1)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.ids = []          # (id, scope) of containers targetable by addChildren

    # ------------------------------------------------------------------ helpers
    def nid(self):
        self.n += 1
        return self.n

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def price(self, lo=3, hi=900):
        # never an integral double (iOS would read 20.0 as an int)
        while True:
            p = round(self.r.uniform(lo, hi), 2)
            if p != int(p):
                return p

    def word_text(self):
        r = self.r.random()
        if r < 0.3:
            return self.pick(ASCII_TEXTS)
        if r < 0.85:
            return self.pick(ACCENT_TEXTS)
        return self.pick(EMOJI) + " " + self.pick(TITLES)

    def title(self):
        t = self.pick(TITLES)
        if self.chance(0.15):
            t = self.pick(EMOJI) + " " + t
        return t

    def img_url(self, name=None):
        return "%s/img/%s/%d.%s?w=%d&h=%d" % (self.pick(HOSTS), name or self.pick(["banner", "produto", "loja", "avatar"]),
                                              self.r.randrange(1, 99999), self.pick(["png", "jpg", "webp"]),
                                              self.pick([200, 320, 480, 640]), self.pick([200, 240, 320]))

    # ------------------------------------------------------------------ values
    def user_value(self):
        f, l = self.pick(FIRST), self.pick(LAST)
        return {"id": "u%d" % self.r.randrange(10 ** 6), "firstName": f, "lastName": l,
                "email": "%s.%s@exemplo.com.br" % (ascii_fold(f), ascii_fold(l)),
                "nickname": None, "points": self.r.randrange(0, 9000), "vip": self.chance(0.3),
                "token": "tk_%08x" % self.r.getrandbits(32),
                "address": {"street": self.pick(STREETS), "number": self.r.randrange(1, 3000),
                            "city": self.pick(CITIES), "state": self.pick(STATES),
                            "zip": "%05d-%03d" % (self.r.randrange(10 ** 5), self.r.randrange(1000))}}

    def cart_item(self):
        return {"sku": "SKU-%05d" % self.r.randrange(10 ** 5), "name": self.pick(PRODUCTS),
                "qty": self.r.randrange(1, 6), "price": self.price()}

    def cart_value(self):
        items = [self.cart_item() for _ in range(self.r.randrange(1, 4))]
        return {"id": "c%06d" % self.r.randrange(10 ** 6), "count": len(items), "total": self.price(20, 2000),
                "items": items, "coupon": None, "hasCoupon": False, "currency": "BRL"}

    def section_value(self, domain):
        r = self.r
        if domain == "promo":
            v = {"title": self.pick(ACCENT_TEXTS + TITLES), "discount": r.randrange(5, 70),
                 "expiresIn": r.randrange(1, 48), "active": self.chance(0.8), "banner": self.img_url("banner"),
                 "code": "PROMO%d" % r.randrange(100, 999)}
        elif domain == "filters":
            v = {"category": self.pick(CATEGORIES), "sort": self.pick(["relevancia", "menor_preco", "maior_preco"]),
                 "page": r.randrange(1, 5), "query": self.pick(["", "café", "tênis", "fone", "açaí"]),
                 "onlyPromo": self.chance(0.5), "range": {"min": self.price(1, 50), "max": self.price(100, 999)}}
        elif domain == "form":
            v = {"name": "", "email": "", "cep": "", "phone": "", "valid": False, "error": "",
                 "submitting": False}
        elif domain == "tabs":
            v = {"current": 0, "count": 3, "labels": [self.pick(CATEGORIES) for _ in range(3)]}
        elif domain == "delivery":
            v = {"eta": r.randrange(15, 90), "fee": self.price(1, 20), "city": self.pick(CITIES),
                 "express": self.chance(0.4), "window": {"from": "%02d:00" % r.randrange(8, 14),
                                                         "to": "%02d:00" % r.randrange(15, 22)}}
        elif domain == "wallet":
            v = {"balance": self.price(0, 5000), "cashback": self.price(0, 200), "currency": "BRL",
                 "pixKey": "%s@pix.com.br" % self.pick(["ana", "joao", "loja"]), "blocked": False}
        elif domain == "feed":
            v = {"loading": False, "error": None, "page": 1, "hasMore": True,
                 "items": [self.item_value("notif") for _ in range(r.randrange(2, 6))]}
        elif domain == "rating":
            v = {"stars": round(r.uniform(1, 5), 1) or 4.5, "count": r.randrange(0, 9999),
                 "mine": 0, "comment": "", "sent": False}
        elif domain == "store":
            v = {"name": self.pick(RESTAURANTS), "open": self.chance(0.8), "cuisine": self.pick(CUISINES),
                 "eta": r.randrange(10, 80), "minOrder": self.price(10, 60),
                 "location": {"city": self.pick(CITIES), "geo": {"lat": round(r.uniform(-33, 5), 6) or -23.5,
                                                                 "lng": round(r.uniform(-73, -35), 6) or -46.6}}}
        else:  # counter / ui state
            v = {"expanded": False, "selected": r.randrange(0, 5), "visible": True,
                 "label": self.word_text(), "clicks": 0}
        if isinstance(v.get("stars"), float) and v["stars"] == int(v["stars"]):
            v["stars"] += 0.1
        # drop a field sometimes so objects vary
        keys = list(v.keys())
        if domain not in ("form", "tabs", "feed") and len(keys) > 4 and self.chance(0.4):
            v.pop(self.pick(keys[2:]))
        return v

    def item_value(self, schema, i=0):
        r = self.r
        if schema == "product":
            name = self.pick(PRODUCTS)
            return {"id": "p%d" % r.randrange(10 ** 6), "sku": "SKU-%05d" % r.randrange(10 ** 5), "name": name,
                    "price": self.price(), "oldPrice": self.price(900, 1500), "qty": r.randrange(0, 50),
                    "inStock": self.chance(0.8), "promo": self.chance(0.3), "imageUrl": self.img_url("produto"),
                    "tags": [self.pick(["novo", "oferta", "orgânico", "importado", "exclusivo", "promoção", "lançamento", "últimas unidades", "🔥 quente", "人気"]) for _ in range(2)],
                    "seller": {"name": self.pick(RESTAURANTS), "rating": round(round(r.uniform(3, 4.9), 1) + 0.05, 2)}}
        if schema == "order":
            return {"id": "PED-%07d" % r.randrange(10 ** 7), "status": self.pick(STATUS),
                    "date": "2024-%02d-%02dT%02d:%02d:00-03:00" % (r.randrange(1, 13), r.randrange(1, 29), r.randrange(24), r.randrange(60)),
                    "total": self.price(10, 3000), "items": r.randrange(1, 9), "paid": self.chance(0.9),
                    "tracking": {"code": "BR%09dBR" % r.randrange(10 ** 9), "carrier": self.pick(["Correios", "Loggi", "Jadlog", "Total Express"])}}
        if schema == "notif":
            return {"id": "n%d" % r.randrange(10 ** 6), "title": self.word_text(),
                    "body": "%s %s" % (self.pick(ACCENT_TEXTS), self.pick(["Confira!", "Toque para ver.", "詳しくはこちら", "Aproveite 😉"])),
                    "read": self.chance(0.5), "type": self.pick(["promo", "info", "pedido"]),
                    "icon": self.pick(ICONS)}
        # restaurant
        return {"id": "r%d" % r.randrange(10 ** 6), "name": self.pick(RESTAURANTS), "cuisine": self.pick(CUISINES),
                "eta": r.randrange(10, 90), "fee": self.price(0.5, 15), "rating": round(round(r.uniform(3, 4.9), 1) + 0.05, 2),
                "open": self.chance(0.75), "logo": self.img_url("loja"), "featured": self.chance(0.25)}

    # ------------------------------------------------------------------ expressions
    def path(self, scope, kind, inner_bias=True):
        """A binding path of `kind` from the scope (inner contexts preferred), or None."""
        cands = []
        n = len(scope)
        for i, c in enumerate(scope):
            paths = c.leaves.get(kind)
            if paths:
                w = (1 + 3 * i / max(1, n - 1)) if inner_bias else 1
                if c.item:
                    w *= 3
                cands.append((w, c, paths))
        if not cands:
            return None
        tot = sum(w for w, _, _ in cands)
        x = self.r.random() * tot
        for w, c, paths in cands:
            x -= w
            if x <= 0:
                return self.pick(paths)
        return self.pick(cands[-1][2])

    IDISH = ("id", "sku", "code", "token", "zip", "category", "sort", "status", "type", "pixKey")

    def id_path(self, scope):
        """A str/int binding suitable inside a URL (no spaces)."""
        cands = []
        for c in scope:
            for k in ("str", "int"):
                cands += [p for p in c.leaves.get(k, []) if p.rsplit(".", 1)[-1] in self.IDISH
                          or (k == "int" and self.r.random() < 0.3)]
        return self.pick(cands[-12:]) if cands else str(self.r.randrange(1, 10 ** 5))

    def lit(self, kind):
        if kind == "int":
            return str(self.r.randrange(0, 20))
        if kind == "float":
            return "%.2f" % self.price(0.5, 50)
        if kind == "bool":
            return self.pick(["true", "false"])
        if kind == "str":
            return "'%s'" % self.word_text().replace("'", "")
        return "null"

    def e_int(self, scope, depth=0):
        r = self.r.random()
        p = self.path(scope, "int")
        if p is None or (r < 0.15 and depth < 2):
            arr = self.path(scope, "arr")
            if arr and self.chance(0.7):
                return "length(%s)" % arr
            s = self.path(scope, "str")
            if s:
                return "length(%s)" % s
            return self.lit("int")
        if r < 0.5 or depth >= 2:
            return p
        if r < 0.75:
            return "sum(%s, %s)" % (p, self.e_int(scope, depth + 1) if self.chance(0.3) else self.lit("int"))
        if r < 0.85:
            return "subtract(%s, %s)" % (p, self.lit("int"))
        return "multiply(%s, %s)" % (p, self.r.randrange(1, 5))

    def e_float(self, scope, depth=0):
        p = self.path(scope, "float")
        if p is None:
            return self.lit("float")
        r = self.r.random()
        if r < 0.7 or depth >= 2:
            return p
        if r < 0.85:
            q = self.path(scope, "float")
            return "sum(%s, %s)" % (p, q)
        return "multiply(%s, %s)" % (p, self.pick(["0.9", "1.1", "0.85", "2.5"]))

    def e_bool(self, scope, depth=0):
        r = self.r.random()
        if r < 0.35:
            p = self.path(scope, "bool")
            if p:
                return p if depth >= 2 or self.chance(0.7) else "not(%s)" % p
        if r < 0.55:
            p = self.path(scope, "int")
            if p:
                return "%s(%s, %s)" % (self.pick(["gt", "gte", "lt", "lte", "eq"]), p, self.lit("int"))
        if r < 0.7:
            p = self.path(scope, "arr") or self.path(scope, "str")
            if p:
                return "isEmpty(%s)" % p
        if r < 0.8:
            p = self.path(scope, "null") or self.path(scope, "str")
            if p:
                return "isNull(%s)" % p
        if r < 0.88 and depth < 2:
            return "%s(%s, %s)" % (self.pick(["and", "or"]), self.e_bool(scope, depth + 1), self.e_bool(scope, depth + 1))
        p = self.path(scope, "str")
        if p:
            return "eq(%s, %s)" % (p, self.lit("str"))
        p = self.path(scope, "bool")
        return p or self.lit("bool")

    def e_str(self, scope, depth=0):
        r = self.r.random()
        p = self.path(scope, "str")
        if p is None:
            return self.lit("str")
        if r < 0.55 or depth >= 2:
            return p
        if r < 0.72:
            q = self.path(scope, "str")
            return "concat(%s, %s, %s)" % (p, self.pick(["' '", "' - '", "', '", "' • '"]), q)
        if r < 0.9:
            return "condition(%s, %s, %s)" % (self.e_bool(scope, depth + 1), self.lit("str"), self.lit("str"))
        return "%s(%s)" % (self.pick(["uppercase", "lowercase", "capitalize"]), p)

    def expr(self, scope, kind):
        return {"int": self.e_int, "float": self.e_float, "bool": self.e_bool, "str": self.e_str}[kind](scope)

    PHRASES = [
        ("Olá {s}, você tem {i} itens", "si"), ("Total: R$ {f}", "f"), ("{s} • {s}", "ss"),
        ("Entrega em até {i} min", "i"), ("Frete grátis acima de R$ {f}", "f"), ("{i} avaliações", "i"),
        ("Cupom: {s}", "s"), ("Você ganhou {i} pontos 🎉", "i"), ("Enviar para {s}", "s"),
        ("De R$ {f} por R$ {f}", "ff"), ("Pedido {s} — {s}", "ss"), ("Página {i} de {i}", "ii"),
        ("Hello {s}, {i} new messages", "si"), ("Saldo disponível: R$ {f}", "f"), ("{s}", "s"),
        ("📦 {s} ({i})", "si"), ("配送料 {f} 円", "f"), ("Avaliação {f} ⭐", "f"), ("{s}: {s}", "ss"),
    ]

    def bound_text(self, scope):
        """A string for a text-like field: pure binding, interpolation or a plain literal."""
        r = self.r.random()
        if r < 0.17:
            return self.word_text() if self.chance(0.7) else self.title()
        if r < 0.40:
            k = self.pick(["str", "str", "str", "int", "float"])
            return "@{%s}" % self.expr(scope, k)
        tpl, kinds = self.pick(self.PHRASES)
        out = tpl
        for k in kinds:
            kk = {"s": "str", "i": "int", "f": "float"}[k]
            out = out.replace("{%s}" % k, "@{%s}" % self.expr(scope, kk), 1)
        return out

    # ------------------------------------------------------------------ styles
    def unit(self, lo=0, hi=32, percent=False):
        if percent:
            return {"value": self.pick([25, 33.3, 50, 100]), "type": "PERCENT"}
        return {"value": self.r.randrange(lo, hi), "type": "REAL"}

    def style(self, kind="box"):
        s = {}
        r = self.r
        if self.chance(0.5):
            s["backgroundColor"] = self.pick(COLORS)
        if self.chance(0.55):
            s["padding"] = {self.pick(["all", "horizontal", "vertical", "left", "top"]): self.unit(0, 24)}
            if self.chance(0.3):
                s["padding"][self.pick(["bottom", "right"])] = self.unit(0, 24)
        if self.chance(0.35):
            s["margin"] = {self.pick(["all", "vertical", "top", "bottom"]): self.unit(0, 16)}
        if self.chance(0.4):
            f = {}
            if kind == "box":
                f["flexDirection"] = self.pick(["ROW", "COLUMN", "COLUMN", "ROW_REVERSE"])
            if self.chance(0.5):
                f["justifyContent"] = self.pick(["FLEX_START", "CENTER", "FLEX_END", "SPACE_BETWEEN", "SPACE_AROUND", "SPACE_EVENLY"])
            if self.chance(0.5):
                f["alignItems"] = self.pick(["FLEX_START", "CENTER", "FLEX_END", "STRETCH", "BASELINE"])
            if self.chance(0.3):
                f["grow"] = self.pick([0, 1, 1.5])
            if self.chance(0.15):
                f["flexWrap"] = "WRAP"
            if f:
                s["flex"] = f
        if self.chance(0.35):
            sz = {}
            if self.chance(0.6):
                sz["width"] = self.unit(40, 360, percent=self.chance(0.5))
            if self.chance(0.6):
                sz["height"] = self.unit(24, 320)
            if self.chance(0.1):
                sz["aspectRatio"] = self.pick([1, 1.5, 1.78])
            if sz:
                s["size"] = sz
        if self.chance(0.2):
            s["cornerRadius"] = {"radius": r.randrange(2, 16)}
        if self.chance(0.1):
            s["borderColor"] = self.pick(COLORS)
            s["borderWidth"] = self.pick([0.5, 1, 2])
        return s or None

    def widget(self, comp, base, style_kind="box", p_id=0.65, p_style=0.6):
        if self.chance(p_id):
            comp["id"] = "%s%d" % (base, self.nid())
        if self.chance(p_style):
            st = self.style(style_kind)
            if st:
                comp["style"] = st
        return comp

    # ------------------------------------------------------------------ actions
    def set_context(self, scope, events):
        ctxs = [c for c in scope if not c.item]
        if not ctxs or self.chance(0.04):
            return {"_beagleAction_": "beagle:setContext", "contextId": "global",
                    "path": self.pick(["lastSeen", "session.lastScreen", "flags.onboarding"]),
                    "value": self.bound_text(scope) if self.chance(0.5) else self.chance(0.5)}
        c = self.pick(ctxs[-3:]) if self.chance(0.7) else self.pick(ctxs)
        a = {"_beagleAction_": "beagle:setContext", "contextId": c.id}
        kinds = [k for k in ("int", "float", "bool", "str") if c.leaves.get(k)]
        if events and self.chance(0.35):
            ev = self.pick(sorted(events))
            kind = self.pick(kinds) if kinds else None
            if kind:
                a["path"] = self.pick(c.leaves[kind])[len(c.id) + 1:]
            if ev == "onChange" or ev == "onBlur" or ev == "onFocus":
                a["value"] = "@{%s.value}" % ev
            elif ev == "onSuccess":
                a["value"] = "@{onSuccess.data%s}" % self.pick(["", ".result", ".value", ".items"])
            elif ev == "onError":
                a["value"] = "@{onError.message}"
            elif ev == "onTabSelection" or ev == "onPageChange":
                a["value"] = "@{%s}" % ev
            if "path" not in a and "value" in a:
                pass
            return a
        if not kinds:
            a["value"] = {"updatedAt": "@{%s}" % self.e_str(scope)}
            return a
        kind = self.pick(kinds)
        p = self.pick(c.leaves[kind])
        a["path"] = p[len(c.id) + 1:]
        if kind == "bool":
            a["value"] = "@{not(%s)}" % p if self.chance(0.6) else self.chance(0.5)
        elif kind == "int":
            a["value"] = ("@{sum(%s, %s)}" % (p, self.pick(["1", "2"])) if self.chance(0.6) else "@{subtract(%s, 1)}" % p) if self.chance(0.7) else self.r.randrange(0, 9)
        elif kind == "float":
            a["value"] = "@{%s}" % self.e_float(scope)
        else:
            a["value"] = self.bound_text(scope) if self.chance(0.6) else self.word_text()
        if self.chance(0.1) and isinstance(c.value, dict):  # whole-object write
            # replace the whole value: same shape, one top-level field changed (bindings stay resolvable)
            path = a.pop("path")
            nv = json.loads(json.dumps(c.value))
            if "." not in path and "[" not in path:
                nv[path] = a["value"]
            a["value"] = nv
        return a

    def route(self, scope, depth):
        if self.chance(0.08) and depth < 3:
            return {"screen": self.local_screen()}
        rt = {"url": "/%s/%s" % (self.pick(["produto", "loja", "pedido", "categoria", "checkout", "perfil"]),
                                 "@{%s}" % self.id_path(scope) if self.chance(0.6) else str(self.r.randrange(1000)))}
        if self.chance(0.3):
            rt["shouldPrefetch"] = self.chance(0.5)
        if self.chance(0.2):
            rt["httpAdditionalData"] = {"method": "POST", "headers": {"Content-Type": "application/json"},
                                        "body": {"origin": "home", "ref": "@{%s}" % self.e_str(scope)}}
        if self.chance(0.04):
            rt["fallback"] = self.local_screen(small=True)
        return rt

    def local_screen(self, small=False):
        cid = "det%d" % self.nid()
        val = {"title": self.pick(PRODUCTS), "price": self.price(), "qty": 1, "fav": False}
        sc = [Ctx(cid, val)]
        kids = [self.text(sc) for _ in range(1 if small else self.r.randrange(2, 4))]
        if not small:
            kids.append(self.button(sc, depth=3))
        s = {"_beagleComponent_": "beagle:screenComponent", "identifier": "tela%d" % self.nid(),
             "navigationBar": {"title": self.pick(TITLES), "showBackButton": True},
             "child": {"_beagleComponent_": "beagle:container", "context": {"id": cid, "value": val},
                       "children": kids}}
        return s

    def leaf_action(self, scope, events, depth):
        r = self.r.random()
        if r < 0.2:
            return self.set_context(scope, events)
        if r < 0.38:
            a = {"_beagleAction_": "beagle:alert", "message": self.alert_msg(scope, events)}
            if self.chance(0.6):
                a["title"] = self.title()
            if self.chance(0.3):
                a["labelOk"] = self.pick(["Ok", "Entendi", "Fechar", "わかりました"])
            if self.chance(0.25) and depth < 3:
                a["onPressOk"] = self.set_context(scope, events)
            return a
        if r < 0.5:
            a = {"_beagleAction_": "beagle:confirm", "title": self.title(), "message": self.alert_msg(scope, events),
                 "labelOk": self.pick(["Sim", "Confirmar", "OK"]), "labelCancel": self.pick(["Não", "Cancelar", "Voltar"])}
            if depth < 3:
                a["onPressOk"] = self.pick([self.set_context(scope, events),
                                            {"_beagleAction_": "beagle:pushView", "route": self.route(scope, depth + 1)}])
                if self.chance(0.4):
                    a["onPressCancel"] = {"_beagleAction_": "beagle:popView"}
            return a
        if r < 0.7:
            return {"_beagleAction_": "beagle:pushView", "route": self.route(scope, depth)}
        if r < 0.78:
            return {"_beagleAction_": "beagle:openExternalURL",
                    "url": "https://www.loja.com.br/ajuda?topico=%s&src=app" % self.pick(["frete", "troca", "pix", "cupom"])}
        if r < 0.84:
            if self.chance(0.7):
                return {"_beagleAction_": "beagle:popView"}
            return {"_beagleAction_": "beagle:popToView", "route": self.pick(["home", "/home", "/carrinho"])}
        if r < 0.92 and self.ids:
            tid, tscope = self.pick(self.ids[-6:])
            # target scope must be a prefix of the current one (target is an ancestor)
            if all(a is b for a, b in zip(tscope, scope)) and len(tscope) <= len(scope):
                return {"_beagleAction_": "beagle:addChildren", "componentId": tid,
                        "mode": self.pick(["APPEND", "APPEND", "PREPEND", "REPLACE"]),
                        "value": [self.text(tscope) for _ in range(self.r.randrange(1, 3))]}
        return self.set_context(scope, events)

    def alert_msg(self, scope, events):
        if "onError" in events and self.chance(0.6):
            return self.pick(["@{onError.message}", "Falha: @{onError.message} (@{onError.status})",
                              "Não foi possível concluir: @{onError.message}"])
        if "onSuccess" in events and self.chance(0.4):
            return self.pick(["Pedido @{onSuccess.data.id} confirmado!", "Status @{onSuccess.status}",
                              "@{onSuccess.data.message}"])
        return self.bound_text(scope)

    def send_request(self, scope, events, depth):
        a = {"_beagleAction_": "beagle:sendRequest",
             "url": "%s/%s" % (self.pick(API), self.pick(["carrinho", "favoritos", "cupom/validar", "pedidos",
                                                          "enderecos", "avaliacoes", "notificacoes/lidas"]))}
        if self.chance(0.5):
            a["url"] += "/@{%s}" % self.id_path(scope)
        if self.chance(0.3):
            a["url"] += "?pagina=@{%s}&tamanho=20" % self.e_int(scope)
        a["method"] = self.pick(["GET", "POST", "POST", "PUT", "DELETE", "PATCH"])
        if self.chance(0.5):
            a["headers"] = {"Content-Type": "application/json", "X-Session": "@{user.token}"}
        if a["method"] in ("POST", "PUT", "PATCH") and self.chance(0.8):
            d = {"origem": "app", "quantidade": "@{%s}" % self.e_int(scope)}
            if self.chance(0.6):
                d["nome"] = "@{%s}" % self.e_str(scope)
            if self.chance(0.3):
                d["meta"] = {"plataforma": "ios", "versão": "1.10", "flags": ["pix", "cashback"]}
            a["data"] = d
        if depth < 3:
            ev = events | {"onSuccess"}
            a["onSuccess"] = self.actions(scope, ev, depth + 1, lo=1, hi=2, allow_cond=True)
            if self.chance(0.6):
                a["onError"] = self.actions(scope, events | {"onError"}, depth + 1, lo=1, hi=1, allow_cond=False)
            if self.chance(0.4):
                a["onFinish"] = [self.set_context(scope, events)]
        return a

    def condition(self, scope, events, depth):
        a = {"_beagleAction_": "beagle:condition", "condition": "@{%s}" % self.e_bool(scope)}
        a["onTrue"] = self.actions(scope, events, depth + 1, lo=1, hi=2)
        if self.chance(0.6):
            a["onFalse"] = self.actions(scope, events, depth + 1, lo=1, hi=1)
        return a

    def actions(self, scope, events, depth, lo=1, hi=3, allow_cond=True):
        out = []
        for _ in range(self.r.randint(lo, hi)):
            r = self.r.random()
            if depth < 1 and r < 0.4:
                out.append(self.send_request(scope, events, depth))
            elif allow_cond and depth < 2 and r < 0.65:
                out.append(self.condition(scope, events, depth))
            else:
                out.append(self.leaf_action(scope, events, depth))
        if self.chance(0.05):
            out[-1]["analytics"] = self.pick([False, True, {"attributes": ["route", "url"], "additionalEntries": {"tela": "home"}}])
        return out

    # ------------------------------------------------------------------ components
    def text(self, scope):
        t = {"_beagleComponent_": "beagle:text", "text": self.bound_text(scope)}
        if self.chance(0.45):
            t["styleId"] = self.pick(STYLE_IDS)
        if self.chance(0.2):
            t["alignment"] = self.pick(["LEFT", "CENTER", "RIGHT"])
        if self.chance(0.25):
            t["textColor"] = self.pick(COLORS)
        return self.widget(t, "txt", "leaf", p_id=0.45, p_style=0.35)

    def button(self, scope, depth=0):
        b = {"_beagleComponent_": "beagle:button",
             "text": self.word_text() if self.chance(0.6) else self.bound_text(scope)}
        if self.chance(0.5):
            b["styleId"] = self.pick(STYLE_IDS[4:7])
        b["onPress"] = self.actions(scope, frozenset(), depth, lo=1, hi=2)
        if self.chance(0.2):
            b["enabled"] = "@{%s}" % self.e_bool(scope)
        if self.chance(0.1):
            b["accessibility"] = {"accessible": True, "accessibilityLabel": b["text"] if "@{" not in b["text"] else "botão"}
        return self.widget(b, "btn", "leaf", p_id=0.75, p_style=0.4)

    def image(self, scope):
        if self.chance(0.65):
            url = self.img_url()
            if self.chance(0.35):
                p = self.path(scope, "str")
                if p:
                    url = "%s/img/@{%s}.png" % (self.pick(HOSTS), p)
            path = {"_beagleImagePath_": "remote", "url": url}
            if self.chance(0.4):
                path["placeholder"] = {"_beagleImagePath_": "local", "mobileId": "placeholder"}
        else:
            path = {"_beagleImagePath_": "local", "mobileId": self.pick(ICONS)}
        i = {"_beagleComponent_": "beagle:image", "path": path}
        if self.chance(0.5):
            i["mode"] = self.pick(["FIT_XY", "FIT_CENTER", "CENTER_CROP", "CENTER"])
        if self.chance(0.15):
            i["accessibility"] = {"accessible": True, "accessibilityLabel": self.pick(ACCENT_TEXTS)}
        return self.widget(i, "img", "leaf", p_id=0.5, p_style=0.7)

    def tab_icon(self):
        m = self.pick(ICONS)
        return {"_beagleImagePath_": "local", "mobileId": m, "url": "/assets/icons/%s.svg" % m}

    def text_input(self, scope, form):
        field = self.pick(["name", "email", "cep", "phone"])
        ti = {"_beagleComponent_": "beagle:textInput", "value": "@{%s.%s}" % (form.id, field),
              "placeholder": {"name": "Nome completo", "email": "E-mail", "cep": "CEP (só números)",
                              "phone": "Telefone com DDD"}[field],
              "type": {"name": "TEXT", "email": "EMAIL", "cep": "NUMBER", "phone": "NUMBER"}[field]}
        ti["onChange"] = [{"_beagleAction_": "beagle:setContext", "contextId": form.id, "path": field,
                           "value": "@{onChange.value}"}]
        if self.chance(0.5):
            ti["onBlur"] = [{"_beagleAction_": "beagle:condition",
                             "condition": "@{isEmpty(onBlur.value)}",
                             "onTrue": [{"_beagleAction_": "beagle:setContext", "contextId": form.id, "path": "error",
                                         "value": "Campo obrigatório"}],
                             "onFalse": [{"_beagleAction_": "beagle:setContext", "contextId": form.id, "path": "error",
                                          "value": ""}]}]
        if self.chance(0.3):
            ti["onFocus"] = [self.set_context(scope, frozenset({"onFocus"}))]
        if self.chance(0.4):
            ti["error"] = "@{%s.error}" % form.id
            ti["showError"] = "@{not(isEmpty(%s.error))}" % form.id
        if self.chance(0.2):
            ti["enabled"] = "@{not(%s.submitting)}" % form.id
        if self.chance(0.4):
            ti["styleId"] = "Loja.Input.Default"
        return self.widget(ti, "in", "leaf", p_id=0.8, p_style=0.3)

    def list_view(self, scope, depth, grid=False):
        schema = self.pick(["product", "product", "order", "notif", "restaurant"])
        n = self.r.randint(5, 40)
        items = [self.item_value(schema, i) for i in range(n)]
        it = self.pick(["item", "item", "item", "produto", "row", "entry", "card"]) if not grid else "item"
        if it == "item" and self.chance(0.3):
            it = None  # default iteratorName
        itname = it or "item"
        lv = {"_beagleComponent_": "beagle:gridView" if grid else "beagle:listView"}
        lscope = list(scope)
        if self.chance(0.2):
            cid = "lista%d" % self.nid()
            lv["context"] = {"id": cid, "value": {"items": items, "page": 1, "hasMore": True}}
            lscope.append(Ctx(cid, lv["context"]["value"]))
            lv["dataSource"] = "@{%s.items}" % cid
        else:
            lv["dataSource"] = items
        if it:
            lv["iteratorName"] = it
        if self.chance(0.5):
            lv["key"] = "id"
        if grid:
            lv["spanCount"] = self.r.randint(2, 3)
        elif self.chance(0.3):
            lv["direction"] = self.pick(["HORIZONTAL", "VERTICAL"])
        tscope = lscope + [Ctx(itname, items[0], item=True)]
        flag = {"product": "promo", "order": "paid", "notif": "read", "restaurant": "featured"}[schema]
        tpls = []
        if self.chance(0.35):
            if self.chance(0.5):
                case = "@{%s.%s}" % (itname, flag)
            else:
                fld, val = {"product": ("name", PRODUCTS[0]), "order": ("status", "ENTREGUE"),
                            "notif": ("type", "promo"), "restaurant": ("cuisine", "Japonesa")}[schema]
                case = "@{eq(%s.%s, '%s')}" % (itname, fld, val)
            tpls.append({"case": case, "view": self.card(tscope, depth + 1, itname, schema)})
            if self.chance(0.3):
                tpls.append({"case": "@{not(%s.%s)}" % (itname, flag), "view": self.card(tscope, depth + 1, itname, schema)})
        tpls.append({"view": self.card(tscope, depth + 1, itname, schema)})
        lv["templates"] = tpls
        if self.chance(0.25):
            lv["onScrollEnd"] = [self.send_request(lscope, frozenset(), 2)]
            lv["scrollEndThreshold"] = self.pick([80, 90, 100])
        if self.chance(0.15):
            lv["onInit"] = [self.set_context(lscope, frozenset())]
        if self.chance(0.3):
            lv["isScrollIndicatorVisible"] = self.chance(0.5)
        return self.widget(lv, "lista", "box", p_id=0.8, p_style=0.4)

    def card(self, scope, depth, it, schema):
        """A list template view using @{it.x} bindings."""
        kids = []
        img_field = {"product": "imageUrl", "restaurant": "logo"}.get(schema)
        if img_field and self.chance(0.8):
            kids.append(self.widget({"_beagleComponent_": "beagle:image",
                                     "path": {"_beagleImagePath_": "remote", "url": "@{%s.%s}" % (it, img_field)},
                                     "mode": "CENTER_CROP"}, "foto", "leaf", p_id=0.6, p_style=0.9))
        elif schema == "notif":
            kids.append({"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "@{%s.icon}" % it}})
        name = {"product": "name", "order": "id", "notif": "title", "restaurant": "name"}[schema]
        kids.append(self.widget({"_beagleComponent_": "beagle:text", "text": "@{%s.%s}" % (it, name),
                                 "styleId": "DesignSystem.Text.H2"}, "nome", "leaf", p_id=0.5, p_style=0.3))
        extra = {
            "product": ["R$ @{%s.price}" % it, "@{condition(%s.inStock, 'Em estoque', 'Esgotado')}" % it,
                        "De R$ @{%s.oldPrice} por R$ @{%s.price}" % (it, it), "Vendido por @{%s.seller.name} ⭐ @{%s.seller.rating}" % (it, it),
                        "@{%s.tags[0]} · @{%s.qty} unidades" % (it, it), "@{concat(%s.name, ' - ', %s.sku)}" % (it, it)],
            "order": ["Status: @{%s.status}" % it, "Total R$ @{%s.total} · @{%s.items} itens" % (it, it),
                      "Rastreio @{%s.tracking.code} (@{%s.tracking.carrier})" % (it, it), "@{%s.date}" % it,
                      "@{condition(%s.paid, 'Pago ✅', 'Aguardando pagamento')}" % it],
            "notif": ["@{%s.body}" % it, "@{condition(%s.read, 'Lida', 'Nova')}" % it, "@{uppercase(%s.type)}" % it],
            "restaurant": ["@{%s.cuisine} • @{%s.eta} min" % (it, it), "Taxa R$ @{%s.fee}" % it,
                           "⭐ @{%s.rating}" % it, "@{condition(%s.open, 'Aberto', 'Fechado agora')}" % it],
        }[schema]
        for _ in range(self.r.randint(1, 3)):
            t = {"_beagleComponent_": "beagle:text", "text": self.pick(extra)}
            if self.chance(0.3):
                t["textColor"] = self.pick(COLORS)
            kids.append(self.widget(t, "det", "leaf", p_id=0.3, p_style=0.2))
        if self.chance(0.15):
            kids.append(self.text(scope))  # may reference outer contexts too
        if self.chance(0.55):
            b = {"_beagleComponent_": "beagle:button", "text": self.pick(["Adicionar", "Ver", "Detalhes", "Comprar", "追加"])}
            acts = []
            if schema == "product" and any(c.id == "cart" for c in scope):
                acts.append({"_beagleAction_": "beagle:setContext", "contextId": "cart", "path": "count",
                             "value": "@{sum(cart.count, 1)}"})
            acts.append(self.pick([
                {"_beagleAction_": "beagle:pushView", "route": {"url": "/%s/@{%s.id}" % (schema, it)}},
                self.send_request(scope, frozenset(), 2),
                self.condition(scope, frozenset(), 2)]))
            b["onPress"] = acts
            kids.append(self.widget(b, "acao", "leaf", p_id=0.6, p_style=0.3))
        c = {"_beagleComponent_": "beagle:container", "children": kids}
        if self.chance(0.3):
            c["styleId"] = "DesignSystem.Container.Card"
        if self.chance(0.1):
            cid = "linha%d" % self.nid()
            c["context"] = {"id": cid, "value": {"expanded": False, "qty": 1}}
        if self.chance(0.4):
            # wrap in a touchable
            return {"_beagleComponent_": "beagle:touchable", "child": self.widget(c, "card", "box", p_id=0.5, p_style=0.8),
                    "onPress": [{"_beagleAction_": "beagle:pushView",
                                 "route": {"url": "/%s/@{%s.id}" % (schema, it), "shouldPrefetch": False}}]}
        return self.widget(c, "card", "box", p_id=0.5, p_style=0.8)

    def form_section(self, scope):
        cid = "form%d" % self.nid()
        val = self.section_value("form")
        form = Ctx(cid, val)
        fs = scope + [form]
        kids = [self.text(fs)]
        for _ in range(self.r.randint(2, 4)):
            kids.append(self.text_input(fs, form))
        sub = {"_beagleComponent_": "beagle:button", "text": "Enviar", "styleId": "DesignSystem.Button.Primary",
               "enabled": "@{not(%s.submitting)}" % cid,
               "onPress": [{"_beagleAction_": "beagle:setContext", "contextId": cid, "path": "submitting", "value": True},
                           {"_beagleAction_": "beagle:sendRequest", "url": "%s/cadastro" % self.pick(API), "method": "POST",
                            "data": {"nome": "@{%s.name}" % cid, "email": "@{%s.email}" % cid, "cep": "@{%s.cep}" % cid},
                            "onSuccess": [{"_beagleAction_": "beagle:condition",
                                           "condition": "@{eq(onSuccess.status, 201)}",
                                           "onTrue": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/cadastro/sucesso"}}],
                                           "onFalse": [{"_beagleAction_": "beagle:alert", "message": "@{onSuccess.data.message}"}]}],
                            "onError": [{"_beagleAction_": "beagle:setContext", "contextId": cid, "path": "error",
                                         "value": "@{onError.message}"}],
                            "onFinish": [{"_beagleAction_": "beagle:setContext", "contextId": cid,
                                          "path": "submitting", "value": False}]}]}
        kids.append(self.widget(sub, "enviar", "leaf"))
        c = {"_beagleComponent_": "beagle:container", "context": {"id": cid, "value": val}, "children": kids}
        return self.widget(c, "formulario", "box", p_id=0.9)

    def tabs_section(self, scope):
        cid = "abas%d" % self.nid()
        val = self.section_value("tabs")
        if "current" not in val:
            val["current"] = 0
        ts = scope + [Ctx(cid, val)]
        n = self.r.randint(2, 4)
        tab = {"_beagleComponent_": "beagle:tabBar",
               "items": [{"title": self.pick(CATEGORIES), **({"icon": self.tab_icon()}
                                                             if self.chance(0.5) else {})} for _ in range(n)],
               "currentTab": "@{%s.current}" % cid,
               "onTabSelection": [{"_beagleAction_": "beagle:setContext", "contextId": cid, "path": "current",
                                   "value": "@{onTabSelection}"}]}
        if self.chance(0.5):
            tab["styleId"] = "Loja.TabBar"
        pages = []
        for _ in range(n):
            pages.append({"_beagleComponent_": "beagle:container",
                          "children": [self.text(ts) for _ in range(self.r.randint(1, 3))] +
                                      ([self.image(ts)] if self.chance(0.5) else [])})
        pv = {"_beagleComponent_": "beagle:pageView", "children": pages, "currentPage": "@{%s.current}" % cid,
              "onPageChange": [{"_beagleAction_": "beagle:setContext", "contextId": cid, "path": "current",
                                "value": "@{onPageChange}"}]}
        kids = [tab, pv]
        if self.chance(0.4):
            kids.append({"_beagleComponent_": "beagle:pageIndicator", "selectedColor": "#FF5722",
                         "unselectedColor": "#E0E0E0", "numberOfPages": n, "currentPage": "@{%s.current}" % cid})
        c = {"_beagleComponent_": "beagle:container", "context": {"id": cid, "value": val}, "children": kids}
        return self.widget(c, "abas", "box", p_id=0.9)

    def container(self, scope, depth, budget):
        """A generic section / sub-section container with mixed children."""
        c = {"_beagleComponent_": "beagle:container"}
        cscope = list(scope)
        p_ctx = 0.8 if depth <= 1 else 0.35
        if self.chance(p_ctx):
            domain = self.pick(["promo", "filters", "delivery", "wallet", "feed", "rating", "store", "ui"])
            cid = "%s%d" % ({"ui": "estado", "filters": "filtros", "delivery": "entrega", "wallet": "carteira",
                             "rating": "avaliacao", "store": "loja"}.get(domain, domain), self.nid())
            val = self.section_value(domain)
            c["context"] = {"id": cid, "value": val}
            cscope.append(Ctx(cid, val))
        if self.chance(0.65):
            c["id"] = "secao%d" % self.nid()
        me = (c.get("id"), cscope) if "id" in c else None
        if self.chance(0.25 if depth <= 1 else 0.08):
            c["onInit"] = self.pick([
                lambda: [self.set_context(cscope, frozenset())],
                lambda: [self.send_request(cscope, frozenset(), 1)],
                lambda: [self.set_context(cscope, frozenset()), self.send_request(cscope, frozenset(), 1)]])()
        if me:
            self.ids.append(me)
        kids = []
        kids.append(self.text(cscope))
        nkids = self.r.randint(2, 6) if depth <= 1 else self.r.randint(1, 4)
        for _ in range(nkids):
            r = self.r.random()
            if r < 0.30:
                kids.append(self.text(cscope))
            elif r < 0.45:
                kids.append(self.button(cscope))
            elif r < 0.57:
                kids.append(self.image(cscope))
            elif r < 0.70 and depth < 3:
                kids.append(self.container(cscope, depth + 1, budget))
            elif r < 0.80 and depth < 3:
                kids.append(self.list_view(cscope, depth, grid=self.chance(0.12)))
            elif r < 0.84 and depth < 2:
                kids.append(self.form_section(cscope))
            elif r < 0.87 and depth < 2:
                kids.append(self.tabs_section(cscope))
            elif r < 0.91 and depth < 3:
                kids.append({"_beagleComponent_": "beagle:scrollView",
                             "scrollDirection": self.pick(["HORIZONTAL", "VERTICAL"]),
                             **({"scrollBarEnabled": False} if self.chance(0.5) else {}),
                             "children": [self.container(cscope, 3, budget) for _ in range(self.r.randint(2, 4))]})
            elif r < 0.94:
                kids.append({"_beagleComponent_": "beagle:touchable",
                             "onPress": self.actions(cscope, frozenset(), 0, 1, 2),
                             "child": self.image(cscope) if self.chance(0.5) else self.text(cscope)})
            elif r < 0.96 and depth < 3:
                kids.append({"_beagleComponent_": "beagle:lazyComponent",
                             "path": "/bff/fragmentos/%s" % self.pick(["banner", "recomendacoes", "rodape", "cupons"]),
                             "initialState": self.text(cscope)})
            elif r < 0.97 and depth < 2:
                pid = "refresh%d" % self.nid()
                pval = {"refreshing": False}
                ps = cscope + [Ctx(pid, pval)]
                kids.append({"_beagleComponent_": "beagle:pullToRefresh", "context": {"id": pid, "value": pval},
                             "isRefreshing": "@{%s.refreshing}" % pid, "color": "#FF5722",
                             "onPull": [{"_beagleAction_": "beagle:setContext", "contextId": pid, "path": "refreshing", "value": True},
                                        {"_beagleAction_": "beagle:sendRequest", "url": "%s/home" % self.pick(API),
                                         "onFinish": [{"_beagleAction_": "beagle:setContext", "contextId": pid,
                                                       "path": "refreshing", "value": False}]}],
                             "child": self.container(ps, 3, budget)})
            else:
                kids.append(self.button(cscope))
        c["children"] = kids
        if self.chance(0.3):
            c["styleId"] = self.pick(STYLE_IDS[7:8] + ["Loja.Section", "Loja.Banner"])
        if me and self.ids and self.ids[-1] is me:
            pass
        if self.chance(0.7):
            st = self.style("box")
            if st:
                c["style"] = st
        if self.chance(0.05):
            c["accessibility"] = {"accessible": True, "accessibilityLabel": self.title()}
        if depth <= 1 and self.ids:
            # only containers of the current section remain targetable afterwards
            self.ids = [x for x in self.ids if x is not me][-10:]
        return c


# ---------------------------------------------------------------------- serializer
HTML_SAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "=": "\\u003d", "'": "\\u0027"}


def u_escape(ch):
    o = ord(ch)
    if o > 0xFFFF:
        o -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF))
    return "\\u%04x" % o


class Writer:
    def __init__(self, rng):
        self.r = rng

    def s(self, v, key=None):
        out = json.dumps(v, ensure_ascii=False)
        if key in DISCRIMINATOR_KEYS:
            return out
        nonascii = any(ord(c) > 127 for c in v)
        x = self.r.random()
        if nonascii and x < 0.4:
            # escape every non-ASCII char (some upper-case hex, as Jackson writes)
            upper = self.r.random() < 0.3
            body = "".join(u_escape(c) if ord(c) > 127 else c for c in out[1:-1])
            if upper:
                body = re.sub(r"\\u([0-9a-f]{4})", lambda m: "\\u" + m.group(1).upper(), body)
            return '"' + body + '"'
        if nonascii and x < 0.5:
            # escape only the first non-ASCII char
            for i, c in enumerate(out):
                if ord(c) > 127:
                    return out[:i] + u_escape(c) + out[i + 1:]
        if not nonascii and x < 0.5 and any(c in HTML_SAFE for c in v):
            # Gson-style HTML-safe escaping: ' < > & = become \u00XX
            return "".join(HTML_SAFE.get(c, c) for c in out)
        return out

    def dump(self, o, buf, key=None):
        if isinstance(o, dict):
            buf.append("{")
            first = True
            for k, v in o.items():
                if not first:
                    buf.append(",")
                first = False
                buf.append(json.dumps(k, ensure_ascii=False))
                buf.append(":")
                self.dump(v, buf, k)
            buf.append("}")
        elif isinstance(o, list):
            buf.append("[")
            for i, v in enumerate(o):
                if i:
                    buf.append(",")
                self.dump(v, buf, key)
            buf.append("]")
        elif isinstance(o, str):
            buf.append(self.s(o, key))
        else:
            buf.append(json.dumps(o))

    def to_str(self, o):
        buf = []
        self.dump(o, buf)
        return "".join(buf)


# ---------------------------------------------------------------------- screen
def build(size_bytes, seed):
    g = Gen(seed)
    w = Writer(random.Random(seed * 7919 + 1))
    user = g.user_value()
    cart = g.cart_value()
    root_scope = [Ctx("user", user)]
    cart_scope = root_scope + [Ctx("cart", cart)]
    navbar = {"title": "Loja Exemplo — Início", "showBackButton": False, "styleId": "Loja.NavBar.Default",
              "navigationBarItems": [
                  {"_beagleComponent_": "beagle:navigationBarItem", "id": "nav-busca", "text": "Buscar",
                   "image": {"_beagleImagePath_": "local", "mobileId": "ic_search"},
                   "action": {"_beagleAction_": "beagle:pushView", "route": {"url": "/busca"}}},
                  {"_beagleComponent_": "beagle:navigationBarItem", "id": "nav-carrinho", "text": "Carrinho",
                   "image": {"_beagleImagePath_": "local", "mobileId": "ic_cart"},
                   "action": {"_beagleAction_": "beagle:pushView",
                              "route": {"url": "/carrinho/@{user.id}", "shouldPrefetch": True}}}]}
    header = {"_beagleComponent_": "beagle:container", "id": "cabecalho",
              "children": [{"_beagleComponent_": "beagle:text", "id": "saudacao",
                            "text": "Olá @{user.firstName}, você tem @{cart.count} itens",
                            "styleId": "DesignSystem.Text.H1"},
                           {"_beagleComponent_": "beagle:text",
                            "text": "@{condition(isEmpty(cart.items), 'Seu carrinho está vazio', 'Total: R$ ')}@{cart.total}"},
                           {"_beagleComponent_": "beagle:text", "text": "Entregar em @{user.address.city} - @{user.address.state}"}]}
    head = ('{"_beagleComponent_":"beagle:screenComponent","identifier":"home","navigationBar":%s,'
            '"context":%s,"safeArea":{"top":true,"bottom":true},"child":{"_beagleComponent_":"beagle:container",'
            '"id":"conteudo","context":%s,"style":{"backgroundColor":"#FAFAFA","flex":{"grow":1}},'
            '"onInit":%s,"children":[%s'
            % (w.to_str(navbar), w.to_str({"id": "user", "value": user}), w.to_str({"id": "cart", "value": cart}),
               w.to_str([{"_beagleAction_": "beagle:sendRequest", "url": "/api/v1/carrinho/@{user.id}",
                          "headers": {"X-Session": "@{user.token}"},
                          "onSuccess": [{"_beagleAction_": "beagle:setContext", "contextId": "cart",
                                         "value": "@{onSuccess.data}"}],
                          "onError": [{"_beagleAction_": "beagle:alert", "title": "Ops!",
                                       "message": "Não foi possível carregar o carrinho: @{onError.message}"}]}]),
               w.to_str(header)))
    tail = "]}}"
    parts = [head]
    total = len(head.encode()) + len(tail)
    lo, hi = size_bytes * 0.995, size_bytes * 1.012
    tries = 0
    while total < lo:
        sec = g.container(cart_scope, 1, None)
        s = "," + w.to_str(sec)
        b = len(s.encode())
        if total + b > hi:
            tries += 1
            if tries > 200:
                break
            continue
        parts.append(s)
        total += b
    parts.append(tail)
    return "".join(parts)


# ---------------------------------------------------------------------- stats
CONTENT_KEYS = {"text", "title", "message", "labelOk", "labelCancel", "placeholder", "name", "body", "tags",
                "cuisine", "firstName", "lastName", "city", "street", "label", "accessibilityLabel", "comment",
                "labels", "carrier", "nome", "value"}
STR_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"(\s*:)?')


def stats(path):
    raw = open(path, "rb").read()
    assert not raw.startswith(b"\xef\xbb\xbf"), "BOM"
    text = raw.decode("utf-8")
    doc = json.loads(text)
    c = {"components": 0, "actions": 0, "contexts": 0, "lists": 0, "templates": 0, "list_items": 0,
         "strings": 0, "with_binding": 0, "expressions": 0, "pure_binding": 0, "ops": 0,
         "text_fields": 0, "text_with_binding": 0, "nonascii": 0}
    types = {}
    opre = re.compile(r"\b(sum|subtract|multiply|divide|condition|not|and|or|gt|gte|lt|lte|eq|concat|capitalize|"
                      r"uppercase|lowercase|substr|insert|remove|removeIndex|contains|union|isNull|isEmpty|length)\(")
    exre = re.compile(r"@\{")

    def walk(o, key=None):
        if isinstance(o, dict):
            if "_beagleComponent_" in o:
                c["components"] += 1
                t = o["_beagleComponent_"]
                types[t] = types.get(t, 0) + 1
                if t in ("beagle:listView", "beagle:gridView"):
                    c["lists"] += 1
                    c["templates"] += len(o.get("templates", []))
                    if isinstance(o.get("dataSource"), list):
                        c["list_items"] += len(o["dataSource"])
                if t == "beagle:text":
                    c["text_fields"] += 1
                    if "@{" in o.get("text", ""):
                        c["text_with_binding"] += 1
            if "_beagleAction_" in o:
                c["actions"] += 1
                t = o["_beagleAction_"]
                types[t] = types.get(t, 0) + 1
            if isinstance(o.get("context"), dict) and "id" in o["context"]:
                c["contexts"] += 1
            for k, v in o.items():
                walk(v, k)
        elif isinstance(o, list):
            for v in o:
                walk(v, key)
        elif isinstance(o, str):
            if key in DISCRIMINATOR_KEYS:
                return
            c["strings"] += 1
            if "@{" in o:
                c["with_binding"] += 1
                c["expressions"] += len(exre.findall(o))
                c["ops"] += len(opre.findall(o))
                if o.startswith("@{") and o.endswith("}") and o.count("@{") == 1:
                    c["pure_binding"] += 1
            if any(ord(ch) > 127 for ch in o):
                c["nonascii"] += 1

    walk(doc)
    # escapes and non-ASCII measured on the raw string values (keys and discriminators excluded)
    vals = esc = na_or_esc = 0
    cvals = cna = 0
    prev_disc = False
    lastkey = None
    for m in STR_TOKEN.finditer(text):
        body, is_key = m.group(1), m.group(2)
        if is_key:
            prev_disc = body in DISCRIMINATOR_KEYS
            lastkey = body
            continue
        if prev_disc:
            prev_disc = False
            continue
        vals += 1
        e = "\\u" in body
        esc += e
        hit = e or any(ord(ch) > 127 for ch in body)
        na_or_esc += hit
        if lastkey in CONTENT_KEYS:
            cvals += 1
            cna += hit
    mb = len(raw) / 1e6
    print("file %s: %d bytes (%.3f MB), valid JSON, UTF-8, no BOM" % (path, len(raw), mb))
    print("components %d (%.0f/MB)  actions %d  contexts %d  lists %d (templates %d, inline items %d)"
          % (c["components"], c["components"] / mb, c["actions"], c["contexts"], c["lists"], c["templates"], c["list_items"]))
    print("string values %d: with @{ %.1f%%  (expressions %d, pure %d, operations %d)"
          % (c["strings"], 100.0 * c["with_binding"] / c["strings"], c["expressions"], c["pure_binding"], c["ops"]))
    print("beagle:text with binding %.1f%% of %d" % (100.0 * c["text_with_binding"] / max(1, c["text_fields"]), c["text_fields"]))
    print("non-ASCII or \\u-escaped %.1f%% of strings (non-ASCII %.1f%%, with \\u escape %.1f%%; %d \\u escapes in file)"
          % (100.0 * na_or_esc / vals, 100.0 * c["nonascii"] / c["strings"], 100.0 * esc / vals, text.count("\\u")))
    print("  among human-readable fields (%s...): %.1f%% of %d" % (",".join(sorted(CONTENT_KEYS)[:6]), 100.0 * cna / max(1, cvals), cvals))
    top = sorted(types.items(), key=lambda kv: -kv[1])
    print("types: " + ", ".join("%s=%d" % (k.split(":")[1], v) for k, v in top))


def main(argv):
    args = [a for a in argv[1:]]
    seed, quiet = 1, False
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--quiet" in args:
        args.remove("--quiet")
        quiet = True
    if len(args) != 2:
        sys.stderr.write("usage: gen.py SIZE_MB OUT.json [--seed N]\n")
        return 2
    size = int(float(args[0]) * 10 ** 6)
    data = build(size, seed)
    with open(args[1], "wb") as f:
        f.write(data.encode("utf-8"))
    if not quiet:
        stats(args[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
