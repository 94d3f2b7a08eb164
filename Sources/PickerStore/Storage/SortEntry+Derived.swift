extension SortEntry {
    /// Appends the sort key (the section byte and the parts) whose parts are the words of
    /// `folded` as ``append(name:givenParts:sortOrder:folding:to:)`` takes them from a name with
    /// no given parts: the first word, the words between one space apart, the last word.
    ///
    /// For nearly every friend, the name folded whole for case and accents (its accent key)
    /// gives the key that folding its parts one by one gives, which is what lets a list derive
    /// the keys instead of storing them; where it does not, the list stores the key (see
    /// ``NameKeys/storedSortKeys``). The words are found in one pass, white space told from the bytes
    /// that can start it.
    static func appendKey(derivedFrom folded: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, to bytes: inout [UInt8])
    {
        var first = 0..<0
        var last = 0..<0
        var wordCount = 0
        var wordStart: Int?
        var index = 0
        while index < folded.count {
            let space = spaceLength(folded, at: index)
            if space == 0 {
                if wordStart == nil { wordStart = index }
                index += 1
                continue
            }
            if let start = wordStart {
                last = start..<index
                if wordCount == 0 { first = last }
                wordCount += 1
                wordStart = nil
            }
            index += space
        }
        if let start = wordStart {
            last = start..<folded.count
            if wordCount == 0 { first = last }
            wordCount += 1
        }
        // The key is at most the section byte, the words and two separators long.
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: folded.count + 3))
        let length = bytes.withUnsafeMutableBufferPointer { buffer in
            var out = start + 1
            func put(_ byte: UInt8) {
                buffer[out] = byte == 0 ? 1 : byte
                out += 1
            }
            func putWord(_ word: Range<Int>) { for index in word { put(folded[index]) } }
            func putMiddle() {
                guard wordCount > 2 else { return }
                var pendingSpace = false
                var wrote = false
                var cursor = first.upperBound
                while cursor < last.lowerBound {
                    let space = spaceLength(folded, at: cursor)
                    if space > 0 {
                        pendingSpace = true
                        cursor += space
                        continue
                    }
                    if pendingSpace, wrote { put(0x20) }
                    pendingSpace = false
                    wrote = true
                    put(folded[cursor])
                    cursor += 1
                }
            }
            if sortOrder == .last && wordCount >= 2 {
                putWord(last)
                put(partSeparator)
                putWord(first)
                put(partSeparator)
                putMiddle()
            } else {
                putWord(first)
                put(partSeparator)
                putMiddle()
                put(partSeparator)
                if wordCount >= 2 { putWord(last) }
            }
            let firstByte = buffer[start + 1]
            buffer[start] = firstByte &- UInt8(ascii: "a") < 26 ? firstByte : otherSection
            return out - start
        }
        bytes.removeSubrange((start + length)...)
        if bytes[start] == otherSection { placeInScriptSection(&bytes, keyAt: start) }
    }

    /// The length of the white space (``Whitespace``) that starts at `index` of `bytes`, or 0:
    /// past ASCII, only the lead bytes 0xC2 and 0xE1–0xE3 can start it.
    @inline(__always)
    private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || byte &- 0x09 < 5 ? 1 : 0 }
        guard byte == 0xC2 || byte &- 0xE1 < 3, let (value, length) = UTF8Text.scalar(in: bytes, at: index),
            Whitespace.contains(value)
        else { return 0 }
        return length
    }
}
