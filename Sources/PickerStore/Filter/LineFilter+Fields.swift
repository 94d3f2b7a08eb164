import FoundationEssentials

extension LineFilter {
    /// The lines of `data` that `query` includes in their `fields` (`--nth`, `--with-nth`), as
    /// ``matches(in:source:matching:sortOrder:inputOrder:ranked:partMinimum:)`` finds them in
    /// whole lines, and as a list searched in those fields holds them; each line kept whole.
    ///
    /// The text searched is made first, the fields of each line on a line of their own, so that
    /// lines keep their numbers; the lines found are then placed in `data` again. A line whose
    /// fields searched are blank is a name all the same, as it is in the list and in fzf: found
    /// by an empty query or by terms that only leave out (`!x`), never by a term that must be
    /// there. It is searched as a NUL byte, a name that no term a query can hold matches and
    /// that sorts as an empty one does, first of the `#` section.
    package static func matches(
        in data: Data, source: String, matching query: String, fields: NameFields, sortOrder: NameOrder = .first,
        inputOrder: InputOrder? = nil, ranked: Bool = true, partMinimum: Int = 1 << 20
    ) throws(SourceError) -> FilteredLines {
        // Text that is not UTF-8 is refused as the whole lines are, naming its line.
        guard !fields.searchesWholeName, data.count <= UInt32.max,
            data.withUnsafeBytes({ UTF8Text.isValid($0.bindMemory(to: UInt8.self)) })
        else {
            return try matches(
                in: data, source: source, matching: query, sortOrder: sortOrder, inputOrder: inputOrder,
                ranked: ranked, partMinimum: partMinimum)
        }
        let data = LineEnds.withLineFeeds(data)
        var searched: [UInt8] = []
        searched.reserveCapacity(data.count)
        var lineRanges: [Range<UInt32>] = []
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                let newline = UnsafeBufferPointer(rebasing: bytes[start...]).firstIndex(of: 0x0A).map { start + $0 }
                var lineEnd = newline ?? bytes.count
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                lineRanges.append(UInt32(start)..<UInt32(lineEnd))
                // A blank line stays blank: it is no name.
                if !NameLine.isBlank(line) {
                    let text = fields.searchedText(line)
                    if text.withUnsafeBufferPointer(NameLine.isBlank) { searched.append(0) } else { searched += text }
                }
                searched.append(0x0A)
                start = newline.map { $0 + 1 } ?? bytes.count
            }
        }
        let found = try matches(
            in: Data(searched), source: source, matching: query, sortOrder: sortOrder, inputOrder: inputOrder,
            ranked: ranked, partMinimum: partMinimum)
        let placed = found.lines.map { line in
            let range = lineRanges[Int(line.number) - 1]
            return FilteredLines.Line(number: line.number, start: range.lowerBound, end: range.upperBound)
        }
        return FilteredLines(text: data, lines: placed)
    }
}
