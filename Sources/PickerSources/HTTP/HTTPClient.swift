import CCurl
import FoundationEssentials
import Glibc
import PickerStore

/// Sends a request and returns its whole response: ``HTTPClient``, or a stand-in in tests.
protocol HTTPSending: AnyObject {
    func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse
}

/// Sends HTTP requests one at a time with libcurl, loaded on first use, under rules that hold
/// for every request:
///
/// - only `https`, or `http` to a loopback host, is asked (``HTTPAddress``), and libcurl may
///   speak no other protocol;
/// - each request takes at most ``Settings/timeout`` (or its own shorter
///   ``HTTPRequest/timeLimit``) from its start to its last byte, the redirects it follows
///   included: one deadline is set when it starts, and each hop has what is left of it;
/// - redirects are followed here, never by libcurl, and only within the origin of the request
///   (at most ``Settings/maximumRedirects``); a redirect elsewhere is returned as it came;
/// - a body is at most ``Settings/maximumBodyBytes`` after decoding, counted as it arrives, and
///   the headers at most ``Settings/maximumHeaderBytes``; only gzip is asked for (zlib decodes
///   it in a fixed window), and a body in any other encoding is refused;
/// - a loopback host is never reached through a proxy; another goes through the user's proxy
///   (`https_proxy`, `all_proxy`, `no_proxy`) only inside a `CONNECT` tunnel, so the proxy
///   sees the host name and encrypted bytes;
/// - no cookies, no credentials but the header fields of the request, and no `.netrc` unless
///   the client is made to read it (``Settings/readsNetrc``, for a CardDAV server's password).
package final class HTTPClient: HTTPSending {
    /// The limits and trust every request of a client follows.
    struct Settings: Hashable, Sendable {
        /// Seconds each request may take, from its start to its last byte.
        var timeout: Double
        /// The largest body, after decoding (64 MB).
        var maximumBodyBytes = 64 * 1024 * 1024
        /// The most bytes of header lines kept for one response (64 KB).
        var maximumHeaderBytes = 64 * 1024
        /// The most redirects followed for one request.
        var maximumRedirects = 5
        var trust: CertificateTrust
        /// Whether libcurl takes the user name and password for a host from `~/.netrc` when
        /// the request carries none.
        var readsNetrc = false

        init(timeout: Double, trust: CertificateTrust) {
            self.timeout = timeout
            self.trust = trust
        }
    }

    let settings: Settings
    private let handle: UnsafeMutableRawPointer

    /// A client that follows `settings`.
    /// - Throws: ``HTTPFailure`` when libcurl cannot be loaded.
    init(settings: Settings) throws(HTTPFailure) {
        if let problem = picker_curl_load() {
            throw HTTPFailure(
                "URL sources need libcurl, which cannot be loaded (\(String(cString: problem))); install it with apt-get install libcurl4"
            )
        }
        guard let handle = picker_curl_easy_init() else { throw HTTPFailure("libcurl cannot start a transfer") }
        self.settings = settings
        self.handle = handle
    }

    deinit {
        picker_curl_easy_cleanup(handle)
    }

    /// Sends `request` and returns its response, following redirects within its origin.
    /// - Throws: ``HTTPFailure`` when the request is refused before it is sent (a URL or a
    ///   header field the rules refuse), or no whole response came within the limits.
    func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
        if let refusal = request.headers.refusal { throw HTTPFailure(refusal) }
        let deadline = MonotonicClock.seconds() + min(settings.timeout, request.timeLimit ?? settings.timeout)
        var current = request
        var address = try HTTPAddress(request.url)
        for _ in 0...settings.maximumRedirects {
            let left = deadline - MonotonicClock.seconds()
            guard left > 0 else { throw HTTPFailure(timedOut) }
            let response = try transfer(current, to: address, within: left)
            guard (300..<400).contains(response.status), response.status != 304,
                let location = response.headers["location"],
                let target = URL(string: location, relativeTo: address.url)?.absoluteURL,
                let next = try? HTTPAddress(target), next.origin == address.origin
            else { return response }
            // 303, and 301 or 302 after a POST, become a GET, as browsers do; 307 and 308 keep
            // the method and the form.
            if response.status == 303 && current.method != .propfind && current.method != .report
                || (current.method == .post && response.status <= 302)
            {
                current = HTTPRequest(get: target, headers: current.headers)
            } else {
                current.url = target
            }
            address = next
        }
        throw HTTPFailure("more than \(settings.maximumRedirects) redirects")
    }

    /// One request and its response, no redirect followed, within `seconds`.
    private func transfer(
        _ request: HTTPRequest, to address: HTTPAddress, within seconds: Double
    ) throws(HTTPFailure) -> HTTPResponse {
        picker_curl_easy_reset(handle)
        let receiver = CurlReceiver(
            maximumBodyBytes: settings.maximumBodyBytes, maximumHeaderBytes: settings.maximumHeaderBytes)
        var fields: UnsafeMutablePointer<curl_slist>?
        defer { picker_curl_slist_free_all(fields) }
        var lines = request.headers.fields.map { "\($0.name): \($0.value)" }
        // No `Expect: 100-continue` before a body: it would cost a round trip.
        if request.method != .get { lines.append("Expect:") }
        for line in lines {
            guard let longer = picker_curl_slist_append(fields, line) else {
                throw HTTPFailure("libcurl cannot hold the header fields")
            }
            fields = longer
        }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        defer { errorText.deallocate() }
        errorText[0] = 0

        try set(CURLOPT_URL, address.text)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(seconds))
        try set(CURLOPT_ACCEPT_ENCODING, "gzip")
        try check(picker_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, settings.maximumBodyBytes))
        if address.origin.isLoopback { try set(CURLOPT_NOPROXY, "*") }
        try set(CURLOPT_HTTPPROXYTUNNEL, 1)
        try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        if let file = settings.trust.file { try set(CURLOPT_CAINFO, file) }
        if let directory = settings.trust.directory { try set(CURLOPT_CAPATH, directory) }
        switch request.method {
        case .get:
            try set(CURLOPT_HTTPGET, 1)
        case .post, .propfind, .report:
            let body = request.body
            try set(CURLOPT_POST, 1)
            if request.method != .post { try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue) }
            try check(picker_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, body.count))
            try check(
                body.withUnsafeBytes { picker_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
        }
        if settings.readsNetrc, request.headers["authorization"] == nil {
            try set(CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue))
        }
        try check(picker_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, fields))
        try check(picker_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorText))
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        let callbacks = [
            (CURLOPT_WRITEFUNCTION, CURLOPT_WRITEDATA, CurlReceiver.bodyCallback),
            (CURLOPT_HEADERFUNCTION, CURLOPT_HEADERDATA, CurlReceiver.headerCallback),
        ]
        for (function, data, callback) in callbacks {
            try check(picker_curl_setopt_callback(handle, function, callback))
            try check(picker_curl_setopt_pointer(handle, data, context))
        }

        let code = withExtendedLifetime(receiver) { picker_curl_easy_perform(handle) }
        if let stop = receiver.stop { throw HTTPFailure(stop) }
        guard code == CURLE_OK else {
            throw HTTPFailure(describe(code, detail: String(cString: errorText)))
        }
        var status = 0
        _ = picker_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: receiver.headers, body: receiver.body, url: address.url)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPFailure) {
        try check(picker_curl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPFailure) {
        try check(picker_curl_setopt_string(handle, option, value))
    }

    /// Throws when libcurl refused an option: a libcurl older than 7.85, most likely.
    private func check(_ code: CURLcode) throws(HTTPFailure) {
        guard code == CURLE_OK else {
            throw HTTPFailure(
                "libcurl refused a setting (\(String(cString: picker_curl_easy_strerror(code)))); picker needs libcurl 7.85 or later"
            )
        }
    }

    /// Why a transfer failed, in words for the user; `detail` is libcurl's own message.
    private func describe(_ code: CURLcode, detail: String) -> String {
        let detailed = detail.isEmpty ? "" : " (\(detail))"
        switch code {
        case CURLE_COULDNT_CONNECT:
            var number = 0
            _ = picker_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &number)
            return number == Int(ECONNREFUSED) ? "connection refused" : "cannot connect\(detailed)"
        case CURLE_COULDNT_RESOLVE_HOST: return "host not found"
        case CURLE_COULDNT_RESOLVE_PROXY: return "the proxy's host was not found\(detailed)"
        case CURLE_OPERATION_TIMEDOUT: return timedOut
        case CURLE_FILESIZE_EXCEEDED: return CurlReceiver.tooLarge(settings.maximumBodyBytes)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return "the connection was dropped before the answer was complete"
        case CURLE_BAD_CONTENT_ENCODING: return "the body's gzip encoding is broken"
        case CURLE_SSL_CACERT_BADFILE:
            let named = settings.trust.file.map { "\(settings.trust.fileVariable)=\($0)" }
            return "cannot read the trusted certificates\(named.map { " of \($0)" } ?? "")\(detailed)"
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return
                "the secure connection failed\(detailed); a private certificate authority is trusted through SSL_CERT_FILE, SSL_CERT_DIR or CURL_CA_BUNDLE"
        default:
            return String(cString: picker_curl_easy_strerror(code)) + detailed
        }
    }

    /// What a request that passed its deadline fails with.
    private var timedOut: String { "no complete answer within \(Self.seconds(settings.timeout))" }

    /// The whole milliseconds libcurl is given for a timeout of `seconds`, rounded up: at least
    /// 1, since libcurl reads 0 as no timeout at all (as it would a negative or NaN `seconds`,
    /// cut to an integer), and at most `Int32.max` (24 days), so that no `seconds`, however
    /// large or infinite, overflows.
    static func milliseconds(_ seconds: Double) -> Int {
        let milliseconds = (seconds * 1000).rounded(.up)
        guard milliseconds >= 1 else { return 1 }
        return milliseconds < Double(Int32.max) ? Int(milliseconds) : Int(Int32.max)
    }

    /// `value` seconds as messages write them: `15 s`, `2.5 s`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}
