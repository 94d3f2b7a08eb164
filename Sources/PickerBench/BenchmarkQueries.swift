import PickerKit

/// The keystrokes every keystroke benchmark types, in one place: `load` sends them to the state
/// machine as events, `keys` writes them to the real picker's terminal as bytes.
///
/// Each query is typed one character at a time, then two backspaces, the two characters again,
/// then Ctrl-U.
enum BenchmarkQueries {
    /// The queries, in the order they are typed.
    static let queries = ["maria", "lee smith", "zz", "josé", "王"]

    /// What opens the search from the list the picker starts on, as typed on a terminal; nil
    /// once typing a letter starts a search by itself.
    static let searchKey: Step? = Step(event: .startSearch, bytes: Array("/".utf8), label: "/", queryAfter: "")

    /// One key of a benchmark query.
    struct Step {
        /// What the key does to the picker's state.
        var event: PickerEvent
        /// The bytes a terminal sends for the key.
        var bytes: [UInt8]
        /// How the key is shown in reports.
        var label: String
        /// The query once the key is handled.
        var queryAfter: String
    }

    /// The keys typed for `query`, starting from an empty search.
    static func steps(for query: String) -> [Step] {
        var steps: [Step] = []
        var text = ""
        func type(_ character: Character) {
            text.append(character)
            steps.append(
                Step(
                    event: .typed(String(character)), bytes: Array(String(character).utf8),
                    label: String(character), queryAfter: text))
        }
        for character in query { type(character) }
        for _ in 0..<min(2, query.count) {
            text.removeLast()
            steps.append(Step(event: .deleteBackward, bytes: [0x7F], label: "⌫", queryAfter: text))
        }
        for character in query.suffix(2) { type(character) }
        steps.append(Step(event: .deleteToStart, bytes: [0x15], label: "^U", queryAfter: ""))
        return steps
    }
}
