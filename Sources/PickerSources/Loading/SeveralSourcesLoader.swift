import PickerStore

/// Several sources read one after the other as one (`--source` given more than once): every
/// friend of each, in one list, a person found in several one friend (``SourceMerge``).
///
/// Each friend's id, and the ids of a group's members, get the place of their source in front,
/// from 1 (`2:uid-of-ada`), so that an id says which source it came from and two sources' ids
/// never meet. A contact of a later source that is a person an earlier one gave (the same
/// `UID`, or the same name and an address in common) is not delivered again: the friend
/// delivered is, amended with what the later source adds (``FriendPage/amended``), under its
/// first id, so that the same books given in the same order give it the same id on every run;
/// a group of the later source that named the contact names the friend instead, and the
/// contact's own id leads to the friend (``FriendPage/mergedIDs``: a pick or `--select` under
/// it finds her).
/// Each friend names the sources it was found in (``Friend/sources``). A source that fails
/// costs only itself: the friends it delivered stay, the others are read, and its error is
/// told in the pages (``FriendPage/problems``), once a source has delivered friends. Only when
/// every source fails does the load fail, with every source's error in its message.
package struct SeveralSourcesLoader: FriendLoader {
    /// Each source as a friend's ``Friend/sources`` names it, and its loader, in the order given.
    let sources: [(name: String, loader: FriendLoader)]

    package init(sources: [(name: String, loader: FriendLoader)]) {
        self.sources = sources
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        var failures: [SourceError] = []
        // The failures not told yet: they ride on the next page delivered.
        var untold: [SourceError] = []
        var anyRead = false
        var merge = SourceMerge()
        for (index, source) in sources.enumerated() {
            let place = "\(index + 1):"
            // The source's groups delivered, whose members may be merged after them.
            var groups: [Friend] = []
            do throws(SourceError) {
                try source.loader.load { page in
                    var page = page
                    var friends: [Friend] = []
                    friends.reserveCapacity(page.count)
                    for contact in page.friends {
                        let contact = Self.friend(contact, from: place, named: source.name)
                        switch merge.take(contact, fromSource: index) {
                        case .new(var friend):
                            friend.members = friend.members?.map(merge.keptID)
                            if friend.members != nil { groups.append(friend) }
                            friends.append(friend)
                        case .amended(let friend):
                            page.amended.append(friend)
                            if contact.id != friend.id { page.mergedIDs[contact.id] = friend.id }
                        }
                    }
                    page.friends = friends
                    page.problems = untold + page.problems
                    untold = []
                    anyRead = true
                    deliver(page)
                }
                anyRead = true
            } catch {
                failures.append(error)
                untold.append(error)
            }
            let regrouped = Self.regrouped(groups, merge)
            if !regrouped.isEmpty {
                var page = FriendPage(friends: [])
                page.amended = regrouped
                deliver(page)
            }
        }
        guard anyRead else { throw Self.everySourceFailed(failures) }
        if !untold.isEmpty {
            var page = FriendPage(friends: [])
            page.problems = untold
            deliver(page)
        }
    }

    /// The `groups` delivered that name a member by an id `merge` has made one with an earlier
    /// source's friend since, each naming the friend instead.
    static func regrouped(_ groups: [Friend], _ merge: SourceMerge) -> [Friend] {
        groups.compactMap { group in
            var regrouped = group
            regrouped.members = group.members?.map(merge.keptID)
            return regrouped.members == group.members ? nil : regrouped
        }
    }

    /// `friend` of the source whose place is `place` (`2:`) and whose name is `name`, with its
    /// id and its members' ids prefixed by the place, and the name as its source.
    static func friend(_ friend: Friend, from place: String, named name: String) -> Friend {
        var friend = friend
        friend.id = place + friend.id
        friend.members = friend.members?.map { place + $0 }
        friend.sources = [name]
        return friend
    }

    /// The error of a load whose every source failed with `failures`: the first source's, the
    /// others' after it; a rejected session, when a service rejected it.
    static func everySourceFailed(_ failures: [SourceError]) -> SourceError {
        guard var error = failures.first else {
            return SourceError(source: "--source", problem: "no source to read")
        }
        let others = failures.dropFirst().map { "\($0.source): \($0.problem)" }
        if !others.isEmpty { error.problem += "; and every other source failed too: " + others.joined(separator: "; ") }
        error.rejectsSession = failures.contains(where: \.rejectsSession)
        return error
    }
}
