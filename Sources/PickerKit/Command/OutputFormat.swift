/// How the chosen friends are printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One name per record.
    case names
    /// One id per record.
    case ids
    /// `id<TAB>name` per record.
    case tsv
    /// One JSON array of `{"id": …, "name": …}` objects, names exactly as given.
    case json

    /// The UTF-8 to print for `friends`: records end in a newline, or in NUL with `print0`.
    /// In every format but JSON, control characters in names and ids are written as visible
    /// escapes, so a record is always one line.
    public func render(_ friends: [Friend], print0: Bool) -> [UInt8] {
        var writer = RecordWriter(format: self, print0: print0)
        for friend in friends {
            var id = friend.id
            var name = friend.name
            id.withUTF8 { id in name.withUTF8 { writer.add(id: id, name: $0) } }
        }
        return writer.finish()
    }

    /// The UTF-8 to print for the friends of `lines`, as for ``render(_:print0:)-([Friend],_)``.
    public func render(_ lines: LineMatches, print0: Bool) -> [UInt8] {
        var writer = RecordWriter(format: self, print0: print0)
        lines.forEach { writer.add(id: $0, name: $1) }
        return writer.finish()
    }
}

/// Writes records of one format, given as the UTF-8 of an id and a name, into one buffer.
private struct RecordWriter {
    let format: OutputFormat
    let terminator: UInt8
    private var output: [UInt8] = []
    private var records = 0
    private static let idKey = Array(#"{"id":"#.utf8)
    private static let nameKey = Array(#","name":"#.utf8)

    init(format: OutputFormat, print0: Bool) {
        self.format = format
        terminator = print0 ? 0 : 0x0A
        if format == .json { output.append(UInt8(ascii: "[")) }
    }

    mutating func add(id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) {
        switch format {
        case .names:
            appendEscaped(name)
        case .ids:
            appendEscaped(id)
        case .tsv:
            appendEscaped(id)
            output.append(0x09)
            appendEscaped(name)
        case .json:
            if records > 0 { output.append(UInt8(ascii: ",")) }
            output += Self.idKey
            appendJSONString(id)
            output += Self.nameKey
            appendJSONString(name)
            output.append(UInt8(ascii: "}"))
        }
        if format != .json { output.append(terminator) }
        records += 1
    }

    mutating func finish() -> [UInt8] {
        if format == .json { output += [UInt8(ascii: "]"), terminator] }
        return output
    }

    /// Appends `text` with every unsafe character written as its visible escape.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        if TerminalText.isSafe(text) {
            output.append(contentsOf: text)
        } else {
            output += Array(TerminalText.escaped(String(decoding: text, as: UTF8.self)).utf8)
        }
    }

    /// Appends `text` as a JSON string literal: quote, backslash and control characters escaped.
    private mutating func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0..<0x20, 0x7F: output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
