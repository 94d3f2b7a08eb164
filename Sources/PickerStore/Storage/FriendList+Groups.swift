extension FriendList {
    /// The positions of the groups in the list (the friends that have members), ascending.
    /// - Complexity: O(1) when there are none; else O(e + g log n) for e friends with details
    ///   and g groups.
    package func groupPositions() -> [Int] {
        details.groupNumbers().compactMap(position(ofNumber:)).sorted()
    }

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

extension FriendList {
    /// What the id of a group made of a category starts with.
    public static let categoryGroupPrefix = "category:"

    /// The groups the friends' categories make (a vCard's `CATEGORIES`, a CSV's labels): one
    /// per category, named by it, whose members are the friends filed under it in list order,
    /// with the id `category:` and the name. None for a category whose group the list holds
    /// already, or that a group of the list is named (an address book's own group card).
    /// - Complexity: O(c log n) for c friends with categories; O(1) when no friend has a card.
    public func categoryGroups() -> [Friend] {
        let filed = details.categoriesByNumber().compactMap { entry in
            position(ofNumber: entry.number).map { (position: $0, categories: entry.categories) }
        }.sorted { $0.position < $1.position }
        guard !filed.isEmpty else { return [] }
        var members: [String: [String]] = [:]
        var names: [String] = []
        for (position, categories) in filed {
            let id = friends[position].id
            for category in categories {
                if members[category] == nil { names.append(category) }
                members[category, default: []].append(id)
            }
        }
        let groupNames = Set(details.groupNumbers().compactMap { position(ofNumber: $0).map { friends[$0].name } })
        return names.compactMap { name in
            let id = Self.categoryGroupPrefix + name
            guard position(ofID: id) == nil, !groupNames.contains(name) else { return nil }
            return Friend(id: id, name: name, members: members[name])
        }
    }
}
