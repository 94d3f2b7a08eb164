/// Whether a term is one typo from the start of a word: one letter inserted, deleted or changed,
/// or two neighbours swapped (the Damerau–Levenshtein distance of 1), counted in characters.
/// `jhon` is one typo from John, `mullr` from Müller, `kowalsky` from Kowalski.
///
/// The term is held through pointers (to memory only read), so that copying it into a scan's inner loop counts no
/// references; ``Storage`` owns the memory.
package struct OneTypo: @unchecked Sendable {
    /// The term's scalars.
    let term: UnsafeBufferPointer<UInt32>
    /// The term's bytes, when they are all ASCII: then an ASCII name is compared byte by byte.
    let asciiTerm: UnsafeBufferPointer<UInt8>?
    /// The letters the term holds, one bit each for `a`–`z`: a name lacking two of them is
    /// further than one typo.
    let letters: UInt32
    /// The shortest term a typo is looked for in: shorter ones are too easily a typo of
    /// anything.
    static let minimumLength = 4

    /// The memory of a term, for as long as the term is used.
    package final class Storage: @unchecked Sendable {
        package let typo: OneTypo

        /// The term of the folded `bytes` (UTF-8).
        package init(_ bytes: [UInt8]) {
            var scalars: [UInt32] = []
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                while index < bytes.count {
                    let (value, length) = UTF8Text.scalar(in: bytes, at: index) ?? (0xFFFD, 1)
                    scalars.append(value)
                    index += length
                }
            }
            let term = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(scalars.count, 1))
            _ = term.initialize(from: scalars)
            var ascii: UnsafeBufferPointer<UInt8>?
            if bytes.allSatisfy({ $0 < 0x80 }) {
                let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
                _ = storage.initialize(from: bytes)
                ascii = UnsafeBufferPointer(rebasing: storage[0..<bytes.count])
            }
            typo = OneTypo(
                term: UnsafeBufferPointer(rebasing: term[0..<scalars.count]), asciiTerm: ascii,
                letters: ByteMask.of(bytes) & 0x03FF_FFFF)
        }

        deinit {
            UnsafeMutableBufferPointer(mutating: typo.term).deallocate()
            if let ascii = typo.asciiTerm { UnsafeMutableBufferPointer(mutating: ascii).deallocate() }
        }
    }

    /// Whether a name whose keys have `mask` could hold a word one typo from the term.
    @inline(__always)
    func mayMatch(mask: UInt32) -> Bool { (letters & ~mask).nonzeroBitCount <= 1 }

    /// Room for the characters of a word, kept from word to word.
    package struct Scratch {
        var scalars: [UInt32] = []
        /// The byte offset in the key where each scalar ends.
        var ends: [Int] = []

        package init() {}
    }

    /// Where in `key` a word starts whose beginning is one typo (or none) from the term, and
    /// how many bytes of it are that beginning; nil when there is no such word.
    package func match(in key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>, word: inout Scratch)
        -> (start: Int, length: Int)?
    {
        if let asciiTerm, UTF8Text.isASCII(key) { return asciiMatch(asciiTerm, in: key, partStarts: partStarts) }
        var index = 0
        while index < key.count {
            let length = UTF8Text.scalar(in: key, at: index)?.length ?? 1
            if WordStarts.isStart(key, at: index, partStarts: partStarts),
                let matched = matchedLength(atWordStart: index, in: key, partStarts: partStarts, word: &word)
            {
                return (index, matched)
            }
            index += length
        }
        return nil
    }

    /// ``match(in:partStarts:word:)`` for an ASCII term in an ASCII key: a byte is a character.
    private func asciiMatch(
        _ term: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>
    ) -> (start: Int, length: Int)? {
        var index = 0
        while index < key.count {
            guard WordStarts.isStart(key, at: index, partStarts: partStarts) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < key.count, end <= index + term.count, WordStarts.isASCIIWordByte(key[end]),
                !WordStarts.isStart(key, at: end, partStarts: partStarts)
            {
                end += 1
            }
            if let taken = Self.prefixWithinOneEdit(term, of: UnsafeBufferPointer(rebasing: key[index..<end])) {
                return (index, taken)
            }
            index = end
        }
        return nil
    }

    /// The bytes of the word at `start` that are one typo from the term, if its start is.
    private func matchedLength(
        atWordStart start: Int, in key: UnsafeBufferPointer<UInt8>, partStarts: UnsafeBufferPointer<UInt16>,
        word: inout Scratch
    ) -> Int? {
        word.scalars.removeAll(keepingCapacity: true)
        word.ends.removeAll(keepingCapacity: true)
        var index = start
        // The word's first characters, as many as a match could take.
        while index < key.count, word.scalars.count <= term.count {
            guard let (value, length) = UTF8Text.scalar(in: key, at: index) else { break }
            if index > start, WordStarts.isStart(key, at: index, partStarts: partStarts) { break }
            guard WordStarts.isWordCharacter(value) else { break }
            word.scalars.append(value)
            index += length
            word.ends.append(index)
        }
        guard let taken = word.scalars.withUnsafeBufferPointer({ Self.prefixWithinOneEdit(term, of: $0) }) else {
            return nil
        }
        return taken == 0 ? 0 : word.ends[taken - 1] - start
    }

    /// How many characters of `word` a match of `term` within one edit takes, if some
    /// beginning of `word` is within one edit of `term`: the term itself, a character of it
    /// changed, one more character, one fewer, or two neighbours swapped.
    static func prefixWithinOneEdit<Characters: RandomAccessCollection>(_ term: Characters, of word: Characters)
        -> Int?
    where Characters.Element: Equatable, Characters.Index == Int {
        let count = term.count
        // One edit leaves one of the term's first two characters among the word's first two:
        // most words are ruled out here.
        if count >= 2, let first = word.first {
            let second = word.count > 1 ? word[1] : first
            guard first == term[0] || first == term[1] || second == term[0] || second == term[1] else { return nil }
        }
        var common = 0
        while common < count, common < word.count, term[common] == word[common] { common += 1 }
        if common == count { return count }
        func same(_ termRange: Range<Int>, _ wordStart: Int) -> Bool {
            let wordEnd = wordStart + termRange.count
            guard wordEnd <= word.count else { return false }
            return term[termRange].elementsEqual(word[wordStart..<wordEnd])
        }
        // Changed: the rest after the changed character is the same.
        if common < word.count, same((common + 1)..<count, common + 1) { return count }
        // Swapped with the next.
        if common + 1 < count, common + 1 < word.count, term[common] == word[common + 1],
            term[common + 1] == word[common], same((common + 2)..<count, common + 2)
        {
            return count
        }
        // The word has one more character here.
        if same(common..<count, common + 1) { return count + 1 }
        // The word lacks this character of the term.
        if same((common + 1)..<count, common) { return count - 1 }
        return nil
    }
}
