import Synchronization

extension TextFolding {
    /// Foldings put back after use, with the folds they looked up: a source read page by page
    /// folds each page's names with the caches the pages before filled, instead of building a
    /// table of scalar folds and looking every character up again for each page.
    private static let pool = Mutex<[TextFolding]>([])

    /// The most folds a folding may hold and still be put back; one that looked up more (a
    /// source of ever new characters) is let go, so the pool's memory stays bounded.
    static let pooledFoldsLimit = 1 << 16

    /// Calls `body` with a folding from the pool, or a new one when none is free, and puts it
    /// back after. Safe from any thread: each caller has a folding of its own while it runs.
    static func withPooled<Result>(_ body: (inout TextFolding) -> Result) -> Result {
        var folding = pool.withLock { $0.popLast() } ?? TextFolding()
        let result = body(&folding)
        if folding.cachedFolds <= pooledFoldsLimit {
            pool.withLock { $0.append(folding) }
        }
        return result
    }
}
