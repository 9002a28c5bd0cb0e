#if canImport(CCurlLoader)
  /// The `curl_easy_getinfo` items beagle-run reads: a type base (0x100000 string,
  /// 0x200000 long) plus the item's index, as in `curl/curl.h`.
  enum CurlInfo: Int32 {
    /// CURLINFO_RESPONSE_CODE (CURLINFO_LONG + 2): the last response's status.
    case responseCode = 0x20_0002
    /// CURLINFO_CONTENT_TYPE (CURLINFO_STRING + 18): the last response's Content-Type.
    case contentType = 0x10_0012
    /// CURLINFO_OS_ERRNO (CURLINFO_LONG + 25): the errno of a failed connect or
    /// transfer.
    case osErrno = 0x20_0019
    /// CURLINFO_REDIRECT_URL (CURLINFO_STRING + 31): where a 3xx answer's Location
    /// points, made absolute; libcurl does not follow it (no CURLOPT_FOLLOWLOCATION).
    case redirectURL = 0x10_001F
  }
#endif
