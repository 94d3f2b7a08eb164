/// The fields of a name (a line of text, read as one name) that are searched, shown and
/// printed: fzf's `--delimiter`, `--nth`, `--with-nth` and `--accept-nth`. The name is kept
/// whole in the list; each use takes its fields from it.
///
/// As in fzf, the fields searched are counted in the text shown, and the fields printed in
/// the name as read. Fields taken are joined with the delimiters that followed them, the last
/// delimiter left off. With `--ansi`, the colours of a name (its SGR sequences, see
/// ``ColorCodes``) are taken out before anything else, for the search and the output alike.
package struct NameFields: Hashable, Sendable {
    /// What separates the fields.
    package var delimiter = FieldDelimiter.blanks
    /// The fields searched, of those shown (`--nth`); nil for all of them.
    package var searched: FieldList?
    /// The fields shown (`--with-nth`); nil for the whole name.
    package var shown: FieldList?
    /// The fields printed (`--accept-nth`); nil for the whole name.
    package var printed: FieldList?
    /// Whether a name's colours are taken out of it (`--ansi`).
    package var strippingColors = false

    package init() {}

    /// Whether a name is searched whole.
    package var searchesWholeName: Bool { searched == nil && shown == nil && !strippingColors }

    /// Whether a name is printed as it was read.
    package var printsWholeName: Bool { printed == nil && !strippingColors }

    /// Whether lines are cut into fields or stripped of colours: then standard input is read as
    /// lines of text, as fzf reads it, whatever its first line looks like (tab-separated
    /// addresses are not a contacts CSV here).
    package var readsLines: Bool { !searchesWholeName || !printsWholeName }

    /// The text shown for `name`, without its colours.
    package func shownText(_ name: String) -> String {
        let name = strippingColors ? ColorCodes.stripped(name) : name
        guard let shown else { return name }
        return String(decoding: name.withUTF8Bytes { take(shown, of: $0) }, as: UTF8.self)
    }

    /// The style of each character of ``shownText(_:)`` for `name`, as its colours give it
    /// (`--ansi`): a field shown keeps the colours it had in the line, those set before it
    /// included, as fzf draws it.
    package func shownStyles(_ name: String) -> [ColorCodes.Style] {
        let (plain, styles) = ColorCodes.styled(name)
        guard let shown else { return styles }
        // The style of each byte of the plain text, then of each byte taken.
        var byteStyles: [ColorCodes.Style] = []
        for (character, style) in zip(plain, styles) {
            byteStyles += repeatElement(style, count: character.utf8.count)
        }
        let taken = plain.withUTF8Bytes { taking(shown, of: $0).ranges }.flatMap { byteStyles[$0] }
        var result: [ColorCodes.Style] = []
        var offset = 0
        for character in shownText(name) {
            result.append(offset < taken.count ? taken[offset] : ColorCodes.Style())
            offset += character.utf8.count
        }
        return result
    }

    /// The text printed for `name`.
    package func printedText(_ name: String) -> String {
        let name = strippingColors ? ColorCodes.stripped(name) : name
        guard let printed else { return name }
        return String(decoding: name.withUTF8Bytes { take(printed, of: $0) }, as: UTF8.self)
    }

    /// The UTF-8 searched in `name`, its UTF-8: the fields searched of those shown.
    package func searchedText(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard !strippingColors || !name.contains(0x1B) else {
            let plain = Array(ColorCodes.stripped(String(decoding: name, as: UTF8.self)).utf8)
            var colorless = self
            colorless.strippingColors = false
            return plain.withUnsafeBufferPointer { colorless.searchedText($0) }
        }
        let shownBytes = shown.map { take($0, of: name) } ?? Array(name)
        guard let searched else { return shownBytes }
        return shownBytes.withUnsafeBufferPointer { take(searched, of: $0) }
    }

    /// The bytes of the fields `list` takes of `text`, joined, without the last delimiter.
    private func take(_ list: FieldList, of text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let joined = taking(list, of: text).joined
        // A pattern may cut a character in two: the text stays UTF-8, as the keys need.
        guard joined.withUnsafeBufferPointer(UTF8Text.isValid) else {
            return Array(String(decoding: joined, as: UTF8.self).utf8)
        }
        return joined
    }

    /// The fields `list` takes of `text`: their byte ranges in `text`, in order, and their
    /// bytes joined, the last delimiter left off both.
    private func taking(
        _ list: FieldList, of text: UnsafeBufferPointer<UInt8>
    ) -> (ranges: [Range<Int>], joined: [UInt8]) {
        var ranges = list.taken(from: delimiter.fields(of: text))
        var joined: [UInt8] = []
        for range in ranges { joined += text[range] }
        let end = joined.withUnsafeBufferPointer { delimiter.strippingLast($0, 0..<$0.count) }
        var cut = joined.count - end
        joined.removeSubrange(end...)
        while cut > 0, let last = ranges.last {
            let kept = max(0, last.count - cut)
            cut -= last.count - kept
            ranges[ranges.count - 1] = last.lowerBound..<(last.lowerBound + kept)
            if kept == 0 { ranges.removeLast() }
        }
        return (ranges, joined)
    }
}
