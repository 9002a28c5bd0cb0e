import BeagleHTTP
import Foundation

/// HTTP/1.1 response framing on any bytes (chunked sizes, headers, Content-Length,
/// trailers), fed in pieces as a socket gives them, and the redirect rule on the
/// answer's `Location`: an answer or an `HTTPError`, never a crash; a body never
/// longer than the limit; credentials never kept on a cross-origin redirect.
///
/// The first byte picks the piece size (1…256) and the body limit; the rest is the
/// answer as a server would send it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let piece = Int(bytes[0]) + 1
  let limit = bytes[0] & 1 == 0 ? 1 << 16 : 64
  let answer = Array(bytes.dropFirst())
  let whole = HTTPFraming.read(answer, piece: .max, limit: limit)
  let split = HTTPFraming.read(answer, piece: piece, limit: limit)
  // How the bytes arrive must not change what they say.
  guard whole == split else { fatalError("pieces of \(piece) bytes read otherwise: \(split)") }
  if case .success(let response) = whole {
    guard response.body.count <= limit else { fatalError("a body past the limit") }
  }
  redirect(answer)
  return 0
}

/// Follows a `Location:` line of the answer from a request carrying credentials.
private func redirect(_ answer: [UInt8]) {
  let text = String(decoding: answer, as: UTF8.self)
  guard let range = text.range(of: "Location:", options: .caseInsensitive) else { return }
  let location = text[range.upperBound...].prefix { $0 != "\r" && $0 != "\n" }
    .trimmingCharacters(in: .whitespaces)
  guard let current = URL(string: "http://a.test:8080/start"),
    let next = URL(string: location, relativeTo: current)?.absoluteURL
  else { return }
  let request = HTTPRequest(
    method: .post,
    headers: ["Authorization": "secret", "cookie": "secret", "PROXY-AUTHORIZATION": "secret"],
    body: HTTPBody(bytes: [1], contentType: "application/json"))
  for status in [301, 302, 303, 307, 308] {
    let followed = HTTPRedirect.follow(request, status: status, from: current, to: next)
    if !HTTPRedirect.isSameOrigin(current, next),
      followed.headers.keys.contains(where: {
        HTTPRedirect.credentialHeaders.contains($0.lowercased())
      })
    {
      fatalError("credentials kept on a redirect to \(next)")
    }
  }
}
