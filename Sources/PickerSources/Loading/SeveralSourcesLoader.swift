import PickerStore

/// Several sources read one after the other as one (`--source` given more than once): every
/// friend of each, in one list.
///
/// Each friend's id, and the ids of a group's members, get the place of their source in front,
/// from 1 (`2:uid-of-ada`): the same contact in two address books, or two namesakes whose cards
/// hash alike, stay two friends, and an id says which source it came from. A source that fails
/// costs only itself: the friends it delivered stay, the others are read, and its error is told
/// in the pages (``FriendPage/problems``), once a source has delivered friends. Only when every
/// source fails does the load fail, with every source's error in its message.
package struct SeveralSourcesLoader: FriendLoader {
    /// Each source as messages name it, and its loader, in the order given.
    let sources: [(name: String, loader: FriendLoader)]

    package init(sources: [(name: String, loader: FriendLoader)]) {
        self.sources = sources
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        var failures: [SourceError] = []
        // The failures not told yet: they ride on the next page delivered.
        var untold: [SourceError] = []
        var anyRead = false
        for (index, source) in sources.enumerated() {
            let place = "\(index + 1):"
            do throws(SourceError) {
                try source.loader.load { page in
                    var page = page
                    page.friends = page.friends.map { Self.friend($0, from: place) }
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
        }
        guard anyRead else { throw Self.everySourceFailed(failures) }
        if !untold.isEmpty {
            var page = FriendPage(friends: [])
            page.problems = untold
            deliver(page)
        }
    }

    /// `friend` of the source whose place is `place` (`2:`), with its id and its members' ids
    /// prefixed by it.
    static func friend(_ friend: Friend, from place: String) -> Friend {
        var friend = friend
        friend.id = place + friend.id
        friend.members = friend.members?.map { place + $0 }
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
