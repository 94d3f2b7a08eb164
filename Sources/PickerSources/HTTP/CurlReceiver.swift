import CCurl
import FoundationEssentials
import Glibc
import PickerStore

/// What one transfer received, gathered by libcurl's callbacks within the client's limits: the
/// body, decoded, and the header fields of the final response. A callback that would pass a
/// limit stops the transfer and says why in ``stop``.
package final class CurlReceiver {
    private let maximumBodyBytes: Int
    private let maximumHeaderBytes: Int
    private(set) var body = Data()
    package private(set) var headers = HTTPHeaders()
    private var headerBytes = 0
    /// Why the transfer was stopped, when a callback stopped it.
    package private(set) var stop: String?

    package init(maximumBodyBytes: Int, maximumHeaderBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumHeaderBytes = maximumHeaderBytes
    }

    /// Takes `bytes` of the decoded body; false, to stop, when the body would pass its limit.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maximumBodyBytes - body.count else {
            stop = Self.tooLarge(maximumBodyBytes)
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line (its CRLF included): a status line starts the fields of another
    /// response (an interim `1xx` came before). False, to stop, when the lines pass their limit
    /// or the body is coded in a way that was not asked for.
    package func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= maximumHeaderBytes else {
            stop = "the header fields are longer than \(Self.size(maximumHeaderBytes))"
            return false
        }
        var end = bytes.count
        while end > 0 && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            return true
        }
        if line.first == " " || line.first == "\t" {
            headers.continueLast(line.trimmingWhitespace)
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingWhitespace
        headers.append(name: name, value: value)
        if name.lowercased() == "content-encoding" {
            let codings = value.lowercased().split(separator: ",").map { $0.trimmingWhitespace }
            if let unasked = codings.first(where: { !["gzip", "x-gzip", "identity"].contains($0) }) {
                stop = "the body is coded as '\(unasked.prefix(40))', which was not asked for (only gzip is)"
                return false
            }
        }
        return true
    }

    /// libcurl's write callback: hands the body's bytes to the receiver its data points to.
    static let bodyCallback: curl_write_callback = { data, size, count, context in
        take(data, size * count, context) { $0.receiveBody($1) }
    }

    /// libcurl's header callback: hands each header line to the receiver its data points to.
    static let headerCallback: curl_write_callback = { data, size, count, context in
        take(data, size * count, context) { $0.receiveHeader($1) }
    }

    /// What a callback returns: `count`, the bytes at `data` taken, or 0 to stop the transfer.
    private static func take(
        _ data: UnsafeMutablePointer<CChar>?, _ count: Int, _ context: UnsafeMutableRawPointer?,
        _ receive: (CurlReceiver, UnsafeRawBufferPointer) -> Bool
    ) -> Int {
        guard let context else { return 0 }
        let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
        return receive(receiver, UnsafeRawBufferPointer(start: data, count: count)) ? count : 0
    }

    /// The message for a body larger than `limit` bytes.
    static func tooLarge(_ limit: Int) -> String {
        "the answer is larger than \(size(limit)) after decoding, the limit for one response"
    }

    /// `bytes` in KB or MB (of 1024).
    static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes / 1024) KB"
    }
}
