#if canImport(CCurlLoader)
  /// The `curl_easy_setopt` options beagle-run sets, with their numbers in libcurl's
  /// `curl/curl.h` (a type base — 0 long, 10000 pointer, 20000 function, 30000
  /// `curl_off_t` — plus the option's index). These numbers are libcurl's ABI:
  /// they never change.
  enum CurlOption: Int32 {
    /// CURLOPT_WRITEDATA (10000 + 1): the write function's context.
    case writeData = 10001
    /// CURLOPT_URL (10000 + 2).
    case url = 10002
    /// CURLOPT_ERRORBUFFER (10000 + 10): CURL_ERROR_SIZE (256) bytes for the message.
    case errorBuffer = 10010
    /// CURLOPT_HTTPHEADER (10000 + 23): a `curl_slist` of header lines.
    case httpHeader = 10023
    /// CURLOPT_CUSTOMREQUEST (10000 + 36): the method's name.
    case customRequest = 10036
    /// CURLOPT_NOPROGRESS (43): 0 to have the progress function called.
    case noProgress = 43
    /// CURLOPT_NOBODY (44): 1 for HEAD.
    case noBody = 44
    /// CURLOPT_POST (47).
    case post = 47
    /// CURLOPT_XFERINFODATA (10000 + 57): the progress function's context.
    case progressData = 10057
    /// CURLOPT_CAINFO (10000 + 65): the PEM file of trusted certificate authorities.
    case certificateAuthorityFile = 10065
    /// CURLOPT_CAPATH (10000 + 97): a folder of trusted certificate authorities.
    case certificateAuthorityFolder = 10097
    /// CURLOPT_NOSIGNAL (99): 1, as every multi-threaded program must.
    case noSignal = 99
    /// CURLOPT_ACCEPT_ENCODING (10000 + 102): "" asks for every encoding libcurl decodes.
    case acceptEncoding = 10102
    /// CURLOPT_MAXFILESIZE_LARGE (30000 + 117): refuse an announced larger body.
    case maximumFileSize = 30117
    /// CURLOPT_POSTFIELDSIZE_LARGE (30000 + 120).
    case postFieldSize = 30120
    /// CURLOPT_TIMEOUT_MS (155).
    case timeoutMilliseconds = 155
    /// CURLOPT_CONNECTTIMEOUT_MS (156).
    case connectTimeoutMilliseconds = 156
    /// CURLOPT_COPYPOSTFIELDS (10000 + 165): the body, copied by libcurl.
    case copyPostFields = 10165
    /// CURLOPT_PROTOCOLS (181): a CURLPROTO_* bit mask (deprecated in 7.85 for
    /// CURLOPT_PROTOCOLS_STR, still honoured; older libcurls know only this one).
    case protocols = 181
    /// CURLOPT_WRITEFUNCTION (20000 + 11).
    case writeFunction = 20011
    /// CURLOPT_XFERINFOFUNCTION (20000 + 219).
    case progressFunction = 20219

    /// CURLPROTO_HTTP | CURLPROTO_HTTPS (1 | 2).
    static let httpAndHTTPS = 3
    /// CURL_ERROR_SIZE: the length of the error buffer.
    static let errorBufferSize = 256
  }
#endif
