import FoundationEssentials
import PickerStore

/// What `picker login` was asked to do, checked: which endpoints to ask, as which client, for
/// which scope, in which flow, and how to show the code.
package struct LoginOptions: Hashable, Sendable {
    /// The device authorization endpoint: where the codes are asked for.
    package var deviceURL: URL
    /// The token endpoint: where the token is asked for until the user approves.
    package var tokenURL: URL
    /// The client's id; for Facebook `APP_ID|CLIENT_TOKEN`. Never shown.
    package var clientID: String
    /// The scope asked for, when there is one.
    package var scope: String?
    package var flow: DeviceFlow
    /// Whether a QR code of the address is drawn when the terminal has room for it.
    package var showsQRCode = true
    /// Seconds each HTTP request may take, from its start to its last byte.
    package var timeout = 15.0

    package init(deviceURL: URL, tokenURL: URL, clientID: String, scope: String? = nil, flow: DeviceFlow) {
        self.deviceURL = deviceURL
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.scope = scope
        self.flow = flow
    }

    /// The service the session is for, as the screen names it: the token endpoint's host, and
    /// its port when it is not the scheme's.
    package var service: String {
        HTTPOrigin(tokenURL)?.authority ?? ""
    }
}
