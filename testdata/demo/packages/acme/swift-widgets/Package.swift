// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "swift-widgets",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "Widgets", targets: ["Widgets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    ],
    targets: [.target(name: "Widgets", dependencies: [.product(name: "Collections", package: "swift-collections")])]
)
