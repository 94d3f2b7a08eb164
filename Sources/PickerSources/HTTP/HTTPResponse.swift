import FoundationEssentials
import Glibc
import PickerStore

/// A whole HTTP response, read within the client's limits.
struct HTTPResponse: Hashable, Sendable {
    /// The status code, such as 200.
    var status: Int
    var headers: HTTPHeaders
    /// The body, decoded when it came gzip-encoded.
    var body: Data
    /// The URL that answered: the request's, or where redirects within its origin led.
    var url: URL

    init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}

/// Why an HTTP request got no response, in words for the user.
struct HTTPFailure: Error, Hashable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
