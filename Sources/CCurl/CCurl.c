#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_reset)(CURL *handle);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char problem[512];
static const char *failure = problem;

/// Finds `name` in `library` and stores it in `*function`; false, with the reason in
/// `problem`, when it is not there.
static int find(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function == NULL) {
        snprintf(problem, sizeof problem, "libcurl.so.4 has no %s", name);
        return 0;
    }
    return 1;
}

#define FIND(field, name) \
    if (!find(library, name, (void **)&curl.field)) return

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "%s", reason ? reason : "libcurl.so.4 cannot be loaded");
        return;
    }
    FIND(global_init, "curl_global_init");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_reset, "curl_easy_reset");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_perform, "curl_easy_perform");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(problem, sizeof problem, "libcurl cannot start: %s", curl.easy_strerror(code));
        return;
    }
    failure = NULL;
}

const char *picker_curl_load(void) {
    pthread_once(&loaded, load);
    return failure;
}

CURL *picker_curl_easy_init(void) { return curl.easy_init(); }
void picker_curl_easy_reset(CURL *handle) { curl.easy_reset(handle); }
void picker_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode picker_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *picker_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

struct curl_slist *picker_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}

void picker_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode picker_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode picker_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode picker_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode picker_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode picker_curl_setopt_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

CURLcode picker_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
