import FoundationEssentials
import Glibc
import PickerStore

/// Standard input, read whole and left at its end, as a reader that consumed it would leave
/// it: a file is mapped into memory (its pages are the page cache's, neither copied nor
/// zeroed); anything else is read with `read(2)` into a buffer that doubles as it fills.
package enum StandardInput {
    /// Everything standard input holds (or the open file `descriptor`, such as a named pipe,
    /// which messages call `source`).
    /// - Throws: ``SourceError`` when it cannot be read (a directory, an I/O error).
    package static func readAll(
        descriptor: Int32 = 0, source: String = FriendSource.standardInput.displayName
    ) throws(SourceError) -> Data {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        let offset = lseek(descriptor, 0, SEEK_CUR)
        // Pages are read in at once, as a read would, up to a gigabyte.
        let populate = size <= 1 << 30 ? MAP_POPULATE : 0
        if size > 0, offset == 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | populate, descriptor, 0),
            mapped != MAP_FAILED
        {
            lseek(descriptor, off_t(size), SEEK_SET)
            return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { bytes, count in munmap(bytes, count) })
        }
        var capacity = max(size + 1, 1 << 16)
        guard var buffer = malloc(capacity) else { throw failure(ENOMEM, source) }
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw failure(ENOMEM, source)
                }
                buffer = grown
            }
            let read = Glibc.read(descriptor, buffer + count, capacity - count)
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                let error = errno
                free(buffer)
                throw failure(error, source)
            }
            count += read
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// The start of standard input (or the open file `descriptor`), enough to tell its format
    /// (``SourceFormat/of(_:)-(UnsafeBufferPointer<UInt8>)``): read until its end, or
    /// ``SourceFormat/headLength`` bytes, or once a line that is not blank is whole, whichever
    /// comes first, so that a slow producer's first name is not held back for more.
    /// - Throws: ``SourceError`` when it cannot be read.
    package static func readHead(
        descriptor: Int32 = 0, source: String = FriendSource.standardInput.displayName
    ) throws(SourceError) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: SourceFormat.headLength)
        var count = 0
        // Each byte is looked at once: a producer writing a byte at a time costs no more.
        var seesVisible = false
        while count < head.count {
            let read = head.withUnsafeMutableBytes { bytes in
                Glibc.read(descriptor, bytes.baseAddress.map { $0 + count }, bytes.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw failure(errno, source)
            }
            for byte in head[count..<(count + read)] {
                if byte == 0x0A, seesVisible { return Array(head[..<(count + read)]) }
                seesVisible = seesVisible || ![0x20, 0x09, 0x0A, 0x0D].contains(byte)
            }
            count += read
        }
        return Array(head[..<count])
    }

    private static func failure(_ error: Int32, _ source: String) -> SourceError {
        SourceError(source: source, problem: "cannot be read (\(String(cString: strerror(error))))")
    }
}
