/// The one binary search of the package, for every sorted thing it keeps: positions, the list
/// order, sections, runs being merged, the rows the picker lists.
package enum BinarySearch {
    /// The first index of `range` where `isPast` holds, or `range.upperBound` when it holds
    /// nowhere; `isPast` must be false up to some index of `range` and true from it on.
    /// - Complexity: O(log n) calls of `isPast`.
    @inline(__always)
    package static func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
