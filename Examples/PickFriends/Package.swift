// swift-tools-version:6.0
import PackageDescription

// A program built on PickerKit, as another package would depend on it.
let package = Package(
    name: "PickFriends",
    dependencies: [.package(name: "picker", path: "../..")],
    targets: [
        .executableTarget(name: "pick-friends", dependencies: [.product(name: "PickerKit", package: "picker")])
    ],
    swiftLanguageModes: [.v6]
)
