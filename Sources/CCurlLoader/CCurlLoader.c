#include "CCurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// libcurl's CURL_GLOBAL_DEFAULT (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32).
#define CCURL_GLOBAL_DEFAULT 3L

struct ccurl_library {
  int (*global_init)(long flags);
  char *(*version)(void);
  void *(*easy_init)(void);
  void (*easy_cleanup)(void *handle);
  int (*easy_perform)(void *handle);
  const char *(*easy_strerror)(int code);
  int (*easy_setopt)(void *handle, int option, ...);
  int (*easy_getinfo)(void *handle, int info, ...);
  void *(*slist_append)(void *list, const char *text);
  void (*slist_free_all)(void *list);
};

// dlopen, dlsym and curl_global_init are not to be raced: one opening at a time.
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

static int find(void *image, const char *symbol, void **slot, char *error, size_t error_size) {
  *slot = dlsym(image, symbol);
  if (*slot == NULL) {
    snprintf(error, error_size, "it has no function '%s'", symbol);
    return 0;
  }
  return 1;
}

const ccurl_library *ccurl_open(const char *name, char *error, size_t error_size) {
  if (error_size > 0) error[0] = 0;
  pthread_mutex_lock(&open_lock);
  void *image = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (image == NULL) {
    const char *reason = dlerror();
    snprintf(error, error_size, "%s", reason != NULL ? reason : "dlopen failed");
    pthread_mutex_unlock(&open_lock);
    return NULL;
  }
  ccurl_library *library = calloc(1, sizeof(ccurl_library));
  int found = library != NULL
      && find(image, "curl_global_init", (void **)&library->global_init, error, error_size)
      && find(image, "curl_version", (void **)&library->version, error, error_size)
      && find(image, "curl_easy_init", (void **)&library->easy_init, error, error_size)
      && find(image, "curl_easy_cleanup", (void **)&library->easy_cleanup, error, error_size)
      && find(image, "curl_easy_perform", (void **)&library->easy_perform, error, error_size)
      && find(image, "curl_easy_strerror", (void **)&library->easy_strerror, error, error_size)
      && find(image, "curl_easy_setopt", (void **)&library->easy_setopt, error, error_size)
      && find(image, "curl_easy_getinfo", (void **)&library->easy_getinfo, error, error_size)
      && find(image, "curl_slist_append", (void **)&library->slist_append, error, error_size)
      && find(image, "curl_slist_free_all", (void **)&library->slist_free_all, error, error_size);
  if (found && library->global_init(CCURL_GLOBAL_DEFAULT) != 0) {
    snprintf(error, error_size, "curl_global_init failed");
    found = 0;
  }
  if (!found) {
    if (library == NULL) snprintf(error, error_size, "out of memory");
    free(library);
    dlclose(image);
    pthread_mutex_unlock(&open_lock);
    return NULL;
  }
  // The image stays loaded for the life of the process, as a linked library would.
  pthread_mutex_unlock(&open_lock);
  return library;
}

const char *ccurl_version(const ccurl_library *library) { return library->version(); }

void *ccurl_easy_init(const ccurl_library *library) { return library->easy_init(); }

void ccurl_easy_cleanup(const ccurl_library *library, void *handle) {
  library->easy_cleanup(handle);
}

int ccurl_easy_perform(const ccurl_library *library, void *handle) {
  return library->easy_perform(handle);
}

const char *ccurl_easy_strerror(const ccurl_library *library, int code) {
  return library->easy_strerror(code);
}

int ccurl_setopt_long(const ccurl_library *library, void *handle, int option, long value) {
  return library->easy_setopt(handle, option, value);
}

int ccurl_setopt_offset(const ccurl_library *library, void *handle, int option, int64_t value) {
  return library->easy_setopt(handle, option, value);
}

int ccurl_setopt_pointer(
    const ccurl_library *library, void *handle, int option, const void *value) {
  return library->easy_setopt(handle, option, value);
}

int ccurl_setopt_write_function(
    const ccurl_library *library, void *handle, int option, ccurl_write_function function) {
  return library->easy_setopt(handle, option, function);
}

int ccurl_setopt_progress_function(
    const ccurl_library *library, void *handle, int option, ccurl_progress_function function) {
  return library->easy_setopt(handle, option, function);
}

int ccurl_getinfo_long(const ccurl_library *library, void *handle, int info, long *value) {
  return library->easy_getinfo(handle, info, value);
}

int ccurl_getinfo_string(
    const ccurl_library *library, void *handle, int info, const char **value) {
  return library->easy_getinfo(handle, info, value);
}

void *ccurl_slist_append(const ccurl_library *library, void *list, const char *text) {
  return library->slist_append(list, text);
}

void ccurl_slist_free_all(const ccurl_library *library, void *list) {
  library->slist_free_all(list);
}
