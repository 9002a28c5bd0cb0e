import BeagleHTTP
import BeagleRuntime

/// The HTTP limits group: `--timeout`, `--http-budget` and `--max-body-bytes`.
struct HTTPLimitOptions: OptionGroup, Equatable {
  /// `--timeout SECONDS`: the longest an HTTP request may take.
  var timeout: Double?
  /// `--http-budget SECONDS`: the run's total time waiting for HTTP answers.
  var httpBudget: Double?
  /// `--max-body-bytes N`: the largest HTTP answer read.
  var maximumBodyBytes: Int?

  mutating func take(_ option: OptionValue) -> Bool {
    switch option {
    case .timeout(let seconds): timeout = seconds
    case .httpBudget(let seconds): httpBudget = seconds
    case .maximumBodyBytes(let bytes): maximumBodyBytes = bytes
    default: return false
    }
    return true
  }

  /// The limits these options set, with a budget of their own, and the
  /// certificate authorities `https:` trusts: `CURL_CA_BUNDLE`, else
  /// `SSL_CERT_FILE`, else `SSL_CERT_DIR` (the `curl` tool's order), else the system's.
  func httpLimits(environment: CommandLineTool.Environment) -> HTTPLimits {
    let variables = environment.variables
    let authorities = ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"].lazy
      .compactMap { variables[$0] }.first { !$0.isEmpty }
    return HTTPLimits(
      timeout: timeout ?? HTTPLimits.defaultTimeout,
      maximumBodyBytes: maximumBodyBytes ?? HTTPLimits.defaultMaximumBodyBytes,
      budget: HTTPBudget(seconds: httpBudget ?? HTTPLimits.defaultBudget),
      certificateAuthorities: authorities.map { environment.location(of: $0) })
  }
}
