import Foundation
import PickerKit

/// Writes the man page and the shell completions from the option and key tables into the
/// package whose root is given (default: this package). Run after changing an option or a key:
/// `swift run generate-docs`.
let root =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Reports `message` on standard error and exits with an error.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("generate-docs: \(message)\n".utf8))
    exit(1)
}

let documents = [
    ("docs/picker.1", ManPage.text),
    ("completions/picker.bash", ShellCompletions.bash),
    ("completions/_picker", ShellCompletions.zsh),
    ("completions/picker.fish", ShellCompletions.fish),
]
for (path, text) in documents {
    let url = root.appendingPathComponent(path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        print("wrote \(path)")
    } catch {
        fail("cannot write \(url.path): \(error)")
    }
}
