/// The starts of name parts that fall inside a word of a friend's keys, by friend number: the
/// few word starts the ranking cannot see in the folded name itself.
///
/// A service that gives `王小明` as last name `王` and first name `小明` says where a word
/// starts that no space marks; in `Ada Lovelace` the space already does, and nothing is kept.
/// Entries are kept in friend-number order, one per start, so that a list of names whose parts
/// are all apart, nearly every list, keeps none.
package struct PartStarts: Sendable {
    /// The friend number of each start, ascending.
    private(set) var numbers: [UInt32] = []
    /// Each start's byte offset in the friend's key folded for case and accents.
    private(set) var accentOffsets: [UInt16] = []
    /// Each start's byte offset in the friend's key folded for case only (the accent key's
    /// offset when the friend has no case key of its own).
    private(set) var caseOffsets: [UInt16] = []
    /// A bit per friend number, set for the friends that have starts here: what a scan checks
    /// before it looks them up.
    private(set) var marked: [UInt64] = []

    /// Keeps the starts of `friend`'s given parts (friend number `number`, its name's UTF-8
    /// `utf8`) that are inside a word of its name; `caseKeyStored` says whether the friend has
    /// a case key apart from its accent key.
    /// - Returns: the starts kept, as offsets in the accent key.
    @discardableResult
    mutating func add(
        _ friend: Friend, number: Int, utf8: UnsafeBufferPointer<UInt8>, caseKeyStored: Bool,
        folding: inout TextFolding
    ) -> [UInt16] {
        let accent = Self.offsets(friend, utf8: utf8, .caseAndAccents, folding: &folding)
        guard !accent.isEmpty else { return [] }
        let caseOnly = caseKeyStored ? Self.offsets(friend, utf8: utf8, .caseOnly, folding: &folding) : accent
        guard caseOnly.count == accent.count else { return [] }
        numbers += repeatElement(UInt32(truncatingIfNeeded: number), count: accent.count)
        accentOffsets += accent
        caseOffsets += caseOnly
        marked.setBit(number)
        return accent
    }

    /// The byte offsets, in `friend`'s name (whose UTF-8 is `utf8`) folded to `strength`, of
    /// the given name parts that start inside a word of it, ascending.
    package static func offsets(
        _ friend: Friend, utf8: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength, folding: inout TextFolding
    ) -> [UInt16] {
        guard friend.firstName != nil || friend.middleName != nil || friend.lastName != nil else { return [] }
        var offsets: [Int] = []
        // Each part on its own, not an array of the three: this runs for every friend a
        // service gives parts for.
        func consider(_ part: String?) {
            guard let part, let offset = part.withUTF8Bytes({ placeOfPart($0, in: utf8) }) else { return }
            if offset > 0, !WordStarts.isStart(utf8, at: offset, partStarts: UnsafeBufferPointer(start: nil, count: 0)),
                !offsets.contains(offset)
            {
                offsets.append(offset)
            }
        }
        consider(friend.firstName)
        consider(friend.middleName)
        consider(friend.lastName)
        guard !offsets.isEmpty else { return [] }
        return offsets.sorted().compactMap { offset in
            let before = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<offset]), as: UTF8.self)
            return UInt16(exactly: folding.fold(before, strength).count)
        }
    }

    /// Takes in the starts of `other`, whose friend numbers start at `base` here.
    mutating func append(contentsOf other: PartStarts, numberedFrom base: Int) {
        guard !other.numbers.isEmpty else { return }
        numbers += other.numbers.lazy.map { $0 + UInt32(truncatingIfNeeded: base) }
        accentOffsets += other.accentOffsets
        caseOffsets += other.caseOffsets
        for number in other.numbers { marked.setBit(Int(number) + base) }
    }
}

extension PartStarts {
    /// The starts as pointers, for the scan: friend `number`'s are looked up by binary search,
    /// once its bit says it has some.
    struct View {
        let numbers: UnsafeBufferPointer<UInt32>
        let accentOffsets: UnsafeBufferPointer<UInt16>
        let caseOffsets: UnsafeBufferPointer<UInt16>
        let marked: UnsafeBufferPointer<UInt64>

        /// Whether friend `number` has starts here.
        @inline(__always)
        func has(_ number: Int) -> Bool { marked.hasBit(number) }

        /// Friend `number`'s starts in its accent key (or case key, `caseOnly`); most often none.
        func of(_ number: Int, caseOnly: Bool) -> UnsafeBufferPointer<UInt16> {
            guard has(number) else { return UnsafeBufferPointer(start: nil, count: 0) }
            let target = UInt32(truncatingIfNeeded: number)
            let first = BinarySearch.firstIndex(in: 0..<numbers.count) { numbers[$0] >= target }
            var end = first
            while end < numbers.count, numbers[end] == target { end += 1 }
            return UnsafeBufferPointer(rebasing: (caseOnly ? caseOffsets : accentOffsets)[first..<end])
        }
    }

    /// Calls `body` with pointers to the starts.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        numbers.withUnsafeBufferPointer { numbers in
            accentOffsets.withUnsafeBufferPointer { accent in
                caseOffsets.withUnsafeBufferPointer { caseOnly in
                    marked.withUnsafeBufferPointer { marked in
                        body(View(numbers: numbers, accentOffsets: accent, caseOffsets: caseOnly, marked: marked))
                    }
                }
            }
        }
    }
}
