/// The selected friends: an ordered set of friend ids, in the order they were picked.
///
/// Selection is kept apart from the list and keyed by id, so it survives searches and pages
/// arriving.
/// Each pick gets a stamp that only grows, which keeps insertion and removal O(1).
public struct SelectionSet: Hashable, Sendable {
    private var stamps: [String: Int] = [:]
    private var nextStamp = 0

    public init() {}

    /// A selection of `ids`, picked in that order.
    public init(_ ids: [String]) {
        for id in ids { insert(id) }
    }

    /// The number of selected ids.
    public var count: Int { stamps.count }

    public var isEmpty: Bool { stamps.isEmpty }

    /// Whether `id` is selected.
    public func contains(_ id: String) -> Bool { stamps[id] != nil }

    /// Selects `id` after the ones already selected; does nothing when it is already selected.
    public mutating func insert(_ id: String) {
        guard stamps[id] == nil else { return }
        stamps[id] = nextStamp
        nextStamp += 1
    }

    /// Deselects `id`.
    public mutating func remove(_ id: String) {
        stamps[id] = nil
    }

    /// Selects `id` if it was not selected, deselects it otherwise.
    public mutating func toggle(_ id: String) {
        if contains(id) { remove(id) } else { insert(id) }
    }

    /// The selected ids in the order they were picked.
    /// - Complexity: O(k log k) for k selected ids.
    public var orderedIDs: [String] {
        stamps.sorted { $0.value < $1.value }.map(\.key)
    }
}

extension SelectionSet {
    #if DEBUG
        /// Checks, in debug builds, that every pick has its own stamp, older than the next.
        func _checkInvariants() {
            precondition(Set(stamps.values).count == stamps.count, "a stamp per pick")
            precondition(stamps.values.allSatisfy { $0 >= 0 && $0 < nextStamp }, "stamps older than the next")
        }
    #else
        @inline(__always) func _checkInvariants() {}
    #endif
}
