extension Array where Element == Int {
    /// The index of `value` in this ascending array, if it holds it.
    /// - Complexity: O(log n).
    func binarySearch(_ value: Int) -> Int? {
        let index = lowerBound(of: value)
        return index < count && self[index] == value ? index : nil
    }

    /// The first index whose element is not less than `value`, in this ascending array.
    /// - Complexity: O(log n).
    func lowerBound(of value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
