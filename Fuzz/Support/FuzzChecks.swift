/// Checks shared by the fuzz targets; a failed check stops the fuzzer with the input kept.

/// Runs `read`, which must return friends or throw a ``SourceError`` that names `source` and
/// whose message is safe to show.
func expectFriendsOrSourceError(source: String, _ read: () throws -> [Friend]) {
    do {
        var list = FriendList()
        let friends = try read()
        list.append(friends)
        precondition(list.count <= friends.count, "the list holds more friends than were read")
    } catch let error as SourceError {
        precondition(error.source == source, "the error names another source")
        expectSafe(error.description)
    } catch {
        preconditionFailure("threw something other than a SourceError: \(error)")
    }
}

/// `text` holds nothing that could act on a terminal.
func expectSafe(_ text: String) {
    precondition(!text.unicodeScalars.contains(where: TerminalText.isUnsafe), "unsafe text: \(text.debugDescription)")
}
