// A hint to the processor that memory will be read soon, for loops that read places far
// apart in an order they know ahead (a list's names in a text that holds them in another
// order): the reads of the next items overlap instead of waiting one after another.
#ifndef PICKER_CPREFETCH_H
#define PICKER_CPREFETCH_H

/// Asks for the cache line at `address` to be fetched for reading, to be used once.
static inline __attribute__((always_inline)) void picker_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 0);
}

#endif
