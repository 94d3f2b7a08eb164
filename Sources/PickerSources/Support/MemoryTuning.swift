import PickerStore

/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt")
private func mallopt(_ option: Int32, _ value: Int32) -> Int32

/// Process-wide memory settings for holding a large friend list.
package enum MemoryTuning {
    /// Has glibc take blocks of 256 KB and more straight from the system and give them back
    /// when freed. By default glibc raises that threshold as large arrays are freed, after
    /// which the heap keeps the freed memory and the peak while a million friends load grows by
    /// a third. Smaller blocks stay with the heap and are used again: many buffers of each page
    /// on its way to the list would otherwise be mapped afresh, a page fault for every 4 KB,
    /// and unmapped, for every page. (At 512 KB the load is no faster, and the heap keeps
    /// 2–4 MB more.)
    package static func returnLargeBlocksToTheSystem() {
        let mmapThreshold: Int32 = -3
        _ = mallopt(mmapThreshold, 256 * 1024)
    }
}
