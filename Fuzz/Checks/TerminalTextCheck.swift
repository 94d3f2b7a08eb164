import PickerKit

/// Any text, as a name, is drawn safely and within the width. The first two bytes are the
/// terminal's rows and columns, the rest is the name (UTF-8, invalid bytes replaced), which is
/// also typed as the search.
package func checkTerminalText(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    guard bytes.count >= 2 else { return }
    let rows = Int(bytes[0] % 12)
    let columns = Int(bytes[1] % 90)
    let text = String(decoding: bytes[2...], as: UTF8.self)

    let sanitized = TerminalText.sanitized(text)
    try expectSafe(sanitized)
    try expect(TerminalText.sanitized(sanitized) == sanitized, "sanitizing twice changes the text")
    let escaped = TerminalText.escaped(text)
    try expectSafe(escaped)
    try expect(DisplayWidth.of(sanitized) >= 0, "a negative width")
    for room in [0, 1, 2, columns] {
        let cut = DisplayWidth.truncate(sanitized, to: room)
        try expect(DisplayWidth.of(cut) <= room, "cut to \(room) columns, it takes \(DisplayWidth.of(cut))")
    }

    var state = PickerState(query: "", size: TerminalSize(rows: rows, columns: columns))
    state.send(
        .friendsArrived(FriendBatch([Friend(id: text, name: text), Friend(id: "other", name: String(text.prefix(3)))])))
    for event: PickerEvent in [.moveDown, .toggleCurrent, .startSearch, .typed(String(text.prefix(2)))] {
        state.send(event)
    }
    state.send(.loadingFailed(text))
    let frame = state.frame()
    try expect(frame.lines.count == rows, "\(frame.lines.count) lines for \(rows) rows")
    for line in frame.lines {
        try expect(
            DisplayWidth.of(line.text) <= columns, "a line of \(DisplayWidth.of(line.text)) columns in \(columns)")
        try expectSafe(line.text)
    }
}
