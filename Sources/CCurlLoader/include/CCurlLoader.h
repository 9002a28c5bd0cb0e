// A few functions of libcurl's easy API, loaded at run time with dlopen.
//
// beagle-run does not link libcurl: only an https request needs it, and loading
// libcurl with the ~20 shared libraries it brings costs every start-up about 8 M
// instructions in the dynamic loader. No libcurl header is needed to build: the
// prototypes below are libcurl's stable ABI (curl/curl.h, unchanged since 7.x);
// the option, info and error numbers are declared in Swift beside their use
// (CurlOption.swift, CurlInfo.swift, CurlCode.swift).
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call;
// the ccurl_* wrappers here call them with one argument of a fixed type.

#ifndef CCURLLOADER_H
#define CCURLLOADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// libcurl's functions, found with dlsym in one loaded copy of the library.
typedef struct ccurl_library ccurl_library;

/// `size_t (*)(char *data, size_t size, size_t count, void *context)`: libcurl's
/// CURLOPT_WRITEFUNCTION; returning less than size * count stops the transfer.
typedef size_t (*ccurl_write_function)(char *data, size_t size, size_t count, void *context);

/// libcurl's CURLOPT_XFERINFOFUNCTION (curl_off_t is int64_t): called about once a
/// second while the transfer waits; returning non-zero aborts it.
typedef int (*ccurl_progress_function)(
    void *context, int64_t download_total, int64_t download_now, int64_t upload_total,
    int64_t upload_now);

/// Loads the library `name` (dlopen, e.g. "libcurl.so.4"), finds its functions and
/// runs curl_global_init(CURL_GLOBAL_DEFAULT) once. NULL when that fails, with why
/// in `error` (`error_size` bytes, always NUL-terminated).
const ccurl_library *ccurl_open(const char *name, char *error, size_t error_size);

/// curl_version: the loaded library's version line ("libcurl/7.88.1 OpenSSL/3.0.17 …").
const char *ccurl_version(const ccurl_library *library);

/// curl_easy_init: a new handle, NULL when out of memory.
void *ccurl_easy_init(const ccurl_library *library);
/// curl_easy_cleanup.
void ccurl_easy_cleanup(const ccurl_library *library, void *handle);
/// curl_easy_perform: blocks in poll() until the transfer ends; a CURLcode.
int ccurl_easy_perform(const ccurl_library *library, void *handle);
/// curl_easy_strerror: libcurl's text for a CURLcode.
const char *ccurl_easy_strerror(const ccurl_library *library, int code);

/// curl_easy_setopt for a CURLOPTTYPE_LONG option (0–9999); a CURLcode.
int ccurl_setopt_long(const ccurl_library *library, void *handle, int option, long value);
/// curl_easy_setopt for a CURLOPTTYPE_OFF_T option (30000–39999).
int ccurl_setopt_offset(const ccurl_library *library, void *handle, int option, int64_t value);
/// curl_easy_setopt for a pointer option (10000–19999): strings are copied by
/// libcurl, other pointers must outlive the transfer.
int ccurl_setopt_pointer(
    const ccurl_library *library, void *handle, int option, const void *value);
/// curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION, function).
int ccurl_setopt_write_function(
    const ccurl_library *library, void *handle, int option, ccurl_write_function function);
/// curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function).
int ccurl_setopt_progress_function(
    const ccurl_library *library, void *handle, int option, ccurl_progress_function function);

/// curl_easy_getinfo for a CURLINFO_LONG item (0x200000 + n).
int ccurl_getinfo_long(const ccurl_library *library, void *handle, int info, long *value);
/// curl_easy_getinfo for a CURLINFO_STRING item (0x100000 + n); the string belongs
/// to the handle.
int ccurl_getinfo_string(
    const ccurl_library *library, void *handle, int info, const char **value);

/// curl_slist_append: a copy of `text` appended; NULL when out of memory.
void *ccurl_slist_append(const ccurl_library *library, void *list, const char *text);
/// curl_slist_free_all.
void ccurl_slist_free_all(const ccurl_library *library, void *list);

#ifdef __cplusplus
}
#endif

#endif
