import FoundationEssentials

extension LineFilter {
    /// The lines of `data` that `query` includes in their `fields` (`--nth`, `--with-nth`), as
    /// ``matches(in:source:matching:sortOrder:inputOrder:ranked:partMinimum:)`` finds them in
    /// whole lines, and as a list searched in those fields holds them; each line kept whole.
    ///
    /// The text searched is made first, the fields of each line on a line of their own, so that
    /// lines keep their numbers; the lines found are then placed in `data` again.
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
                // A blank line stays blank; a line whose fields are blank is one too.
                if !NameLine.isBlank(line) { searched += fields.searchedText(line) }
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
