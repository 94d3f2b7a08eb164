// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "picker",
    products: [
        .executable(name: "picker", targets: ["PickerTUI"]),
        .executable(name: "picker-docs", targets: ["PickerDocs"]),
        .library(name: "PickerKit", targets: ["PickerKit"]),
        .executable(name: "picker-bench", targets: ["PickerBench"]),
    ],
    targets: [
        .target(name: "PickerKit", dependencies: ["CCurl", "CCrypto", "CQRencode"]),
        .target(name: "CCurl"),
        .target(name: "CCrypto"),
        .target(name: "CQRencode"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .executableTarget(name: "PickerTUI", dependencies: ["PickerKit", "CNcurses"]),
        .executableTarget(name: "PickerDocs", dependencies: ["PickerKit"]),
        .executableTarget(name: "PickerBench", dependencies: ["PickerKit"]),
        .testTarget(name: "PickerKitTests", dependencies: ["PickerKit"]),
        .testTarget(name: "PickerEndToEndTests", dependencies: ["PickerTUI", "PickerKit", "CNcurses"]),
    ],
    swiftLanguageModes: [.v6]
)
