import PickerSources
import PickerStore

extension Options {
    /// The environment variables the picker reads, and what for.
    package static let environment: [(name: String, meaning: String)] =
        [
            ("PICKER_SESSION", "the session token, when neither --session nor --session-file is given"),
            (
                "XDG_CONFIG_HOME",
                "where the session of picker login is: $XDG_CONFIG_HOME/picker/session (default ~/.config/picker/session)"
            ),
            (
                "PICKER_SOURCE",
                "the source, when neither the command line nor PICKER_DEFAULT_OPTS gives --source and standard input is a terminal; several separated by : as in PATH (a URL kept whole), shown as one list as repeated --source options are"
            ),
            (
                "PICKER_DEFAULT_OPTS",
                "options read before the command line's, split as a shell would; a --source here yields to a pipe on standard input"
            ),
            (
                "PICKER_PASSWORD_COMMAND",
                "the command that prints the password of a carddav or carddavs source, when --password-command is not given"
            ),
            (
                "PICKER_BEARER_COMMAND",
                "the command that prints the OAuth bearer token of a carddav or carddavs source, when neither --bearer-command nor --password-command is given"
            ),
            ("NO_COLOR", "when set and not empty, no colours, as --no-color"),
            (
                "TERM",
                "the terminal type; one this machine has no terminfo entry for that can move the cursor (a terminal's own type over ssh, dumb as an editor's filter command sets it, or none) is drawn as xterm-256color (else xterm, ansi, vt100), and standard error says so once the picker ends"
            ),
            ("PICKER_CACHE_DIR", "the cache directory, when --cache-dir is not given"),
            (
                "XDG_CACHE_HOME",
                "the cache directory is $XDG_CACHE_HOME/picker (default ~/.cache/picker) when neither --cache-dir nor PICKER_CACHE_DIR is given"
            ),
            ("XDG_STATE_HOME", "picks are recorded in $XDG_STATE_HOME/picker (default ~/.local/state/picker)"),
            (
                "https_proxy, all_proxy, no_proxy",
                "the proxy of an https source, always through a CONNECT tunnel; a loopback source never uses one"
            ),
        ] + CertificateTrust.variables
}
