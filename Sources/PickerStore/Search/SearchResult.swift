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
    /// ``FriendList/searchAllowingTypos(_:known:ranking:)``); empty for an ordinary search.
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
        ranked = ranking.map { ranking in
            positions.withUnsafeBufferPointer { positions in
                scores.withUnsafeBufferPointer { scores in
                    Self.ranked([FoundPiece(positions: positions, scores: scores)], favoured: ranking.favoured)
                }
            }
        }
    }

    /// The friends found by the pieces of a scan, each piece's positions ascending and above
    /// the piece's before, with their scores; ranked with `ranking` when it is given.
    init(pieces: [FoundPiece], ranking: Ranking?) {
        let total = pieces.reduce(0) { $0 + $1.positions.count }
        positions = Positions(
            [UInt32](unsafeUninitializedCapacity: total) { whole, initialized in
                for piece in pieces {
                    _ = UnsafeMutableBufferPointer(rebasing: whole[initialized...]).initialize(from: piece.positions)
                    initialized += piece.positions.count
                }
            })
        ranked = ranking.map { Self.ranked(pieces, favoured: $0.favoured) }
    }

    /// How many friends were found.
    package var count: Int { positions.count }

    /// The list positions in the order to show them.
    package var inOrder: [Int] { ranked.map { $0.map(Int.init) } ?? Array(positions) }

    /// The positions of `pieces` (ascending, each piece's above the piece's before) ordered by
    /// their scores, lowest first; among equal scores the `favoured` positions first, in their
    /// order, then the rest in list order. A counting sort: the pieces are counted, then
    /// placed, on every core, each piece's friends of a score after the favoured of that
    /// score and the others of the pieces before.
    /// - Complexity: O(n + k log n) for n positions and k favoured.
    static func ranked(_ pieces: [FoundPiece], favoured: [Int]) -> [UInt32] {
        let total = pieces.reduce(0) { $0 + $1.positions.count }
        let counts = Parallel.map(pieces.count) { Self.counts(of: pieces[$0].scores) }
        // The favoured found, each once, in their order: by piece, and index in it.
        var taken: [(piece: Int, index: Int)] = []
        var seen: Set<Int> = []
        for position in favoured where seen.insert(position).inserted {
            guard let piece = pieces.firstIndex(where: { $0.positions.last.map { Int($0) >= position } ?? false })
            else { continue }
            let positions = pieces[piece].positions
            let index = BinarySearch.firstIndex(in: positions.indices) { Int(positions[$0]) >= position }
            if Int(positions[index]) == position { taken.append((piece, index)) }
        }
        // Where each score's friends start: the favoured first, then each piece's in turn.
        var next = [Int](repeating: 0, count: 256)
        var start = 0
        for score in 0..<256 {
            next[score] = start
            start += counts.reduce(0) { $0 + $1[score] }
        }
        return [UInt32](unsafeUninitializedCapacity: total) { ranked, initialized in
            for (piece, index) in taken {
                let score = Int(pieces[piece].scores[index])
                ranked[next[score]] = pieces[piece].positions[index]
                next[score] += 1
            }
            var starts: [[Int]] = []
            for piece in pieces.indices {
                starts.append(next)
                for score in 0..<256 { next[score] += counts[piece][score] }
                for (takenPiece, index) in taken where takenPiece == piece {
                    next[Int(pieces[piece].scores[index])] -= 1
                }
            }
            let output = UncheckedSendable(ranked)
            let skipped = pieces.indices.map { piece in taken.filter { $0.piece == piece }.map(\.index).sorted() }
            let pieceStarts = starts
            _ = Parallel.map(pieces.count) { piece in
                Self.place(pieces[piece], skipping: skipped[piece], from: pieceStarts[piece], into: output.value)
            }
            initialized = total
        }
    }

    /// How many of `scores` are of each score.
    private static func counts(of scores: UnsafeBufferPointer<UInt8>) -> [Int] {
        // Four tallies, taken in turn, so that a run of one score is not a chain of additions
        // to one counter.
        var tallies = [Int](repeating: 0, count: 4 * 256)
        tallies.withUnsafeMutableBufferPointer { tallies in
            var index = 0
            while index + 4 <= scores.count {
                tallies[Int(scores[index])] += 1
                tallies[256 + Int(scores[index + 1])] += 1
                tallies[512 + Int(scores[index + 2])] += 1
                tallies[768 + Int(scores[index + 3])] += 1
                index += 4
            }
            while index < scores.count {
                tallies[Int(scores[index])] += 1
                index += 1
            }
        }
        return (0..<256).map { tallies[$0] + tallies[256 + $0] + tallies[512 + $0] + tallies[768 + $0] }
    }

    /// Writes the positions of `piece` into `ranked`, each score's from its place in `starts`
    /// on, in order, leaving out the indices `skipped` (ascending).
    private static func place(
        _ piece: FoundPiece, skipping skipped: [Int], from starts: [Int],
        into ranked: UnsafeMutableBufferPointer<UInt32>
    ) {
        var next = starts
        let (positions, scores) = (piece.positions, piece.scores)
        next.withUnsafeMutableBufferPointer { next in
            var nextSkipped = 0
            for index in positions.indices {
                if nextSkipped < skipped.count, skipped[nextSkipped] == index {
                    nextSkipped += 1
                    continue
                }
                let score = Int(scores[index])
                ranked[next[score]] = positions[index]
                next[score] += 1
            }
        }
    }
}
