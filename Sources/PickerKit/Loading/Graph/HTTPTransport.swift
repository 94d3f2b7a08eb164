import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain synchronous HTTP GETs for the Graph loader, which runs on a thread of its own.
///
/// Redirects are followed only within the origin the session belongs to; a redirect elsewhere
/// is returned as it came (a 3xx response), never followed with the token.
final class HTTPTransport: Sendable {
    /// A response: its status, headers and whole body.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    private let session: URLSession
    private let timeout: Double

    /// A transport that talks only to `origin`, giving up on a request after `timeout` seconds.
    init(origin: GraphEndpoint.Origin, timeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectGuard(origin: origin), delegateQueue: nil)
        self.timeout = timeout
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// GETs `url` with `headers`, waiting for the whole body.
    /// - Throws: a message saying why no response came (refused, not found, timed out, dropped).
    func get(_ url: URL, headers: [String: String]) throws(TransportFailure) -> Response {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let outcome = Mutex<Result<Response, TransportFailure>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The handler must not hold `self`: were it the last owner, the session would be
        // invalidated from its own queue, which traps.
        let timeout = self.timeout
        let task = session.dataTask(with: request) { data, response, error in
            let result: Result<Response, TransportFailure>
            if let error {
                result = .failure(TransportFailure(error, timeout: timeout))
            } else if let http = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { fields[name] = value }
                }
                result = .success(Response(status: http.statusCode, headers: fields, body: data ?? Data()))
            } else {
                result = .failure(TransportFailure(message: "the answer was not HTTP"))
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        task.resume()
        finished.wait()
        guard let result = outcome.withLock({ $0 }) else { throw TransportFailure(message: "no answer") }
        return try result.get()
    }
}

/// Why an HTTP request got no response, in words for the user.
struct TransportFailure: Error, Sendable {
    var message: String

    init(message: String) {
        self.message = message
    }

    init(_ error: Error, timeout: Double) {
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?: message = "connection refused"
        case .timedOut?: message = "no complete answer within \(Self.seconds(timeout))"
        case .cannotFindHost?, .dnsLookupFailed?: message = "host not found"
        case .networkConnectionLost?: message = "the connection was dropped before the answer was complete"
        case .notConnectedToInternet?: message = "no network"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
            .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
            message = "the secure connection failed (certificate not trusted?)"
        default: message = (error as NSError).localizedDescription
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Follows a redirect only when it stays within the session's origin.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    let origin: GraphEndpoint.Origin

    init(origin: GraphEndpoint.Origin) {
        self.origin = origin
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let staysHome = request.url.flatMap(GraphEndpoint.Origin.init) == origin
        completionHandler(staysHome ? request : nil)
    }
}
