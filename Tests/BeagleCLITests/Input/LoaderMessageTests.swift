import BeagleRuntime
import Testing

@testable import BeagleCLI

@Suite struct LoaderMessageTests {
  @Test(
    "input-reading messages keep their wording",
    arguments: [
      (LoaderMessage.globalUnreadable(path: "g.json"), "--global: cannot read 'g.json'"),
      (
        .globalInvalidJSON(column: 3, reason: "unexpected '}'"),
        "--global: invalid JSON at column 3: unexpected '}'"
      ),
      (
        .firstScreenNeedsSource(route: "/home"),
        "the first screen '/home' is a route: give a bff folder or a base url to fetch it"
      ),
      (.manifestUnreadable(reason: "no such file"), "registry manifest: no such file"),
      (
        .mocksUnreadable(mention: "mock file 'm.json'", reason: "no such file"),
        "mock file 'm.json': no such file"
      ),
    ] as [(LoaderMessage, String)])
  func wording(message: LoaderMessage, expected: String) {
    #expect(message.description == expected)
    #expect(message.severity == .error)
  }
}
