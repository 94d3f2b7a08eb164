import PickerStore

/// Cuts comma-separated values (RFC 4180) into records, a line at a time (UTF-8, else
/// Windows-1252 or the ``legacyCharset`` named): fields are separated by commas (or the ``separator`` of another dialect); a field in double quotes may hold commas, line ends (kept as `\n`) and quotes
/// (written twice). A quote inside an unquoted field is taken as it is, as spreadsheets do.
struct CSVRecords {
    /// A record: its fields, and the line it starts on.
    struct Record {
        var fields: [String]
        var line: Int
    }

    /// What is wrong, and where: a line and a column (in characters, from 1), and the field
    /// of the record (from 1) when the fault is in one.
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var field: Int?
        var problem: String
    }

    /// The longest record read, in bytes; a quoted field left open would otherwise take in the
    /// rest of the text.
    let maximumRecordLength: Int

    /// The byte that separates fields: a comma, or the `;` or tab of other dialects.
    let separator: UInt8

    init(maximumRecordLength: Int = 16 << 20, separator: UInt8 = UInt8(ascii: ",")) {
        self.maximumRecordLength = maximumRecordLength
        self.separator = separator
    }

    private var fields: [String] = []
    private var field: [UInt8] = []
    private var recordLine = 0
    private var recordLength = 0
    /// Where the open quoted field began, while one is open.
    private var openQuote: (line: Int, column: Int, field: Int)?
    /// The lines of the record being read, while a quoted field is open: when the field never
    /// ends, those after the first are read again as records of their own.
    private var heldLines: [(bytes: [UInt8], number: Int)] = []
    /// Whether the field's closing quote was just read.
    private var closedQuote = false

    /// The character set a line that is not UTF-8 is read in, as the C library's `iconv`
    /// names it: Windows-1252, what Outlook and Excel write in the West, unless the reader
    /// knows better (CP932 for a Japanese Outlook export).
    var legacyCharset = "Windows-1252"
    /// The character set a line that was not UTF-8 was read in, once one was.
    private(set) var assumedEncoding: String?

    /// Takes line `number`, and returns the record it completes, if any. A line that is not
    /// UTF-8 is read in ``legacyCharset`` (a line that is not text in it as Windows-1252,
    /// ``Windows1252``, which takes any byte).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(Failure) -> Record? {
        guard UTF8Text.isValid(line) else {
            assumedEncoding = assumedEncoding ?? legacyCharset
            var decoded = Windows1252.string(line)
            if legacyCharset != "Windows-1252",
                case .text(let text) = CharacterSetDecoding.decode(Array(line), charset: legacyCharset)
            {
                decoded = text
            }
            let text = Array(decoded.utf8)
            return try text.withUnsafeBufferPointer { (text) throws(Failure) in try read(utf8: text, number: number) }
        }
        return try read(utf8: line, number: number)
    }

    /// Takes line `number`, which is UTF-8.
    private mutating func read(utf8 line: UnsafeBufferPointer<UInt8>, number: Int) throws(Failure) -> Record? {
        if let openQuote {
            field.append(0x0A)
            heldLines.append((Array(line), number))
            recordLength += line.count + 1
            guard recordLength <= maximumRecordLength else {
                throw Failure(
                    line: openQuote.line, column: openQuote.column, field: openQuote.field,
                    problem: "the quoted field that starts here runs past \(maximumRecordLength) bytes")
            }
        } else {
            recordLine = number
            recordLength = line.count
            fields = []
            field = []
        }
        var index = 0
        while index < line.count {
            let byte = line[index]
            if openQuote != nil {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < line.count, line[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    openQuote = nil
                    closedQuote = true
                } else {
                    field.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case separator:
                endField()
            case 0x20 where closedQuote, 0x09 where closedQuote:
                break
            case _ where closedQuote:
                throw Failure(
                    line: number, column: Self.column(of: index, in: line), field: fields.count + 1,
                    problem: "a closing quote must be followed by a separator or the end of the line")
            case UInt8(ascii: "\"") where field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
                field = []
                openQuote = (number, Self.column(of: index, in: line), fields.count + 1)
            default:
                field.append(byte)
            }
            index += 1
        }
        if openQuote != nil {
            if heldLines.isEmpty { heldLines.append((Array(line), number)) }
            return nil
        }
        endField()
        let record = Record(fields: fields, line: recordLine)
        fields = []
        heldLines = []
        return record
    }

    /// At the end of the text, when a quoted field is left open: why, and the lines to read
    /// again (``abandonRecord()``); nil when none is.
    mutating func abandonOpenRecord() -> (failure: Failure, rest: [(bytes: [UInt8], number: Int)])? {
        guard let openQuote else { return nil }
        let failure = Failure(
            line: openQuote.line, column: openQuote.column, field: openQuote.field,
            problem: "the quoted field that starts here never ends")
        return (failure, abandonRecord())
    }

    /// Forgets the record being read, after a failure, and returns the lines after its first
    /// that a quoted field took in, to be read again as records of their own (none when the
    /// field ran past the longest record: those are passed over). The next line starts a
    /// record.
    mutating func abandonRecord() -> [(bytes: [UInt8], number: Int)] {
        let rest = recordLength > maximumRecordLength ? [] : Array(heldLines.dropFirst())
        fields = []
        field = []
        openQuote = nil
        closedQuote = false
        heldLines = []
        return rest
    }

    private mutating func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
        closedQuote = false
    }

    /// The column, in characters from 1, of byte `offset` of `line`.
    private static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        line[0..<min(offset, line.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
