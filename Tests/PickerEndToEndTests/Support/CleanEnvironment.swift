import Foundation

/// The environment every picker under test starts with: `LANG=C.UTF-8`, none of the
/// developer's `PICKER_*`, `LC_*` or `NO_COLOR` (which SwiftPM sets for tests), and the XDG
/// base directories (`XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_CONFIG_HOME`) in `directory`, so
/// that no test reads or writes the developer's friend cache, picks or stored session. A nil
/// value removes the variable.
func cleanEnvironment(keepingIn directory: URL) -> [String: String?] {
    [
        "LANG": "C.UTF-8", "LC_ALL": nil, "LC_CTYPE": nil, "LC_MESSAGES": nil, "NO_COLOR": nil,
        "PICKER_SESSION": nil, "PICKER_SOURCE": nil, "PICKER_DEFAULT_OPTS": nil, "PICKER_CACHE_DIR": nil,
        "PICKER_PASSWORD_COMMAND": nil,
        "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
        "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
    ]
}

/// `environment` as shell text that sets it in the shell that runs it: `unset` for the
/// variables it removes, then an assignment and an `export` for each it sets.
func shellExports(_ environment: [String: String?]) -> String {
    let sorted = environment.sorted { $0.key < $1.key }
    let removed = sorted.filter { $0.value == nil }.map(\.key)
    let set = sorted.compactMap { name, value in value.map { (name, $0) } }
    return (removed.isEmpty ? "" : "unset \(removed.joined(separator: " ")); ")
        + set.map { "\($0.0)=\(shellQuoted($0.1)); " }.joined()
        + "export \(set.map(\.0).joined(separator: " "))"
}
