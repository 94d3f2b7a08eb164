#include "CQRencode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    QRcode *(*encode_string)(const char *text, int version, QRecLevel level, QRencodeMode hint, int casesensitive);
    void (*free)(QRcode *code);
} qrencode;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char problem[512];
static const char *failure = problem;

static void load(void) {
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "%s", reason ? reason : "libqrencode.so.4 cannot be loaded");
        return;
    }
    qrencode.encode_string = dlsym(library, "QRcode_encodeString");
    qrencode.free = dlsym(library, "QRcode_free");
    if (qrencode.encode_string == NULL || qrencode.free == NULL) {
        snprintf(problem, sizeof problem, "libqrencode.so.4 has no QRcode_encodeString or QRcode_free");
        return;
    }
    failure = NULL;
}

const char *picker_qrencode_load(void) {
    pthread_once(&loaded, load);
    return failure;
}

QRcode *picker_qrcode_encode_string(const char *text, int version, QRecLevel level, QRencodeMode hint,
                                    int casesensitive) {
    return qrencode.encode_string(text, version, level, hint, casesensitive);
}

void picker_qrcode_free(QRcode *code) { qrencode.free(code); }
