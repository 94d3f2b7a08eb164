extension FriendList: Hashable {
    /// Lists are equal when they hold the same friends in the same order, sorted the same way.
    /// - Complexity: O(n).
    public static func == (left: FriendList, right: FriendList) -> Bool {
        left.sortOrder == right.sortOrder && left.inputOrder == right.inputOrder && left.fields == right.fields
            && left.count == right.count && left.skipped == right.skipped && left.problems == right.problems
            && left.friends.elementsEqual(right.friends)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sortOrder)
        hasher.combine(inputOrder)
        hasher.combine(count)
    }
}
