#include "CCrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The few functions of OpenSSL's EVP interface this uses, declared here (their types are
// opaque) so that no OpenSSL header is needed to build.
static struct {
    void *(*md_ctx_new)(void);
    void (*md_ctx_free)(void *context);
    const void *(*sha256)(void);
    int (*digest_init)(void *context, const void *type, void *engine);
    int (*digest_update)(void *context, const void *data, size_t count);
    int (*digest_final)(void *context, unsigned char *out, unsigned int *size);
} crypto;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char problem[512];
static const char *failure = problem;

/// Finds `name` in `library` and stores it in `*function`; false, with the reason in
/// `problem`, when it is not there.
static int find(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function == NULL) {
        snprintf(problem, sizeof problem, "libcrypto.so.3 has no %s", name);
        return 0;
    }
    return 1;
}

#define FIND(field, name) \
    if (!find(library, name, (void **)&crypto.field)) return

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "%s", reason ? reason : "libcrypto.so.3 cannot be loaded");
        return;
    }
    FIND(md_ctx_new, "EVP_MD_CTX_new");
    FIND(md_ctx_free, "EVP_MD_CTX_free");
    FIND(sha256, "EVP_sha256");
    FIND(digest_init, "EVP_DigestInit_ex");
    FIND(digest_update, "EVP_DigestUpdate");
    FIND(digest_final, "EVP_DigestFinal_ex");
    failure = NULL;
}

const char *picker_crypto_load(void) {
    pthread_once(&loaded, load);
    return failure;
}

void *picker_sha256_begin(void) {
    void *context = crypto.md_ctx_new();
    if (context == NULL) return NULL;
    if (crypto.digest_init(context, crypto.sha256(), NULL) != 1) {
        crypto.md_ctx_free(context);
        return NULL;
    }
    return context;
}

int picker_sha256_update(void *digest, const void *data, size_t count) {
    return count == 0 || crypto.digest_update(digest, data, count) == 1;
}

int picker_sha256_finish(void *digest, unsigned char out[32]) {
    unsigned int size = 0;
    int done = crypto.digest_final(digest, out, &size) == 1 && size == 32;
    crypto.md_ctx_free(digest);
    return done;
}
