/// Positions in a list's order, ascending: the friends a search shows.
///
/// Everyone is held as a count, so that an empty query over a million friends costs nothing;
/// some are held as 32-bit numbers, half the memory of `Int`s, which matters when a search
/// shows most of a large list.
package struct Positions: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// The count of everyone, or nil when ``some`` holds the positions.
    private let everyone: Int?
    private let some: [UInt32]

    /// Positions `0..<count`.
    package static func everyone(_ count: Int) -> Positions { Positions(everyone: count, some: []) }

    private init(everyone: Int?, some: [UInt32]) {
        self.everyone = everyone
        self.some = some
    }

    /// `positions`, which must be ascending.
    package init(_ positions: [UInt32]) { self.init(everyone: nil, some: positions) }

    /// `positions`, which must be ascending.
    package init(_ positions: some Sequence<Int>) { self.init(positions.map { UInt32($0) }) }

    package init(arrayLiteral positions: Int...) { self.init(positions) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { everyone ?? some.count }

    package subscript(index: Int) -> Int {
        guard let everyone else { return Int(some[index]) }
        precondition(index >= 0 && index < everyone, "position index out of range")
        return index
    }

    /// Whether these are all of `0..<count`: ascending positions below `count` are when there
    /// are `count` of them.
    func isEveryone(of count: Int) -> Bool { self.count == count }

    package static func == (left: Positions, right: Positions) -> Bool { left.elementsEqual(right) }

    /// The index of `position`, if it is here.
    /// - Complexity: O(log n).
    package func index(of position: Int) -> Int? {
        let index = lowerBound(of: position)
        return index < count && self[index] == position ? index : nil
    }

    /// The first index whose position is not less than `position`.
    /// - Complexity: O(log n).
    func lowerBound(of position: Int) -> Int {
        if let everyone { return Swift.min(Swift.max(position, 0), everyone) }
        return BinarySearch.firstIndex(in: some.indices) { Int(some[$0]) >= position }
    }
}

extension Positions {
    #if DEBUG
        /// Checks, in debug builds, what the type promises: positions ascending, each once, and
        /// a count of everyone that is not negative.
        func _checkInvariants() {
            if let everyone {
                precondition(everyone >= 0 && some.isEmpty, "everyone is a count, with no positions beside it")
            }
            for index in some.indices.dropFirst() {
                precondition(some[index - 1] < some[index], "positions ascend, each once")
            }
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
