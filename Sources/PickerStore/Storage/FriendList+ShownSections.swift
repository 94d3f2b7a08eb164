extension FriendList {
    /// The sections that have friends among `shown` (ascending list positions): each letter
    /// with the index in `shown` of its first friend there.
    /// - Complexity: O(sections × log n).
    package func sectionStarts(in shown: Positions) -> [(letter: Character, shownIndex: Int)] {
        sections.compactMap { section in
            let start = shown.lowerBound(of: section.range.lowerBound)
            guard start < shown.count, shown[start] < section.range.upperBound else { return nil }
            return (section.letter, start)
        }
    }
}
