import PickerSources
import PickerStore

/// The README's tables of keys, written from the key table like `--help` and the man page:
/// `swift run generate-docs` puts them between the README's two marker lines, and a test fails
/// when they are out of date.
package enum ReadmeKeys {
    /// The line before the tables.
    package static let startMarker =
        "<!-- The tables of keys are written from the key table by swift run generate-docs. -->"
    /// The line after the tables.
    package static let endMarker = "<!-- End of the tables of keys. -->"

    /// A Markdown table for each context of the help, its keys in table order.
    package static var markdown: String {
        KeyHelp.Context.allCases.map { context in
            let rows = KeyMap.standard.help.filter { $0.context == context }.map {
                "| \(escaped($0.keys)) | \(escaped($0.action)) |"
            }
            return (["| \(context.rawValue) | |", "| --- | --- |"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `readme` with what is between the marker lines replaced by ``markdown``; nil when the
    /// markers are not there, in that order.
    package static func updating(_ readme: String) -> String? {
        // The standard library's search: Foundation's would link all of Foundation into the picker.
        guard let start = readme.firstRange(of: startMarker + "\n"),
            let end = readme[start.upperBound...].firstRange(of: endMarker)
        else { return nil }
        return String(readme[..<start.upperBound]) + "\n" + markdown + "\n\n" + String(readme[end.lowerBound...])
    }

    /// `text` safe in a Markdown table cell: `|` and `\` escaped, and characters that would
    /// start emphasis or code.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\|*_`<".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
