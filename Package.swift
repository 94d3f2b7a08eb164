// swift-tools-version:6.0
import PackageDescription

// Three library modules, each depending only on those before it:
// PickerStore (the friends, their text, the list, the search: no I/O), PickerSources (files,
// standard input, HTTP, the Graph service, the cache, the history, the device login) and
// PickerKit (the picker: its state, its view, the terminal, the command line), which re-exports
// the other two. `picker` is a thin executable on PickerKit.
let package = Package(
    name: "picker",
    products: [
        .executable(name: "picker", targets: ["PickerTUI"]),
        .executable(name: "generate-docs", targets: ["GenerateDocs"]),
        .executable(name: "generate-fold-table", targets: ["GenerateFoldTable"]),
        .library(name: "PickerKit", targets: ["PickerKit"]),
        .executable(name: "picker-bench", targets: ["PickerBench"]),
    ],
    targets: [
        .target(name: "PickerStore", dependencies: ["CPrefetch"]),
        .target(name: "CPrefetch"),
        .target(name: "PickerSources", dependencies: ["PickerStore", "CCurl", "CCrypto", "CQRencode", "CZlib"]),
        .target(name: "PickerKit", dependencies: ["PickerStore", "PickerSources", "CNcurses"]),
        .target(name: "CCurl"),
        .target(name: "CCrypto"),
        .target(name: "CQRencode"),
        .target(name: "CZlib"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .executableTarget(name: "PickerTUI", dependencies: ["PickerKit"]),
        // The writers of the generated files: the man page, the completions and the README's
        // keys; the fold table.
        .executableTarget(name: "GenerateDocs", dependencies: ["PickerKit"]),
        .executableTarget(name: "GenerateFoldTable", dependencies: ["PickerStore"]),
        .executableTarget(name: "PickerBench", dependencies: ["PickerKit", "PickerHarness"]),
        // A pseudo-terminal with a screen model, for the benchmark and the tests.
        .target(name: "PickerHarness", dependencies: ["PickerStore"]),
        // The tests, a target per module, and what they share.
        .target(name: "PickerTestSupport", dependencies: ["PickerKit"], path: "Tests/PickerTestSupport"),
        .testTarget(name: "PickerStoreTests", dependencies: ["PickerStore", "PickerTestSupport"]),
        .testTarget(name: "PickerSourcesTests", dependencies: ["PickerSources", "PickerTestSupport"]),
        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit", "PickerHarness", "PickerTestSupport"]),
        .testTarget(
            name: "PickerEndToEndTests",
            dependencies: ["PickerTUI", "PickerKit", "PickerHarness", "PickerTestSupport", "CNcurses"]),
        .target(name: "PickerFuzzChecks", dependencies: ["PickerKit"], path: "Fuzz/Checks"),
        .testTarget(
            name: "PickerFuzzCorpusTests", dependencies: ["PickerFuzzChecks"], path: "Tests/PickerFuzzCorpusTests"),
    ],
    swiftLanguageModes: [.v6]
)
