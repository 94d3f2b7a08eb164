// libcurl, loaded on first use: the types and constants of Debian's <curl/curl.h>
// (libcurl4-openssl-dev), and the few functions the picker calls, reached through dlopen so
// that a picker that reads no URL loads no network library.
#ifndef PICKER_CCURL_H
#define PICKER_CCURL_H

#include <curl/curl.h>

/// Loads libcurl.so.4 and initialises it, once; later calls return at once. Returns NULL when
/// libcurl is ready, else why it cannot be used (dlopen's or dlsym's message).
const char *picker_curl_load(void);

// Each of these calls the libcurl function of the same name; picker_curl_load must have
// returned NULL first.
CURL *picker_curl_easy_init(void);
void picker_curl_easy_reset(CURL *handle);
void picker_curl_easy_cleanup(CURL *handle);
CURLcode picker_curl_easy_perform(CURL *handle);
const char *picker_curl_easy_strerror(CURLcode code);
struct curl_slist *picker_curl_slist_append(struct curl_slist *list, const char *text);
void picker_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one wrapper
// per type of value.
CURLcode picker_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode picker_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode picker_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode picker_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode picker_curl_setopt_callback(CURL *handle, CURLoption option, curl_write_callback callback);
CURLcode picker_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
