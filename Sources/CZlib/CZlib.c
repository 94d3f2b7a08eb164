#include "CZlib.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

// The functions of zlib this uses, found in libz.so.1 at run time; the header gives the
// stream's layout and the constants.
static struct {
    int (*inflate_init2)(z_streamp stream, int window_bits, const char *version, int stream_size);
    int (*inflate)(z_streamp stream, int flush);
    int (*inflate_end)(z_streamp stream);
    uLong (*crc32)(uLong crc, const Bytef *bytes, uInt count);
} zlib;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char problem[512];
static const char *failure = problem;

/// Finds `name` in `library` and stores it in `*function`; false, with the reason in
/// `problem`, when it is not there.
static int find(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function == NULL) {
        snprintf(problem, sizeof problem, "libz.so.1 has no %s", name);
        return 0;
    }
    return 1;
}

#define FIND(field, name) \
    if (!find(library, name, (void **)&zlib.field)) return

static void load(void) {
    void *library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "%s", reason ? reason : "libz.so.1 cannot be loaded");
        return;
    }
    FIND(inflate_init2, "inflateInit2_");
    FIND(inflate, "inflate");
    FIND(inflate_end, "inflateEnd");
    FIND(crc32, "crc32");
    failure = NULL;
}

const char *picker_zlib_load(void) {
    pthread_once(&loaded, load);
    return failure;
}

void *picker_inflater_begin(void) {
    z_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    // Negative window bits: raw deflate, without a header or a trailer.
    if (zlib.inflate_init2(stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof *stream) != Z_OK) {
        free(stream);
        return NULL;
    }
    return stream;
}

int picker_inflater_step(
    void *inflater, const unsigned char *input, size_t count, size_t *consumed, unsigned char *output, size_t room,
    size_t *produced) {
    z_stream *stream = inflater;
    // zlib counts in unsigned int: larger spans are taken a part at a time by the caller.
    uInt in = count > UINT_MAX ? UINT_MAX : (uInt)count;
    uInt out = room > UINT_MAX ? UINT_MAX : (uInt)room;
    stream->next_in = (Bytef *)input;
    stream->avail_in = in;
    stream->next_out = output;
    stream->avail_out = out;
    int result = zlib.inflate(stream, Z_NO_FLUSH);
    *consumed = in - stream->avail_in;
    *produced = out - stream->avail_out;
    stream->next_in = NULL;
    stream->next_out = NULL;
    if (result == Z_STREAM_END) return 1;
    if (result == Z_OK || result == Z_BUF_ERROR) return 0;
    return -1;
}

void picker_inflater_end(void *inflater) {
    zlib.inflate_end(inflater);
    free(inflater);
}

unsigned long picker_crc32(unsigned long crc, const unsigned char *bytes, size_t count) {
    while (count > 0) {
        uInt part = count > UINT_MAX ? UINT_MAX : (uInt)count;
        crc = zlib.crc32(crc, bytes, part);
        bytes += part;
        count -= part;
    }
    return crc;
}
