/// Why a JSON document is not a list of friends.
enum JSONProblem: Error, Equatable {
    /// It is not JSON: the offset of the first byte that is wrong (the length of the document
    /// when it ends too soon), what was expected there, and whether the document ended first.
    case syntax(offset: Int, reason: String, truncated: Bool)
    /// It is JSON, but not a list of friends: what is wrong, and where (`data[3]: "name" is
    /// missing`).
    case content(String)
}
