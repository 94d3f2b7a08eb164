/// The friends a search of a whole source included, in the order the picker shows them.
package enum FilterMatches: Sendable {
    /// Friends read from JSON or a service.
    case friends([Friend])
    /// Lines of plain text, kept as places in the text until they are printed.
    case lines(FilteredLines)

    /// How many friends there are.
    package var count: Int {
        switch self {
        case .friends(let friends): return friends.count
        case .lines(let lines): return lines.count
        }
    }
}
