/// libFuzzer's entry: any bytes from a terminal decode without a crash into safe keys, the same
/// whether they arrive at once or split in two reads. The first byte says where to split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let input = bytes.dropFirst()
    let split = input.startIndex + Int(first) % (input.count + 1)

    var whole = TerminalInputDecoder()
    let atOnce = whole.decode(input) + whole.finish()
    var parts = TerminalInputDecoder()
    let inTwo = parts.decode(input[..<split]) + parts.decode(input[split...]) + parts.finish()
    precondition(atOnce == inTwo, "split at \(split - input.startIndex): \(atOnce) against \(inTwo)")
    precondition(!whole.isWaiting && !parts.isWaiting, "something left after finish")

    for case .key(let key) in atOnce {
        switch key {
        case .character(let character):
            expectSafe(String(character))
            precondition(character.unicodeScalars.count == 1, "one scalar per character read")
        case .control(let letter): precondition(("a"..."z").contains(letter) || letter == "/", "Ctrl-\(letter)")
        case .function(let number): precondition(number == 1, "F\(number)")
        case .mouse(let report): precondition(report.line >= 0 && report.column >= 0, "a report off the screen")
        default: break
        }
    }
    for case .cursorPosition(let position) in atOnce {
        precondition(position.row >= 0 && position.column >= 0, "a cursor off the screen")
    }
    return 0
}
