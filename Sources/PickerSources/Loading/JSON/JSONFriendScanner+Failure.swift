extension JSONFriendScanner {
    /// What is said of a file of the Facebook export other than its friends list.
    static let otherExportFile =
        "is another file of a Facebook export (removed friends, friend requests or follows), not its friends list: give your_friends.json (connections/friends/your_friends.json; older exports: friends/friends.json), or the export's folder or .zip"

    /// What is said of a list of which `count` elements were skipped, none read, the first
    /// for the reason `first` gives (`data[3]: "name" is missing`).
    static func noneRead(_ first: String, _ count: Int) -> String {
        first + (count > 1 ? " (and \(count - 1) more skipped, none read)" : "")
    }

    /// Where a friend is in the document, as messages name it (`data[3]`, or `[3]` in a bare
    /// array): made into text only for a message.
    struct Path: CustomStringConvertible {
        let list: Field?
        let index: Int
        /// Whether the list is the `data` of a nested friends edge (`friends.data[3]`).
        var inEdge = false

        var description: String { "\(inEdge ? "friends." : "")\(list?.name ?? "")[\(index)]" }
    }

    /// Why a unit could not be read.
    enum Failure: Error {
        /// The bytes ended inside it.
        case truncated
        /// It is not JSON: ``JSONSyntax`` says where and why.
        case invalid
        /// It is not JSON at `offset` (in the bytes read), for `reason`.
        case syntax(offset: Int, String)
        /// It is JSON, but not what a list of friends holds: the whole problem.
        case content(String)
    }
}
