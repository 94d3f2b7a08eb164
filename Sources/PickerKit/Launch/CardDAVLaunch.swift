import PickerSources
import PickerStore

/// What a run with a CardDAV source needs before anything is read: how to reach the account
/// (the user; the password or the bearer token, which `--password-command` or
/// `--bearer-command` prints before the screen opens, so that a prompt of `pass` or `gpg` has
/// the terminal to itself), and the cards kept from the last sync of a source that is CardDAV
/// alone, shown at once while the server is asked.
package struct CardDAVLaunch: Sendable {
    /// The cards kept from the last sync, ready to show.
    package struct Kept: Sendable {
        package var state: CardDAVState
        package var loader: FriendLoader
    }

    package var access: CardDAVAccess
    package var kept: Kept?

    /// What `options` need for their CardDAV sources at `now`; nil when they have none.
    /// `reports` gets a warning when the kept cards cannot be used. Neither the password
    /// command nor the bearer command is run with `--offline`, which asks no server.
    /// - Throws: ``SourceError`` when the password or bearer command fails, or prints a token
    ///   that cannot be sent.
    package init?(_ options: Options, now: Int64, reports: inout [String]) throws(SourceError) {
        let addresses = options.source.parts.compactMap { part -> CardDAVAddress? in
            guard case .cardDAV(let url) = part else { return nil }
            return CardDAVAddress(url)
        }
        guard !addresses.isEmpty else { return nil }
        access = CardDAVAccess(
            user: options.user, cacheDirectory: options.usesCache ? options.cacheDirectory : nil, now: now)
        access.rediscovers = options.rediscovers
        if !options.offline, let command = options.passwordCommand {
            access.password = try CredentialCommand(command).credential()
        }
        if !options.offline, let command = options.bearerCommand {
            let bearer = try CredentialCommand(command, option: "--bearer-command", printed: "token").credential()
            if let problem = SessionToken.problem(bearer, named: "the token it printed") {
                throw SourceError(source: "--bearer-command", problem: problem)
            }
            access.bearer = bearer
        }
        guard case .cardDAV = options.source, let address = addresses.first else { return }
        let (store, warning) = access.store(for: address)
        if let warning { reports.append(warning) }
        guard let store else { return }
        let (state, readWarning) = store.read()
        if let readWarning { reports.append(readWarning) }
        if let state {
            kept = Kept(state: state, loader: CardDAVKeptLoader(state: state, source: address.shown))
        }
    }
}
