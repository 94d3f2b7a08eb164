import CZlib
import FoundationEssentials
import Glibc
import PickerStore

/// A `.zip` archive read in place, without a program of the system and without unpacking it:
/// the entries its central directory lists, and the bytes of one, inflated with the system's
/// zlib (loaded on first use) within a bound.
///
/// Nothing of the archive is trusted: every offset and size is checked against the file before
/// it is read, the central directory is read whole only up to ``largestDirectory``, an entry is
/// inflated only up to the bound its reader gives whatever the directory says of its size, and
/// its CRC-32 is checked. Archives over 4 GB (ZIP64), as a whole export with its photos is, are
/// read. An encrypted entry is refused at once (no password is ever asked for, and nothing
/// reads the terminal), as are a symbolic link and a method other than stored and deflated.
struct ZipArchive: ~Copyable {
    /// One entry, as the central directory describes it.
    struct Entry: Hashable, Sendable {
        /// The entry's path in the archive, `/` between folders (as UTF-8, whatever the archive
        /// says of its names' encoding: the paths looked for are ASCII).
        var name: String
        /// The general purpose flags: bit 0 encrypted, bit 6 strongly encrypted.
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: UInt64
        var size: UInt64
        /// Where the entry's local header is, from the start of the file.
        var localHeader: UInt64
        /// Whether the archive was made on Unix and says the entry is a symbolic link.
        var isSymbolicLink: Bool

        /// Whether the entry needs a password: PKWARE's encryption, its strong encryption, or
        /// WinZip's AES (method 99).
        var isEncrypted: Bool { flags & 0x41 != 0 || method == 99 }
    }

    /// Why an archive or one of its entries cannot be read, in words that follow its name.
    struct Failure: Error, Hashable, Sendable {
        var problem: String

        init(_ problem: String) {
            self.problem = problem
        }
    }

    /// The largest central directory read (128 MB: a million entries with long paths).
    static let largestDirectory = 128 << 20
    /// The most entries read from a central directory.
    static let mostEntries = 1 << 20

    /// The entries, in the order of the central directory.
    let entries: [Entry]
    private let descriptor: Int32
    private let fileSize: UInt64

    /// The archive at `path`: a regular file (opened without waiting, so that a FIFO named
    /// `.zip` cannot hang the read) whose central directory can be read.
    /// - Throws: ``Failure`` when the file cannot be read, or is not an archive this reads.
    init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure("cannot be read (\(String(cString: strerror(errno))))") }
        do throws(Failure) {
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw Failure("is not a regular file")
            }
            let fileSize = UInt64(status.st_size)
            entries = try Self.directory(descriptor, fileSize: fileSize)
            self.fileSize = fileSize
            self.descriptor = descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// The bytes of `entry`, at most `limit` of them.
    /// - Throws: ``Failure`` when the entry is encrypted, a symbolic link, compressed by another
    ///   method than stored or deflated, larger than `limit`, or damaged.
    func contents(of entry: Entry, limit: Int) throws(Failure) -> [UInt8] {
        if entry.isEncrypted {
            throw Failure(
                "is encrypted (\(entry.name) needs a password): picker asks for none; unpack the archive with its password and give the folder"
            )
        }
        if entry.isSymbolicLink { throw Failure("holds \(entry.name) as a symbolic link, not a file") }
        guard entry.method == 0 || entry.method == 8 else {
            throw Failure(
                "compresses \(entry.name) with method \(entry.method), which picker does not read (only stored and deflated): unpack the archive and give the folder"
            )
        }
        guard entry.size <= UInt64(limit) else { throw Failure(Self.tooLarge(entry, limit)) }
        // zlib checks the CRC-32 of a stored entry as well as inflating a deflated one.
        if let problem = picker_zlib_load() {
            throw Failure(
                "cannot be read: reading a .zip archive needs zlib, which cannot be loaded (\(String(cString: problem))); install it with apt-get install zlib1g"
            )
        }
        let header = try read(at: entry.localHeader, count: 30)
        guard Self.u32(header, 0) == 0x0403_4B50 else {
            throw Failure(Self.damaged(entry, "its local header is not there"))
        }
        let start = entry.localHeader + 30 + UInt64(Self.u16(header, 26)) + UInt64(Self.u16(header, 28))
        guard start <= fileSize, entry.compressedSize <= fileSize - start else {
            throw Failure(Self.damaged(entry, "its data runs past the end of the file"))
        }
        let bytes: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else { throw Failure(Self.damaged(entry, "its sizes disagree")) }
            bytes = try read(at: start, count: Int(entry.size))
        } else {
            bytes = try inflate(entry, from: start, limit: limit)
        }
        guard bytes.count == entry.size else { throw Failure(Self.damaged(entry, "its size is not what it says")) }
        let crc = bytes.withUnsafeBufferPointer { picker_crc32(0, $0.baseAddress, $0.count) }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc else {
            throw Failure(Self.damaged(entry, "its CRC-32 is wrong"))
        }
        return bytes
    }

    /// The deflated `entry`, whose data starts at `start`, inflated: at most `limit` bytes.
    private func inflate(_ entry: Entry, from start: UInt64, limit: Int) throws(Failure) -> [UInt8] {
        guard let inflater = picker_inflater_begin() else { throw Failure("cannot be read: zlib cannot start") }
        defer { picker_inflater_end(inflater) }
        var output = [UInt8](repeating: 0, count: min(limit, Int(entry.size)) + 1)
        var produced = 0
        var offset: UInt64 = 0
        var input: [UInt8] = []
        var used = 0
        while true {
            if used == input.count && offset < entry.compressedSize {
                input = try read(at: start + offset, count: Int(min(1 << 16, entry.compressedSize - offset)))
                offset += UInt64(input.count)
                used = 0
            }
            if produced == output.count {
                guard output.count <= limit else { throw Failure(Self.tooLarge(entry, limit)) }
                output += [UInt8](repeating: 0, count: min(output.count, limit + 1 - output.count))
            }
            var consumed = 0
            var written = 0
            let step = input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    picker_inflater_step(
                        inflater, input.baseAddress.map { $0 + used }, input.count - used, &consumed,
                        output.baseAddress.map { $0 + produced }, output.count - produced, &written)
                }
            }
            used += consumed
            produced += written
            if step < 0 { throw Failure(Self.damaged(entry, "its deflated data is broken")) }
            if step == 1 { break }
            // With room to write and all the input given, no progress means the data ended.
            if consumed == 0 && written == 0 { throw Failure(Self.damaged(entry, "its deflated data ends too soon")) }
        }
        guard produced <= limit else { throw Failure(Self.tooLarge(entry, limit)) }
        output.removeSubrange(produced...)
        return output
    }

    /// The `count` bytes at `offset`.
    private func read(at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
        try Self.read(descriptor, at: offset, count: count, fileSize: fileSize)
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int, fileSize: UInt64) throws(Failure)
        -> [UInt8]
    {
        guard offset <= fileSize, UInt64(count) <= fileSize - offset else {
            throw Failure("is not a .zip archive picker can read: a part of it lies past the end of the file")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                let reason = result < 0 ? String(cString: strerror(errno)) : "the file ended"
                throw Failure("cannot be read (\(reason))")
            }
            done += result
        }
        return bytes
    }

    /// The entries of the central directory of the archive open as `descriptor`.
    private static func directory(_ descriptor: Int32, fileSize: UInt64) throws(Failure) -> [Entry] {
        let notAnArchive = Failure("is not a .zip archive picker can read: its end of central directory is missing")
        // The end record is 22 bytes, then a comment of up to 65535.
        let tailSize = min(fileSize, 22 + 0xFFFF)
        let tail = try read(descriptor, at: fileSize - tailSize, count: Int(tailSize), fileSize: fileSize)
        guard tail.count >= 22,
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { u32(tail, $0) == 0x0605_4B50 })
        else { throw notAnArchive }
        let endOffset = fileSize - tailSize + UInt64(end)
        guard u16(tail, end + 4) == 0, u16(tail, end + 6) == 0 else {
            throw Failure("is one part of a split .zip archive, which picker does not read: join the parts first")
        }
        var count = UInt64(u16(tail, end + 10))
        var size = UInt64(u32(tail, end + 12))
        var start = UInt64(u32(tail, end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the end record of 64 bits.
            guard endOffset >= 20 else { throw notAnArchive }
            let locator = try read(descriptor, at: endOffset - 20, count: 20, fileSize: fileSize)
            guard u32(locator, 0) == 0x0706_4B50 else { throw notAnArchive }
            let record = try read(descriptor, at: u64(locator, 8), count: 56, fileSize: fileSize)
            guard u32(record, 0) == 0x0606_4B50 else { throw notAnArchive }
            count = u64(record, 32)
            size = u64(record, 40)
            start = u64(record, 48)
        }
        guard count <= UInt64(mostEntries) else {
            throw Failure("is a .zip archive of more than \(mostEntries) entries, which picker does not read")
        }
        guard size <= UInt64(largestDirectory) else {
            throw Failure(
                "is a .zip archive whose central directory is larger than \(largestDirectory >> 20) MB, which picker does not read"
            )
        }
        guard start <= endOffset, size <= endOffset - start else { throw notAnArchive }
        let bytes = try read(descriptor, at: start, count: Int(size), fileSize: fileSize)
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= bytes.count, u32(bytes, at) == 0x0201_4B50 else {
                throw Failure("is not a .zip archive picker can read: its central directory is damaged")
            }
            let nameLength = Int(u16(bytes, at + 28))
            let extraLength = Int(u16(bytes, at + 30))
            let next = at + 46 + nameLength + extraLength + Int(u16(bytes, at + 32))
            guard next <= bytes.count else {
                throw Failure("is not a .zip archive picker can read: its central directory is damaged")
            }
            let madeOnUnix = u16(bytes, at + 4) >> 8 == 3
            let mode = u32(bytes, at + 38) >> 16
            var entry = Entry(
                name: String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                flags: u16(bytes, at + 8), method: u16(bytes, at + 10), crc: u32(bytes, at + 16),
                compressedSize: UInt64(u32(bytes, at + 20)), size: UInt64(u32(bytes, at + 24)),
                localHeader: UInt64(u32(bytes, at + 42)), isSymbolicLink: madeOnUnix && mode & 0o170000 == 0o120000)
            readZip64Sizes(bytes[(at + 46 + nameLength)..<(at + 46 + nameLength + extraLength)], into: &entry)
            entries.append(entry)
            at = next
        }
        return entries
    }

    /// Takes the sizes and the offset that `entry`'s directory record left at 0xFFFFFFFF from
    /// the ZIP64 field among `extra`, in the order the format gives them.
    private static func readZip64Sizes(_ extra: ArraySlice<UInt8>, into entry: inout Entry) {
        let extra = Array(extra)
        var at = 0
        while at + 4 <= extra.count {
            let id = u16(extra, at)
            let length = Int(u16(extra, at + 2))
            guard at + 4 + length <= extra.count else { return }
            if id == 0x0001 {
                var field = at + 4
                let end = field + length
                func next(_ value: inout UInt64) {
                    guard value == 0xFFFF_FFFF, field + 8 <= end else { return }
                    value = u64(extra, field)
                    field += 8
                }
                next(&entry.size)
                next(&entry.compressedSize)
                next(&entry.localHeader)
                return
            }
            at += 4 + length
        }
    }

    /// What a failure says of `entry` when it unpacks to more than `limit` bytes.
    private static func tooLarge(_ entry: Entry, _ limit: Int) -> String {
        "its \(entry.name) unpacks to more than \(limit >> 20) MB"
    }

    /// What a failure says of a damaged `entry`.
    private static func damaged(_ entry: Entry, _ what: String) -> String {
        "is a damaged .zip archive: \(entry.name) cannot be read, \(what)"
    }

    /// The little-endian number of 2, 4 or 8 bytes at `at` of `bytes`, 0 past their end.
    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(truncatingIfNeeded: number(bytes, at, 2)) }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(truncatingIfNeeded: number(bytes, at, 4)) }
    private static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 { number(bytes, at, 8) }

    private static func number(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        guard at >= 0, at + count <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for index in (at..<(at + count)).reversed() { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
