import Glibc

/// Whether this is a run under AddressSanitizer or ThreadSanitizer (`scripts/sanitizers`), whose
/// shadow memory (and ASan's quarantine) multiply what a process holds: peak memory is not
/// checked then.
let runsUnderSanitizer = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

/// How many times longer than usual the harness waits for a picker: five under a sanitizer,
/// which runs every memory access through its checks (ThreadSanitizer made the reading of 100 MB
/// take more than the usual 10 s), else one. The picker's own deadlines are not stretched.
let harnessPatience: Double = runsUnderSanitizer ? 5 : 1
