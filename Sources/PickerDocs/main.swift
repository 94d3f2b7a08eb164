import Foundation
import PickerKit

/// Writes the man page and the shell completions from the option and key tables, the README's
/// tables of keys from the key table, and the fold table from Foundation's folding, into the
/// package whose root is given (default: this package). Run after changing an option or a key,
/// or the toolchain: `swift run picker-docs`.
let root =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Foundation's folding of `text`, composed: what ``FoldTable`` holds.
func foundationFold(_ text: String, _ strength: TextFolding.Strength) -> String {
    let options: String.CompareOptions =
        strength == .caseOnly ? [.caseInsensitive] : [.caseInsensitive, .diacriticInsensitive]
    return text.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
}

/// The README with its tables of keys written from the key table.
func readmeWithKeys() -> String {
    let url = root.appendingPathComponent("README.md")
    guard let readme = try? String(contentsOf: url, encoding: .utf8), let updated = ReadmeKeys.updating(readme) else {
        FileHandle.standardError.write(Data("picker-docs: \(url.path) has no marker lines around its keys\n".utf8))
        exit(1)
    }
    return updated
}

let documents = [
    ("README.md", readmeWithKeys()),
    ("docs/picker.1", ManPage.text),
    ("completions/picker.bash", ShellCompletions.bash),
    ("completions/_picker", ShellCompletions.zsh),
    ("completions/picker.fish", ShellCompletions.fish),
    ("Sources/PickerStore/Text/FoldTable+Generated.swift", FoldTable.source(foundationFold)),
]
for (path, text) in documents {
    let url = root.appendingPathComponent(path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        print("wrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("picker-docs: cannot write \(url.path): \(error)\n".utf8))
        exit(1)
    }
}
