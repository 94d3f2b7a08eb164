// zlib's raw inflate and CRC-32, for the entries of a .zip archive, from the system's
// libz.so.1 reached through dlopen on first use, so that a picker that reads no archive loads
// no compression library. The stream stays in C: Swift sees an opaque inflater.
#ifndef PICKER_CZLIB_H
#define PICKER_CZLIB_H

#include <stddef.h>

/// Loads libz.so.1, once; later calls return at once. Returns NULL when zlib is ready, else
/// why it cannot be used (dlopen's or dlsym's message).
const char *picker_zlib_load(void);

/// An inflater of raw deflate data (no zlib or gzip header, as a .zip entry holds it);
/// picker_zlib_load must have returned NULL first. NULL when zlib could not make one.
void *picker_inflater_begin(void);

/// Inflates from the `count` bytes at `input` into the `room` bytes at `output`; sets
/// `*consumed` and `*produced` to the bytes it took and wrote. Returns 1 when the deflate stream
/// ended, 0 when it wants more input or more room, and -1 when the data is not deflate data.
int picker_inflater_step(
    void *inflater, const unsigned char *input, size_t count, size_t *consumed, unsigned char *output, size_t room,
    size_t *produced);

/// Frees the inflater.
void picker_inflater_end(void *inflater);

/// The CRC-32 of the `count` bytes at `bytes`, continuing from `crc` (0 to begin).
unsigned long picker_crc32(unsigned long crc, const unsigned char *bytes, size_t count);

#endif
