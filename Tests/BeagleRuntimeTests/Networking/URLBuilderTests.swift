import Testing

@testable import BeagleRuntime

/// The 27 cases of `ZupIT/beagle:common/tests/UrlBuilderTestSpec.json` (docs/spec.md §8).
private let cases: [(number: Int, base: String?, path: String, expected: String?)] = [
  (1, "http://base.url", "/relativePath", "http://base.url/relativePath"),
  (2, "http://base.url", "absolutePath", "absolutePath"),
  (3, "http://base.url", "//weirdPath", "http://base.url//weirdPath"),
  (4, "http://base.url", "/", "http://base.url/"),
  (5, "http://base.url", "", nil),
  (
    6, "http://base.ending.with.slash/", "/relativePath",
    "http://base.ending.with.slash/relativePath"
  ),
  (7, "http://base.ending.with.slash/", "absolutePath", "absolutePath"),
  (8, "http://base.ending.with.slash/", "//weirdPath", "http://base.ending.with.slash//weirdPath"),
  (9, "http://base.ending.with.slash/", "/", "http://base.ending.with.slash/"),
  (10, "http://base.ending.with.slash/", "", nil),
  (11, "http://base.url/withPath", "/relativePath", "http://base.url/withPath/relativePath"),
  (12, "http://base.url/withPath", "absolutePath", "absolutePath"),
  (13, "http://base.url/withPath", "//weirdPath", "http://base.url/withPath//weirdPath"),
  (14, "http://base.url/withPath", "/", "http://base.url/withPath/"),
  (15, "http://base.url/withPath", "", nil),
  (16, nil, "/relativePath", "/relativePath"),
  (17, nil, "absolutePath", "absolutePath"),
  (18, nil, "//weirdPath", "//weirdPath"),
  (19, nil, "/", "/"),
  (20, nil, "", nil),
  (21, "http://base.url", "/user/Name Of User", "http://base.url/user/Name%20Of%20User"),
  (22, "http://base.url", "/myService%2520", "http://base.url/myService%2520"),
  (23, "http://base.url", "/name+user", "http://base.url/name+user"),
  (24, "http://base.url", "/name #user", "http://base.url/name%20#user"),
  (
    25, "https://www.guiaviagensbrasil.com",
    "/imagens/Imagem do mar calma e belo da Praia da Engenhoca-Itacaré-Bahia-BA.jpg",
    "https://www.guiaviagensbrasil.com/imagens/Imagem%20do%20mar%20calma%20e%20belo%20da%20Praia"
      + "%20da%20Engenhoca-Itacar%C3%A9-Bahia-BA.jpg"
  ),
  (
    26, "guiaviagensbrasil.com",
    "/imagens/Imagem%20do%20mar%20calma%20e%20belo%20da%20Praia%20da%20Engenhoca-Itacar%C3%A9"
      + "-Bahia-BA.jpg",
    "guiaviagensbrasil.com/imagens/Imagem%20do%20mar%20calma%20e%20belo%20da%20Praia%20da"
      + "%20Engenhoca-Itacar%C3%A9-Bahia-BA.jpg"
  ),
  (
    27, nil,
    "https://www.google.com/search?&q=query+parameters&oq=query+parameters"
      + "&ved_lcp=0ahUK2wjC0JrKy6frAhVRvlkKHZZ2D0_4Q4dUDCAw",
    "https://www.google.com/search?&q=query+parameters&oq=query+parameters"
      + "&ved_lcp=0ahUK2wjC0JrKy6frAhVRvlkKHZZ2D0_4Q4dUDCAw"
  ),
]

@Suite struct URLBuilderTests {
  @Test("UrlBuilderTestSpec.json case", arguments: cases)
  func specCase(_ row: (number: Int, base: String?, path: String, expected: String?)) {
    #expect(URLBuilder(baseURL: row.base).build(path: row.path) == row.expected)
  }

  @Test("all 27 cases of the spec table are present")
  func caseCount() {
    #expect(cases.map(\.number) == Array(1...27))
  }

  @Test(
    "encoding keeps iOS's allowed set and escapes everything else as UTF-8",
    arguments: [
      (
        "/a-b.c_d~e:f/g?h#i[j]k@l!m$n&o'p(q)r*s+t,u;v=w",
        "/a-b.c_d~e:f/g?h#i[j]k@l!m$n&o'p(q)r*s+t,u;v=w"
      ),
      ("/a\"b<c>d\\e^f`g{h|i}j", "/a%22b%3Cc%3Ed%5Ce%5Ef%60g%7Bh%7Ci%7Dj"),
      ("/€", "/%E2%82%AC"),
      // A '%' that starts no escape: decoding fails, so iOS encodes the whole path.
      ("/100%", "/100%25"),
      ("/q?a=100%<e", "/q?a=100%25%3Ce"),
      ("/%zz", "/%25zz"),
      // Escapes of bytes that are not UTF-8 do not decode either.
      ("/%E9 x", "/%25E9%20x"),
      // Valid escapes: already encoded, used as is.
      ("/a%20b", "/a%20b"),
      ("/caf%C3%A9", "/caf%C3%A9"),
    ])
  func encoding(_ path: String, _ expected: String) {
    #expect(URLBuilder().build(path: path) == expected)
  }

  @Test(
    "an already-encoded path that still holds what a URL cannot hold gives no URL",
    arguments: ["/a%20b c", "/p%20<e", "/x%41#a#b", "/%41é"])
  func malformed(_ path: String) {
    #expect(
      URLBuilder(baseURL: "http://base.url").url(for: path)
        == .failure(.malformedURL("http://base.url" + path)))
    #expect(URLBuilder(baseURL: "http://base.url").build(path: path) == nil)
  }

  @Test("an empty path is emptyURL")
  func empty() {
    #expect(URLBuilder().url(for: "") == .failure(.emptyURL))
  }

  @Test("only one trailing slash of the base is removed")
  func oneTrailingSlash() {
    #expect(URLBuilder(baseURL: "http://x//").build(path: "/a") == "http://x//a")
  }

  @Test("every byte: kept iff in iOS's allowed set (letters, digits, -._~:/?#[]@!$&'()*+,;=)")
  func everyByte() {
    // Beagle iOS's `UrlBuilder` encodes with the URL-allowed set these characters
    // make up (docs/spec.md §8); every other byte is a `%XX` escape, upper-case hex.
    let allowed = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
    for byte in UInt8.min...UInt8.max {
      #expect(URLBuilder.isKept(byte) == allowed.contains(byte), "byte \(byte)")
    }
    let hex = Array("0123456789ABCDEF")
    for byte in UInt8(0x20)...UInt8(0x7E) where byte != UInt8(ascii: "%") {
      let character = String(UnicodeScalar(byte))
      let expected =
        allowed.contains(byte)
        ? character : "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
      #expect(URLBuilder.percentEncode("/a" + character) == "/a" + expected, "byte \(byte)")
    }
  }

  @Test("a path without '%' decodes to itself; one with escapes is decoded")
  func decoding() {
    #expect(URLBuilder.percentDecode("/plain path é") == "/plain path é")
    #expect(URLBuilder.percentDecode("/a%20b") == "/a b")
    #expect(URLBuilder.percentDecode("/100%") == nil)
  }
}
