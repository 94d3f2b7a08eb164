import Foundation

/// `--filter` over plain text, one name per line, without building the whole list: every line
/// is folded once (both cores, half the text each), the folded text is searched with `memmem`
/// for the first term, and only the lines that match become friends and are sorted.
///
/// It gives what ``NameLines`` followed by ``FriendList/positions(matching:among:)`` gives —
/// the same friends, in list order, and the same error for a line that is not UTF-8 — at a
/// fraction of the cost when few lines match.
public enum LineFilter {
    /// The friends of the lines of `data` that `query` includes, in list order.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8.
    public static func friends(in data: Data, source: String, matching query: String) throws(SourceError) -> [Friend] {
        let search = SearchQuery(query)
        if search.isEmpty {
            var list = FriendList()
            try NameLines.readPages(data, source: source) { list.append($0) }
            return Array(list.friends)
        }
        let compiled = CompiledQuery(search)
        let pieces: [Piece] = data.withUnsafeBytes { raw in
            let bytes = UncheckedSendable(raw.bindMemory(to: UInt8.self))
            let parts = lineAlignedParts(bytes.value)
            return Parallel.map(parts.count) { Piece(bytes.value, parts[$0], compiled) }
        }
        var linesBefore = 0
        var matches: [Friend] = []
        for piece in pieces {
            if piece.invalidLine != nil {
                // The line reader words the error, with the byte offset.
                try NameLines.readPages(data, source: source) { _ in }
            }
            matches += piece.matches.map { Friend(id: String(linesBefore + $0.line), name: $0.name) }
            linesBefore += piece.lineCount
        }
        return Array(FriendList(matches).friends)
    }

    /// Byte ranges of `bytes`, one per core, each ending just after a newline (or at the end).
    private static func lineAlignedParts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for rough in Parallel.ranges(bytes.count, minimum: 1 << 20) {
            guard rough.upperBound > start else { continue }
            var end = rough.upperBound
            if end < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[end...])
                end = rest.firstIndex(of: 0x0A).map { end + $0 + 1 } ?? bytes.count
            }
            parts.append(start..<end)
            start = end
        }
        return parts.isEmpty ? [0..<bytes.count] : parts
    }

    /// What one part of the text holds: its line count, its first line that is not UTF-8,
    /// and its lines that match, numbered from 1 within the part.
    private struct Piece: Sendable {
        var lineCount = 0
        var invalidLine: Int?
        var matches: [(line: Int, name: String)] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ query: CompiledQuery) {
            var keys = LineKeys(caseKeys: query.terms.contains { $0.caseOnly })
            var folding = TextFolding()
            var lineStart = range.lowerBound
            var lines: [(number: Int, bytes: Range<Int>)] = []
            while lineStart < range.upperBound {
                lineCount += 1
                let rest = UnsafeBufferPointer(rebasing: bytes[lineStart..<range.upperBound])
                let newline = rest.firstIndex(of: 0x0A).map { lineStart + $0 } ?? range.upperBound
                var lineEnd = newline
                if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                lineStart = newline + 1
                let isASCII = !line.contains { $0 >= 0x80 }
                if !isASCII, !UTF8Validation.isValid(line) {
                    invalidLine = lineCount
                    return
                }
                if keys.add(line, isASCII: isASCII, folding: &folding) {
                    lines.append((lineCount, (lineEnd - line.count)..<lineEnd))
                }
            }
            for index in keys.matching(query) {
                let line = lines[index]
                matches.append((line.number, String(decoding: UnsafeBufferPointer(rebasing: bytes[line.bytes]), as: UTF8.self)))
            }
        }
    }
}

/// The search keys of lines of text, as ``NameKeys`` keeps them for friends, with a newline
/// before each folded key so that the whole buffer can be searched at once without a match
/// running from one name into the next.
private struct LineKeys {
    private var accent = ByteStore()
    private var caseOnly = ByteStore()
    private var masks: [UInt32] = []
    /// Whether to fold for case only too, which only a query term with an accent needs.
    let caseKeys: Bool

    init(caseKeys: Bool) { self.caseKeys = caseKeys }

    /// Adds the keys of `line`, unless it is blank (whitespace only), as ``NameLines`` skips it.
    /// - Returns: whether the line was added.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool, folding: inout TextFolding) -> Bool {
        guard !NameLines.isBlank(line) else { return false }
        accent.bytes.append(0x0A)
        let start = accent.bytes.count
        if isASCII {
            for byte in line { accent.bytes.append(byte &- 0x41 < 26 ? byte + 0x20 : byte) }
        } else if !folding.appendFold(line, .caseAndAccents, to: &accent.bytes) {
            accent.appendBytes(folding.fold(String(decoding: line, as: UTF8.self), .caseAndAccents))
        }
        accent.closeString()
        var mask = accent.bytes.withUnsafeBufferPointer { ByteMask.of(UnsafeBufferPointer(rebasing: $0[start...])) }
        let caseStart = caseOnly.bytes.count
        if !isASCII, caseKeys {
            if !folding.appendFold(line, .caseOnly, to: &caseOnly.bytes) {
                caseOnly.appendBytes(folding.fold(String(decoding: line, as: UTF8.self), .caseOnly))
            }
            mask |= ByteMask.of(caseOnly.bytes[caseStart...]) & ByteMask.nonASCII
        }
        caseOnly.closeString()
        masks.append(mask)
        return true
    }

    /// The indices of the lines that pass `query`, ascending. The first term ignoring accents
    /// is looked for in the whole folded text with `memmem`; each line it is found in is then
    /// checked against every term.
    func matching(_ query: CompiledQuery) -> [Int] {
        accent.bytes.withUnsafeBufferPointer { accentBytes in
            accent.ends.withUnsafeBufferPointer { accentEnds in
                caseOnly.bytes.withUnsafeBufferPointer { caseBytes in
                    caseOnly.ends.withUnsafeBufferPointer { caseEnds in
                        masks.withUnsafeBufferPointer { masks in
                            let view = KeyView(accentBytes: accentBytes, accentEnds: accentEnds, caseBytes: caseBytes, caseEnds: caseEnds, masks: masks)
                            guard !query.decidedByMask, let anchor = query.terms.first(where: { !$0.caseOnly && !$0.bytes.isEmpty })
                            else { return (0..<masks.count).filter { view.matches($0, query) } }
                            var found: [Int] = []
                            var offset = 0
                            while let at = firstOccurrence(of: anchor.bytes, in: accentBytes, from: offset) {
                                let line = Self.line(containing: at, accentEnds)
                                if view.matches(line, query) { found.append(line) }
                                offset = Int(accentEnds[line])
                            }
                            return found
                        }
                    }
                }
            }
        }
    }

    /// The index of the key whose bytes hold offset `at`.
    private static func line(containing at: Int, _ ends: UnsafeBufferPointer<UInt32>) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) <= at { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
