/// The queries `--history` recalls with Ctrl-P and Ctrl-N, as fzf's history: the oldest first,
/// then the query being typed. A query recalled and edited keeps its edits while the picker
/// runs (the file is not changed by them).
struct QueryRecall: Hashable, Sendable {
    /// The queries kept, then the one being typed.
    private var entries: [String]
    /// The entry shown.
    private var index: Int

    init(_ queries: [String]) {
        entries = queries + [""]
        index = queries.count
    }

    /// The query `steps` entries on (negative: back) from the one shown, which now reads
    /// `current`; nil past either end.
    mutating func step(_ steps: Int, current: String) -> String? {
        let target = index + steps
        guard entries.indices.contains(target) else { return nil }
        entries[index] = current
        index = target
        return entries[index]
    }
}
