import Testing

@testable import BeagleHTTP

/// The plain reasons of libcurl's failures (``CurlCode``): the same words as plain
/// `http:` gives for the same failure.
@Suite struct CurlCodeTests {
  @Test(
    "each CURLcode has a plain reason, libcurl's message telling apart what one code covers",
    arguments: [
      (
        6, "Could not resolve host: nowhere.invalid", 0,
        "the host 'nowhere.invalid' cannot be found"
      ),
      (7, "Failed to connect to x port 1: Connection refused", 111, "connection refused"),
      (7, "Failed to connect to x port 1: No route to host", 113, "the host cannot be reached"),
      (8, "Unsupported HTTP version in response", 0, "the server's answer is not valid HTTP"),
      (1, "Received HTTP/0.9 when not allowed", 0, "the server's answer is not HTTP"),
      (
        1, "Protocol \"ftp\" not supported or disabled in libcurl", 0,
        "only http and https urls can be fetched (protocol \"ftp\" not supported or disabled in libcurl)"
      ),
      (
        18, "transfer closed with 10 bytes remaining to read", 0,
        "the server closed the connection before the whole body arrived"
      ),
      (52, "Empty reply from server", 0, "the server closed the connection without answering"),
      (47, "Maximum (16) redirects followed", 0, "too many redirects (more than 16)"),
      (56, "Recv failure: Connection reset by peer", 104, "the server reset the connection"),
      (
        56, "OpenSSL SSL_read: Connection reset by peer, errno 104", 0,
        "the server reset the connection"
      ),
      (
        55, "Send failure: Broken pipe", 32,
        "the server closed the connection while the request was sent"
      ),
      (
        35, "error:0A00010B:SSL routines::wrong version number", 0,
        "the TLS (secure) connection failed"
      ),
      (
        35, "OpenSSL SSL_connect: tlsv13 alert certificate required", 0,
        "the TLS connection failed: the server wants a client certificate"
      ),
      (
        60, "SSL certificate problem: self-signed certificate", 0,
        "the TLS connection failed: the server's certificate is not trusted"
      ),
      (
        60, "SSL certificate problem: unable to get local issuer certificate", 0,
        "the TLS connection failed: the server's certificate is not trusted"
      ),
      (
        60, "SSL certificate problem: certificate has expired", 0,
        "the TLS connection failed: the server's certificate is expired or not yet valid"
      ),
      (
        60, "SSL: no alternative certificate subject name matches target host name 'x'", 0,
        "the TLS connection failed: the server's certificate is for another host name"
      ),
      (
        61, "Unrecognized content encoding type", 0,
        "the answer's body cannot be decoded (content encoding)"
      ),
      (
        99, "Unrecoverable error in select/poll", 0,
        "unrecoverable error in select/poll (libcurl error 99)"
      ),
    ] as [(Int32, String, Int32, String)])
  func reasons(code: Int32, message: String, osErrno: Int32, reason: String) {
    #expect(
      CurlCode(rawValue: code).reason(
        message: message, osErrno: osErrno, host: "nowhere.invalid", maximumRedirects: 16)
        == reason)
  }
}
