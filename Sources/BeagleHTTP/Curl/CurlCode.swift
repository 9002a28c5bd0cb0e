import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `CURLcode`, the result of `curl_easy_perform`, and the plain reason it gives a
/// failed `https:` request.
///
/// The numbers are libcurl's ABI (`curl/curl.h`); the reasons read like the ones
/// ``PlainHTTPConnection`` gives for the same failure over plain `http:`, so a user
/// sees one wording whatever the scheme. libcurl's own message (its error buffer)
/// tells apart the failures one code covers, such as an untrusted and an expired
/// certificate.
struct CurlCode: Equatable, Sendable {
  var rawValue: Int32

  /// CURLE_OK.
  static let ok = CurlCode(rawValue: 0)
  /// CURLE_UNSUPPORTED_PROTOCOL: also an HTTP/0.9 answer ("not HTTP").
  static let unsupportedProtocol = CurlCode(rawValue: 1)
  /// CURLE_URL_MALFORMAT.
  static let malformedURL = CurlCode(rawValue: 3)
  /// CURLE_COULDNT_RESOLVE_PROXY.
  static let proxyNotFound = CurlCode(rawValue: 5)
  /// CURLE_COULDNT_RESOLVE_HOST.
  static let hostNotFound = CurlCode(rawValue: 6)
  /// CURLE_COULDNT_CONNECT.
  static let cannotConnect = CurlCode(rawValue: 7)
  /// CURLE_WEIRD_SERVER_REPLY.
  static let invalidReply = CurlCode(rawValue: 8)
  /// CURLE_HTTP2.
  static let http2 = CurlCode(rawValue: 16)
  /// CURLE_PARTIAL_FILE.
  static let partialBody = CurlCode(rawValue: 18)
  /// CURLE_WRITE_ERROR: the write function took less than it was given.
  static let writeFailed = CurlCode(rawValue: 23)
  /// CURLE_OUT_OF_MEMORY.
  static let outOfMemory = CurlCode(rawValue: 27)
  /// CURLE_OPERATION_TIMEDOUT.
  static let timedOut = CurlCode(rawValue: 28)
  /// CURLE_SSL_CONNECT_ERROR: the TLS handshake failed.
  static let tlsConnectFailed = CurlCode(rawValue: 35)
  /// CURLE_ABORTED_BY_CALLBACK: the progress function gave the transfer up.
  static let aborted = CurlCode(rawValue: 42)
  /// CURLE_TOO_MANY_REDIRECTS.
  static let tooManyRedirects = CurlCode(rawValue: 47)
  /// CURLE_GOT_NOTHING.
  static let emptyReply = CurlCode(rawValue: 52)
  /// CURLE_SEND_ERROR.
  static let sendFailed = CurlCode(rawValue: 55)
  /// CURLE_RECV_ERROR.
  static let receiveFailed = CurlCode(rawValue: 56)
  /// CURLE_SSL_CERTPROBLEM: the client certificate cannot be used.
  static let clientCertificateProblem = CurlCode(rawValue: 58)
  /// CURLE_PEER_FAILED_VERIFICATION (CURLE_SSL_CACERT): the server's certificate
  /// is not trusted, expired, or for another host.
  static let peerVerificationFailed = CurlCode(rawValue: 60)
  /// CURLE_BAD_CONTENT_ENCODING.
  static let badContentEncoding = CurlCode(rawValue: 61)
  /// CURLE_FILESIZE_EXCEEDED: a Content-Length past CURLOPT_MAXFILESIZE_LARGE.
  static let bodyTooLarge = CurlCode(rawValue: 63)
  /// CURLE_SSL_CACERT_BADFILE: the certificate authority file cannot be read.
  static let certificateAuthorityFileUnreadable = CurlCode(rawValue: 77)
  /// CURLE_HTTP2_STREAM.
  static let http2Stream = CurlCode(rawValue: 92)
  /// CURLE_PROXY.
  static let proxy = CurlCode(rawValue: 97)
  /// CURLE_SSL_CLIENTCERT: the server wants a client certificate.
  static let clientCertificateRequired = CurlCode(rawValue: 98)

  /// A plain reason for this failure.
  ///
  /// - Parameters:
  ///   - message: libcurl's error buffer, else `curl_easy_strerror`'s text.
  ///   - osErrno: CURLINFO_OS_ERRNO, 0 when libcurl saw none.
  ///   - host: the URL's host, for "cannot be found".
  ///   - maximumRedirects: CURLOPT_MAXREDIRS, for "too many redirects".
  func reason(message: String, osErrno: Int32, host: String, maximumRedirects: Int) -> String {
    let text = message.lowercased()
    switch self {
    case .hostNotFound:
      return "the host '\(host)' cannot be found"
    case .cannotConnect:
      return PlainHTTPConnection.reason(
        errno: osErrno == 0 ? ECONNREFUSED : osErrno, phase: .connecting)
    case .invalidReply:
      return "the server's answer is not valid HTTP"
    case .unsupportedProtocol where text.contains("http/0.9"):
      return "the server's answer is not HTTP"
    case .unsupportedProtocol:
      return "only http and https urls can be fetched (\(text))"
    case .malformedURL:
      return "the url is not valid (\(text))"
    case .partialBody:
      return "the server closed the connection before the whole body arrived"
    case .emptyReply:
      return "the server closed the connection without answering"
    case .tooManyRedirects:
      return "too many redirects (more than \(maximumRedirects))"
    case .sendFailed, .receiveFailed:
      if osErrno == ECONNRESET || text.contains("connection reset") {
        return "the server reset the connection"
      }
      if osErrno == EPIPE || text.contains("broken pipe") {
        return "the server closed the connection while the request was sent"
      }
      return self == .sendFailed
        ? "sending the request failed: \(text)" : "receiving the answer failed: \(text)"
    case .tlsConnectFailed:
      if text.contains("certificate required") || text.contains("alert certificate") {
        return "the TLS connection failed: the server wants a client certificate"
      }
      return "the TLS (secure) connection failed"
    case .peerVerificationFailed:
      if text.contains("expired") || text.contains("not yet valid") {
        return "the TLS connection failed: the server's certificate is expired or not yet valid"
      }
      if text.contains("subject name") || text.contains("does not match") {
        return "the TLS connection failed: the server's certificate is for another host name"
      }
      return "the TLS connection failed: the server's certificate is not trusted"
    case .clientCertificateRequired:
      return "the TLS connection failed: the server wants a client certificate"
    case .clientCertificateProblem:
      return "the TLS connection failed: the client certificate cannot be used (\(text))"
    case .certificateAuthorityFileUnreadable:
      return "the TLS connection failed: the certificate authority file cannot be read (\(text))"
    case .badContentEncoding:
      return "the answer's body cannot be decoded (content encoding)"
    case .http2, .http2Stream:
      return "the HTTP/2 exchange failed (\(text))"
    case .proxyNotFound:
      return "the proxy cannot be found (\(text))"
    case .proxy:
      return "the proxy failed (\(text))"
    case .outOfMemory:
      return "out of memory"
    default:
      return "\(text) (libcurl error \(rawValue))"
    }
  }
}
