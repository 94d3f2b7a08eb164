extension FriendList {
    #if DEBUG
        /// Checks, in debug builds, how the stores hold together: a record and keys for every
        /// friend number; the list order sorted, each number in it once, with its prefix; the
        /// id index holding exactly the numbers in the list order, each found by its id; the
        /// sections covering the list order in section order, each friend in its letter's.
        func _checkInvariants() {
            packed._checkInvariants()
            keys._checkInvariants()
            precondition(packed.count == keys.count, "a record and keys per friend")
            let comparison = entryComparison
            if let inputOrder {
                precondition(sections.isEmpty, "no sections in input order")
                for index in order.indices.dropFirst() {
                    let (before, after) = (order[index - 1], order[index])
                    precondition(inputOrder == .asRead ? before < after : before > after, "in input order")
                }
            } else {
                run._checkInvariants(entry: comparison.key)
            }
            let placed = Set(order.map(Int.init))
            precondition(placed.count == order.count && placed.allSatisfy { $0 < packed.count }, "each friend once")
            if indexesIDs {
                let holds = ids._checkInvariants { Self.idHash($0, packed: packed) }
                precondition(holds == placed, "the id index holds the friends in the list order")
            } else {
                precondition(placed.count == packed.count, "no friend left out for an ascending id")
                for number in 1..<max(1, packed.count) {
                    precondition(ascendingID(number - 1) < ascendingID(number), "ids ascending")
                }
                precondition(packed.count == 0 || ascendingID(packed.count - 1) == lastAscendingID, "the last id kept")
            }
            for (position, number) in order.enumerated() {
                precondition(self.position(ofID: friend(number: Int(number)).id) == position, "found by id")
            }
            var next = 0
            for (index, section) in sections.enumerated() {
                precondition(section.range.lowerBound == next && !section.range.isEmpty, "sections cover the list")
                if index > 0 { precondition(Section.precedes(sections[index - 1].letter, section.letter), "in order") }
                for position in section.range {
                    let key = comparison.key(order[position])
                    precondition(Section.letter(forSortKey: key) == section.letter, "each friend in its section")
                }
                next = section.range.upperBound
            }
            precondition(next == count || inputOrder != nil, "sections cover the list")
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
