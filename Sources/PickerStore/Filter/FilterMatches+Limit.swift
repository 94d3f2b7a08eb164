extension FilterMatches {
    /// The first `limit` matches, in list order; all of them when `limit` is nil (`--filter`
    /// with `--limit`).
    package func prefix(_ limit: Int?) -> FilterMatches {
        guard let limit, limit < count else { return self }
        switch self {
        case .friends(let friends): return .friends(Array(friends.prefix(limit)))
        case .lines(let lines): return .lines(lines.prefix(limit))
        }
    }
}
