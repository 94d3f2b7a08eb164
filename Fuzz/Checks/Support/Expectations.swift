import PickerKit

/// A property a fuzz check found broken: the fuzzer stops on it with the input kept, the corpus
/// test reports it with the file that broke it.
package struct FuzzFailure: Error, CustomStringConvertible {
    /// What was expected and what came instead.
    package let description: String
}

/// Throws a ``FuzzFailure`` saying `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(description: message()) }
}

/// Runs `read`, which must return friends or throw a ``SourceError`` that names `source` and
/// whose message is safe to show.
func expectFriendsOrSourceError(source: String, _ read: () throws -> [Friend]) throws(FuzzFailure) {
    let friends: [Friend]
    do {
        friends = try read()
    } catch let error as SourceError {
        try expect(error.source == source, "the error names another source")
        try expectSafe(error.description)
        return
    } catch {
        throw FuzzFailure(description: "threw something other than a SourceError: \(error)")
    }
    var list = FriendList()
    list.append(friends)
    try expect(list.count <= friends.count, "the list holds more friends than were read")
}

/// `text` holds nothing that could act on a terminal.
func expectSafe(_ text: String) throws(FuzzFailure) {
    try expect(!text.unicodeScalars.contains(where: TerminalText.isUnsafe), "unsafe text: \(text.debugDescription)")
}
