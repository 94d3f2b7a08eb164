import Foundation
import PickerStore

/// Writes `FoldTable+Generated.swift`, the fold of every scalar that folding changes, from
/// Foundation's folding, into the package whose root is given (default: this package). Run
/// after changing the toolchain: `swift run generate-fold-table`; a test fails when the
/// committed table is not what Foundation folds today.
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

let path = "Sources/PickerStore/Text/FoldTable+Generated.swift"
do {
    try Data(FoldTable.source(foundationFold).utf8).write(to: root.appendingPathComponent(path))
    print("wrote \(path)")
} catch {
    FileHandle.standardError.write(Data("generate-fold-table: cannot write \(path): \(error)\n".utf8))
    exit(1)
}
