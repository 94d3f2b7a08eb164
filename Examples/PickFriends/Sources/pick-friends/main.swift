import Dispatch
import Foundation
import PickerKit

// pick-friends: the names given as arguments (or a few of its own) in the picker, and the names
// chosen printed, one per line. With `--search QUERY`, no screen: the names that pass the query,
// best first, as the picker ranks them, from a store filled on several threads.

var arguments = Array(CommandLine.arguments.dropFirst())
var search: String?
if arguments.first == "--search", arguments.count >= 2 {
    search = arguments[1]
    arguments.removeFirst(2)
}
let names = arguments.isEmpty ? ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson"] : arguments
let friends = names.enumerated().map { Friend(id: String($0.offset + 1), name: $0.element) }

if let search {
    let store = FriendStore()
    // Half the friends from each of two threads, as two sources might deliver them.
    let half = friends.count / 2
    DispatchQueue.concurrentPerform(iterations: 2) { part in
        store.append(Array(part == 0 ? friends[..<half] : friends[half...]))
    }
    let query = SearchQuery(search)
    for friend in store.search(query) {
        let marked = query.match(friend)?.highlights.reversed().reduce(friend.name) { name, range in
            name.replacingCharacters(in: range, with: "[\(name[range])]")
        }
        print(marked ?? friend.name)
    }
    exit(0)
}

var configuration = PickerConfiguration()
configuration.title = "Invite to lunch"
do {
    switch try Picker(friends: friends, configuration: configuration).run() {
    case .done(let chosen):
        for friend in chosen { print(friend.name) }
    case .cancelled:
        exit(1)
    case .interrupted(let signal):
        exit(128 + signal)
    }
} catch {
    FileHandle.standardError.write(Data("pick-friends: \(error)\n".utf8))
    exit(2)
}
