import PickerStore

extension JSONFriendScanner {
    /// What the next step found.
    enum Step: Equatable {
        /// Friends of the Graph API, in document order, appended to the texts given: one, or as
        /// many as the step was let append.
        case appended
        /// A friend of the Facebook export, in document order.
        indirect case friend(Friend)
        /// An element of the list that is not a friend (not an object, no name, a field of the
        /// wrong type): passed over, and why.
        case skipped(SkippedEntry)
        /// The document is complete and every friend has been handed out.
        case end
        /// The bytes end inside a unit: give them again with more after them, and step again.
        case needMore
        /// The document is not a list of friends: why (no friend is handed out after this).
        case invalid(JSONProblem)
    }
}
