import PickerSources
import PickerStore

extension Options {
    /// The sources of `PICKER_SOURCE`: separated by `:` as `PATH` is, a URL kept whole (the
    /// colon after its scheme, and before its port, joins it), empty ones passed over.
    /// A path that holds a colon, or a URL whose host is an IPv6 address, cannot be given
    /// there; `--source` takes them.
    static func sources(inList text: String) -> [FriendSource] {
        let schemes: Set = ["http", "https", "carddav", "carddavs"]
        var arguments: [String] = []
        for piece in text.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
            if let last = arguments.last {
                let isSchemeAlone = schemes.contains(last.lowercased())
                if isSchemeAlone && piece.hasPrefix("//") {
                    arguments[arguments.count - 1] += ":" + piece
                    continue
                }
                let afterScheme = last.firstRange(of: "://").map { last[$0.upperBound...] }
                if let authority = afterScheme, !authority.contains(where: { $0 == "/" }),
                    let first = piece.first, first.isASCII && first.isNumber
                {
                    arguments[arguments.count - 1] += ":" + piece
                    continue
                }
            }
            arguments.append(piece)
        }
        return arguments.filter { !$0.isEmpty }.map(FriendSource.init(argument:))
    }
}
