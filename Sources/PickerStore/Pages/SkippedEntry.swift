/// An entry of a source that a reader skipped (a card or a record it could not read, a contact
/// with neither a name nor an address), and why: what the note about skipped entries names for
/// the first of them.
package struct SkippedEntry: Hashable, Sendable {
    /// Where the entry is in the source: `line 20`, or `line 20, column 5 (Notes)`.
    package var place: String
    /// Why it was skipped.
    package var problem: String

    package init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }

    /// An entry at `line` (from 1).
    package init(line: Int, problem: String) {
        self.init(place: "line \(line)", problem: problem)
    }

    /// What a note says of `count` entries skipped, the first of them `first`:
    /// `2 contacts skipped, first at line 20: FN is not valid UTF-8` (`1 contact skipped at
    /// line 20: …`); nil for none.
    package static func note(_ count: Int, first: SkippedEntry?) -> String? {
        guard count > 0 else { return nil }
        let contacts = count == 1 ? "1 contact skipped" : "\(count) contacts skipped"
        guard let first else { return contacts }
        return "\(contacts)\(count == 1 ? " at" : ", first at") \(first.place): \(first.problem)"
    }
}
