/// How a search orders what it finds: by score (see ``MatchTier``), then the friends picked
/// most, then list order.
package struct Ranking: Hashable, Sendable {
    /// The list positions of the friends to put first among friends of equal score, in that
    /// order: the friends picked most, by frecency.
    package var favoured: [Int]

    package init(favoured: [Int] = []) {
        self.favoured = favoured
    }
}

/// What a search found: the friends that pass, in list order, and, when it ranked them, the
/// order to show them in.
package struct SearchResult: Equatable, Sendable {
    /// The positions in list order of the friends that pass, ascending.
    package let positions: Positions
    /// The same positions, best first; nil when the search did not rank them.
    package let ranked: [UInt32]?
    /// The terms that matched nobody as typed and were let match a word one typo away (see
    /// ``FriendList/searchAllowingTypos(_:ranking:)``); empty for an ordinary search.
    package internal(set) var typoTerms: [String] = []

    /// Friends in list order, not ranked.
    init(positions: Positions) {
        self.positions = positions
        ranked = nil
    }

    /// The friends at `positions` (ascending), ranked by their `scores` with `ranking` when
    /// it is given.
    init(positions: [UInt32], scores: [UInt8], ranking: Ranking?) {
        self.positions = Positions(positions)
        ranked = ranking.map { Self.ranked(positions, scores: scores, favoured: $0.favoured) }
    }

    /// How many friends were found.
    package var count: Int { positions.count }

    /// The list positions in the order to show them.
    package var inOrder: [Int] { ranked.map { $0.map(Int.init) } ?? Array(positions) }

    /// `positions` (ascending) ordered by `scores`, lowest first; among equal scores the
    /// `favoured` positions first, in their order, then the rest in list order.
    /// - Complexity: O(n + k log n) for n positions and k favoured: a counting sort.
    static func ranked(_ positions: [UInt32], scores: [UInt8], favoured: [Int]) -> [UInt32] {
        var starts = [Int](repeating: 0, count: 257)
        for score in scores { starts[Int(score) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var taken: [Int] = []
        var ranked = [UInt32](repeating: 0, count: positions.count)
        for position in favoured {
            let index = BinarySearch.firstIndex(in: positions.indices) { Int(positions[$0]) >= position }
            guard index < positions.count, Int(positions[index]) == position, !taken.contains(index) else { continue }
            taken.append(index)
            ranked[starts[Int(scores[index])]] = positions[index]
            starts[Int(scores[index])] += 1
        }
        taken.sort()
        var nextTaken = 0
        for index in positions.indices {
            if nextTaken < taken.count, taken[nextTaken] == index {
                nextTaken += 1
                continue
            }
            let score = Int(scores[index])
            ranked[starts[score]] = positions[index]
            starts[score] += 1
        }
        return ranked
    }
}
