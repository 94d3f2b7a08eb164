import Foundation

/// A whole HTTP response, read within the client's limits.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code, such as 200.
    public var status: Int
    public var headers: HTTPHeaders
    /// The body, decoded when it came gzip-encoded.
    public var body: Data
    /// The URL that answered: the request's, or where redirects within its origin led.
    public var url: URL

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}

/// Why an HTTP request got no response, in words for the user.
public struct HTTPFailure: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
