import FoundationEssentials
import Glibc
import PickerStore

/// Standard input (or a pipe named with `--source`), read whole or its start only, through an
/// ``InputFile`` that bounds what is read (``ReadLimit/source``).
package enum StandardInput {
    /// Everything `input` has left, read to its end as a reader that consumed it would leave
    /// it: a file is mapped into memory (its pages are the page cache's, neither copied nor
    /// zeroed); anything else is read with `read(2)` into a buffer that doubles as it fills.
    /// - Throws: ``SourceError`` when it cannot be read, or holds more than its limit.
    package static func readAll(_ input: InputFile) throws(SourceError) -> Data {
        if input.bytesRead == 0, lseek(input.descriptor, 0, SEEK_CUR) == 0, let whole = mapped(input) { return whole }
        let size = input.size ?? 0
        var capacity = max(size + 1, 1 << 16)
        guard var buffer = malloc(capacity) else { throw failure(ENOMEM, input.name) }
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw failure(ENOMEM, input.name)
                }
                buffer = grown
            }
            let read: Int
            do throws(SourceError) {
                read = try input.read(
                    into: UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
            } catch {
                free(buffer)
                throw error
            }
            if read == 0 { break }
            count += read
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// `head`, the start of `input` already read, and everything after it (see
    /// ``readAll(_:)``): a file read from its start is mapped whole.
    /// - Throws: ``SourceError`` when it cannot be read, or holds more than its limit.
    package static func readAll(_ input: InputFile, after head: [UInt8]) throws(SourceError) -> Data {
        if input.bytesRead == head.count, lseek(input.descriptor, 0, SEEK_CUR) == head.count,
            let whole = mapped(input)
        {
            return whole
        }
        var data = Data(head)
        data.append(try readAll(input))
        return data
    }

    /// Everything standard input holds (see ``readAll(_:)``).
    package static func readAll() throws(SourceError) -> Data {
        try readAll(try InputFile.standardInput())
    }

    /// The start of `input`, enough to tell its format
    /// (``SourceFormat/of(_:)-(UnsafeBufferPointer<UInt8>)``): read until its end, or
    /// ``SourceFormat/headLength`` bytes, or once a line that is not blank is whole, whichever
    /// comes first, so that a slow producer's first name is not held back for more.
    /// - Throws: ``SourceError`` when it cannot be read.
    package static func readHead(_ input: InputFile) throws(SourceError) -> [UInt8] {
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceFormat.headLength, alignment: 1)
        defer { head.deallocate() }
        var count = 0
        // Each byte is looked at once: a producer writing a byte at a time costs no more.
        var seesVisible = false
        while count < head.count {
            let read = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: head[count...]))
            if read == 0 { break }
            for byte in head[count..<(count + read)] {
                if byte == 0x0A, seesVisible { return Array(head[..<(count + read)]) }
                seesVisible = seesVisible || ![0x20, 0x09, 0x0A, 0x0D].contains(byte)
            }
            count += read
        }
        return Array(head[..<count])
    }

    /// The start of standard input (see ``readHead(_:)``).
    package static func readHead() throws(SourceError) -> [UInt8] {
        try readHead(try InputFile.standardInput())
    }

    /// The whole of `input` when it is a file that is not empty, mapped into memory and left
    /// read to its end; nil otherwise.
    private static func mapped(_ input: InputFile) -> Data? {
        guard let size = input.size, size > 0 else { return nil }
        // Pages are read in at once, as a read would, up to a gigabyte.
        let populate = size <= 1 << 30 ? MAP_POPULATE : 0
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | populate, input.descriptor, 0),
            mapped != MAP_FAILED
        else { return nil }
        lseek(input.descriptor, off_t(size), SEEK_SET)
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { bytes, count in munmap(bytes, count) })
    }

    private static func failure(_ error: Int32, _ source: String) -> SourceError {
        SourceError(source: source, problem: "cannot be read (\(String(cString: strerror(error))))")
    }
}
