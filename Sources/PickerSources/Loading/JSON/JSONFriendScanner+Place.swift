extension JSONFriendScanner {
    /// Where the reader is in the document, between the units it reads whole.
    enum Place: Equatable {
        /// Before the document's value.
        case start
        /// In the top-level object, where a key or its `}` comes (after `{` or a `,`).
        case key
        /// In the top-level object, after a key and its colon: the key's value.
        case value(Field)
        /// In the top-level object, after a member: `,` or `}`.
        case afterMember
        /// In the list of friends, where a friend or its `]` comes (after `[` or a `,`).
        case element
        /// In the list of friends, after a friend: `,` or `]`.
        case afterElement
        /// After the document's value: white space only.
        case end
    }
}
