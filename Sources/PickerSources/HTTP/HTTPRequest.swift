import FoundationEssentials
import Glibc
import PickerStore

/// One HTTP request: what to ask of which URL, with which header fields and, for a `POST`, which
/// form.
struct HTTPRequest: Hashable, Sendable {
    /// The methods the picker uses.
    enum Method: String, Hashable, Sendable {
        case get = "GET"
        case post = "POST"
        /// WebDAV's `PROPFIND` (RFC 4918), with an XML body.
        case propfind = "PROPFIND"
        /// WebDAV's `REPORT` (RFC 3253), with an XML body.
        case report = "REPORT"
    }

    var method: Method
    var url: URL
    var headers: HTTPHeaders
    /// The form sent as the body of a `POST`, as `application/x-www-form-urlencoded`.
    var form: [HTTPHeaders.Field]?
    /// The XML sent as the body of a `PROPFIND` or `REPORT`.
    var xml: [UInt8]?
    /// Seconds the request may take when that is less than the client's timeout (what is left
    /// of a longer task's time); nil for the client's.
    var timeLimit: Double?

    /// A `GET` of `url`.
    init(get url: URL, headers: HTTPHeaders = HTTPHeaders()) {
        method = .get
        self.url = url
        self.headers = headers
        form = nil
    }

    /// A `POST` of `form` to `url`.
    init(post form: [HTTPHeaders.Field], to url: URL, headers: HTTPHeaders = HTTPHeaders()) {
        method = .post
        self.url = url
        self.headers = headers
        self.form = form
    }

    /// A WebDAV `method` (`PROPFIND`, `REPORT`) of `url` with the XML `xml`, asked at `depth`
    /// (the `Depth` header: 0 the resource alone, 1 its members too).
    init(_ method: Method, _ url: URL, depth: Int, xml: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.method = method
        self.url = url
        var headers = headers
        headers.append(name: "Depth", value: String(depth))
        headers.append(name: "Content-Type", value: "application/xml; charset=utf-8")
        self.headers = headers
        form = nil
        self.xml = Array(xml.utf8)
    }

    /// The body: a `POST`'s form, each name and value percent-encoded (everything but letters,
    /// digits and `-._~`), joined as `name=value&name=value`; a WebDAV request's XML.
    var body: [UInt8] {
        if let xml { return xml }
        guard let form else { return [] }
        let pairs = form.map { Self.formEncoded($0.name) + "=" + Self.formEncoded($0.value) }
        return Array(pairs.joined(separator: "&").utf8)
    }

    /// `text` as a form writes it: bytes outside `A-Za-z0-9-._~` as `%XX`.
    static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                encoded.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
}
