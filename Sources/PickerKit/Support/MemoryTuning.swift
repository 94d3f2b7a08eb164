/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt")
private func mallopt(_ option: Int32, _ value: Int32) -> Int32

/// Process-wide memory settings for holding a large friend list.
public enum MemoryTuning {
    /// Has glibc take blocks of 128 KB and more straight from the system and give them back when
    /// freed. By default glibc raises that threshold as large arrays are freed, after which
    /// the heap keeps the freed memory and the peak while a million friends load grows by a
    /// third; the price is some system time while the list grows.
    public static func returnLargeBlocksToTheSystem() {
        let mmapThreshold: Int32 = -3
        _ = mallopt(mmapThreshold, 128 * 1024)
    }
}
