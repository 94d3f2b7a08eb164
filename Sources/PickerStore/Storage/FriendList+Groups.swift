extension FriendList {
    /// The members of `group` found in the list, in the group's order; empty for a person. A
    /// member named `urn:uuid:…` (as vCard's `MEMBER` and Apple's group cards name them) is also
    /// found by the bare identifier, which a card's `UID` may hold, and the other way round.
    /// - Complexity: O(m) for m members.
    public func members(of group: Friend) -> [Friend] {
        let prefix = "urn:uuid:"
        return (group.members ?? []).compactMap { id in
            let other = id.lowercased().hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : prefix + id
            return (position(ofID: id) ?? position(ofID: other)).map { friends[$0] }
        }
    }

    /// `picked` with every group replaced by its members found in the list (the members of a
    /// group within a group too), each friend once, where it first comes: what picking a group
    /// picks.
    /// - Complexity: O(n + m) for n friends picked and m members of the groups among them.
    public func expandingGroups(_ picked: [Friend]) -> [Friend] {
        guard picked.contains(where: { $0.members != nil }) else { return picked }
        var seen: Set<String> = []
        var expanded: [Friend] = []
        func add(_ friend: Friend) {
            guard seen.insert(friend.id).inserted else { return }
            guard friend.members != nil else {
                expanded.append(friend)
                return
            }
            for member in members(of: friend) { add(member) }
        }
        for friend in picked { add(friend) }
        return expanded
    }
}
