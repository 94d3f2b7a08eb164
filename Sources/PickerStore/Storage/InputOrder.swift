/// How a list keeps its friends when it does not sort them (`--no-sort`): in the order the
/// source gave them, or that order reversed (`--tac`, the last line first, as `tac` prints a
/// file). Such a list has no sections.
package enum InputOrder: Hashable, Sendable {
    /// The first friend read first.
    case asRead
    /// The last friend read first: each page that arrives goes above the ones before.
    case reversed
}
