// SHA-256 from the system's OpenSSL (libcrypto.so.3, which libcurl4 depends on), reached
// through dlopen on first use, so that a picker that keeps no cache loads no crypto library.
#ifndef PICKER_CCRYPTO_H
#define PICKER_CCRYPTO_H

#include <stddef.h>

/// Loads libcrypto.so.3, once; later calls return at once. Returns NULL when SHA-256 is
/// ready, else why it cannot be used (dlopen's or dlsym's message).
const char *picker_crypto_load(void);

/// A SHA-256 digest under way; picker_crypto_load must have returned NULL first. NULL when
/// libcrypto could not make one.
void *picker_sha256_begin(void);

/// Adds `count` bytes at `data` to the digest. Returns 1, or 0 when libcrypto failed.
int picker_sha256_update(void *digest, const void *data, size_t count);

/// Writes the 32 bytes of the digest to `out` and frees it. Returns 1, or 0 when libcrypto
/// failed (`out` is then left as it was).
int picker_sha256_finish(void *digest, unsigned char out[32]);

#endif
