import PickerKit

/// Any bytes from a terminal decode without a crash into safe keys, the same whether they
/// arrive at once or split in two reads. The first byte says where to split.
package func checkTerminalInput(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = Array(input)
    guard let first = bytes.first else { return }
    let input = bytes.dropFirst()
    let split = input.startIndex + Int(first) % (input.count + 1)

    var whole = TerminalInputDecoder()
    let atOnce = whole.decode(input) + whole.finish()
    var parts = TerminalInputDecoder()
    let inTwo = parts.decode(input[..<split]) + parts.decode(input[split...]) + parts.finish()
    try expect(atOnce == inTwo, "split at \(split - input.startIndex): \(atOnce) against \(inTwo)")
    try expect(!whole.isWaiting && !parts.isWaiting, "something left after finish")

    for case .key(let key) in atOnce {
        switch key {
        case .character(let character):
            try expectSafe(String(character))
            try expect(character.unicodeScalars.count == 1, "one scalar per character read")
        case .control(let letter): try expect(("a"..."z").contains(letter) || letter == "/", "Ctrl-\(letter)")
        case .function(let number): try expect(number == 1, "F\(number)")
        case .mouse(let report): try expect(report.line >= 0 && report.column >= 0, "a report off the screen")
        default: break
        }
    }
    for case .cursorPosition(let position) in atOnce {
        try expect(position.row >= 0 && position.column >= 0, "a cursor off the screen")
    }
}
