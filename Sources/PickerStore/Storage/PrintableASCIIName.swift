/// A name of printable ASCII alone, as most names are: its words are split by spaces alone and
/// fold by lower-casing, so its sort key (``SortEntry``) is made in one pass over its bytes,
/// without decoding a scalar.
struct PrintableASCIIName {
    private let name: UnsafeBufferPointer<UInt8>
    private let first: Range<Int>
    private let last: Range<Int>
    private let wordCount: Int

    /// The name whose UTF-8 is `name`, or nil when it holds a byte that is not printable ASCII.
    @inline(__always)
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        var (first, last, wordCount) = (0..<0, 0..<0, 0)
        var index = 0
        while index < name.count {
            let byte = name[index]
            guard byte &- 0x20 < 0x5F else { return nil }
            guard byte != 0x20 else {
                index += 1
                continue
            }
            let start = index
            while index < name.count, name[index] &- 0x21 < 0x5E { index += 1 }
            if wordCount == 0 { first = start..<index }
            last = start..<index
            wordCount += 1
        }
        (self.name, self.first, self.last, self.wordCount) = (name, first, last, wordCount)
    }

    /// Calls `body` with each byte of the parts of the name's key in `sortOrder`, as
    /// ``SortEntry`` derives them (first word, the words between one space apart, last word;
    /// the last first by last name), lower-cased and separated by
    /// ``SortEntry/partSeparator``, until `body` returns false.
    @inline(__always)
    func forEachKeyByte(sortOrder: NameOrder, _ body: (UInt8) -> Bool) {
        let lastFirst = sortOrder == .last && wordCount >= 2
        for index in 0..<3 {
            if index > 0 { guard body(SortEntry.partSeparator) else { return } }
            let part =
                switch index {
                case 0: lastFirst ? last : first
                case 1: lastFirst ? first : middle
                default: lastFirst ? middle : wordCount > 1 ? last : 0..<0
                }
            // The words between the first and the last are one space apart.
            var previous = UInt8(0x20)
            for byte in name[part] where byte != 0x20 || previous != 0x20 {
                previous = byte
                guard body(UTF8Text.lowercasedASCII(byte)) else { return }
            }
        }
    }

    /// The bytes between the first word and the last, spaces at their ends left out.
    private var middle: Range<Int> {
        guard wordCount > 2 else { return 0..<0 }
        var (start, end) = (first.upperBound, last.lowerBound)
        while name[start] == 0x20 { start += 1 }
        while name[end - 1] == 0x20 { end -= 1 }
        return start..<end
    }

    /// The start of the name's sort key (see ``ListOrder/Prefix``), made without the key.
    func prefix(sortOrder: NameOrder) -> ListOrder.Prefix {
        // A key that starts with a letter, as nearly every one does, gives its bytes to the
        // prefix as they come.
        var letters = ListOrder.Prefix.Letters()
        var (isFirst, startsWithLetter) = (true, true)
        forEachKeyByte(sortOrder: sortOrder) { byte in
            if isFirst {
                isFirst = false
                startsWithLetter = byte &- UInt8(ascii: "a") < 26
                guard startsWithLetter else { return false }
            }
            return letters.add(byte)
        }
        startsWithLetter = startsWithLetter && !isFirst
        if startsWithLetter { return ListOrder.Prefix(letters) }
        // A prefix holds at most 24 bytes of a key after its section byte; one more tells
        // that the key goes on.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.prefixReach) { key in
            var count = 1
            forEachKeyByte(sortOrder: sortOrder) { byte in
                key[count] = byte
                count += 1
                return count < key.count
            }
            let section = count > 1 ? key[1] : 0
            key[0] = section &- UInt8(ascii: "a") < 26 ? section : SortEntry.otherSection
            return ListOrder.Prefix(UnsafeBufferPointer(key), 0..<count)
        }
    }

    /// How many bytes of a key ``prefix(sortOrder:)`` makes, its section byte included.
    private static let prefixReach = ListOrder.Prefix.letterLength + 2
}
