import PickerStore

/// Cuts comma-separated values (RFC 4180) into records, a line at a time (UTF-8, else
/// Windows-1252 or the ``legacyCharset`` named): fields are separated by commas (or the ``separator`` of another dialect); a field in double quotes may hold commas, line ends (kept as `\n`) and quotes
/// (written twice). A quote inside an unquoted field is taken as it is, as spreadsheets do.
struct CSVRecords {
    /// A record: the bytes of its fields, one after another, where each field ends in them,
    /// and the line it starts on.
    struct Record {
        var bytes: [UInt8]
        var ends: [Int]
        var line: Int

        /// The fields, as text.
        var fields: [String] {
            bytes.withUnsafeBufferPointer { bytes in
                ends.indices.map { index in
                    let start = index == 0 ? 0 : ends[index - 1]
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<ends[index]]), as: UTF8.self)
                }
            }
        }
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

    /// The bytes of the fields of the record being read, one after another, and where each
    /// field ended in them; the field being read starts at ``fieldStart``.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var fieldStart = 0
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
            bytes.append(0x0A)
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
            startRecord()
        }
        var index = 0
        while index < line.count {
            if openQuote != nil {
                // The quoted field goes on to its next quote.
                let quote = line[index...].firstIndex(of: UInt8(ascii: "\"")) ?? line.count
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<quote]))
                index = quote
                guard index < line.count else { break }
                if index + 1 < line.count, line[index + 1] == UInt8(ascii: "\"") {
                    bytes.append(UInt8(ascii: "\""))
                    index += 2
                    continue
                }
                openQuote = nil
                closedQuote = true
                index += 1
                continue
            }
            let byte = line[index]
            switch byte {
            case separator:
                endField()
            case 0x20 where closedQuote, 0x09 where closedQuote:
                break
            case _ where closedQuote:
                throw Failure(
                    line: number, column: Self.column(of: index, in: line), field: ends.count + 1,
                    problem: "a closing quote must be followed by a separator or the end of the line")
            case UInt8(ascii: "\"") where bytes[fieldStart...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
                bytes.removeLast(bytes.count - fieldStart)
                openQuote = (number, Self.column(of: index, in: line), ends.count + 1)
            default:
                bytes.append(byte)
            }
            index += 1
        }
        if openQuote != nil {
            if heldLines.isEmpty { heldLines.append((Array(line), number)) }
            return nil
        }
        endField()
        heldLines = []
        return Record(bytes: bytes, ends: ends, line: recordLine)
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
        startRecord()
        openQuote = nil
        closedQuote = false
        heldLines = []
        return rest
    }

    /// Forgets the fields read, keeping their room for the next record (the record handed on
    /// last is let go by then).
    private mutating func startRecord() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        fieldStart = 0
    }

    private mutating func endField() {
        ends.append(bytes.count)
        fieldStart = bytes.count
        closedQuote = false
    }

    /// The column, in characters from 1, of byte `offset` of `line`.
    private static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        line[0..<min(offset, line.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
