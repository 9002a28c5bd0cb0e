import BeagleRuntime
import Testing

@testable import BeagleCLI

/// What the command line and the environment give the run's HTTP exchanges.
@Suite struct HTTPLimitsOptionTests {
  @Test("--timeout, --max-body-bytes and --http-budget set the limits; defaults otherwise")
  func limits() throws {
    let given = try runOptions([
      "run", "x.json", "--timeout", "2.5", "--max-body-bytes", "100", "--http-budget", "7",
    ]).httpLimits.httpLimits(environment: CommandLineTool.Environment())
    #expect(given.timeout == 2.5)
    #expect(given.maximumBodyBytes == 100)
    #expect(given.budget.seconds == 7)
    let defaults = try runOptions(["run", "x.json"])
      .httpLimits.httpLimits(environment: CommandLineTool.Environment())
    #expect(defaults.timeout == 10)
    #expect(defaults.maximumBodyBytes == 16 << 20)
    #expect(defaults.budget.seconds == 60)
    #expect(defaults.certificateAuthorities == nil)
  }

  @Test(
    "https trusts CURL_CA_BUNDLE, else SSL_CERT_FILE, else SSL_CERT_DIR, as the curl tool does",
    arguments: [
      ([:], nil),
      (["SSL_CERT_FILE": "/etc/dev-ca.pem"], "/etc/dev-ca.pem"),
      (["CURL_CA_BUNDLE": "ca.pem", "SSL_CERT_FILE": "/etc/dev-ca.pem"], "/project/ca.pem"),
      (["CURL_CA_BUNDLE": "", "SSL_CERT_DIR": "/etc/certs"], "/etc/certs"),
      (["SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/etc/certs"], "/a.pem"),
    ] as [([String: String], String?)])
  func certificateAuthorities(variables: [String: String], expected: String?) throws {
    let environment = CommandLineTool.Environment(
      variables: variables, workingDirectory: "/project")
    let limits = try runOptions(["run", "x.json"]).httpLimits.httpLimits(environment: environment)
    #expect(limits.certificateAuthorities == expected)
  }
}
