/// Which part of a name comes first, for sorting and for display.
public enum NameOrder: String, CaseIterable, Hashable, Sendable {
    /// First, middle, last.
    case first
    /// Last, first, middle.
    case last
}
