// swift-tools-version: 6.2
// ConfigurationLayers: see README.md. Depends on ../StoryInterfaces and on no other local
// package; swift-configuration (JSON and YAML) and Yams read the layers.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ConfigurationLayers",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ConfigurationLayers", targets: ["ConfigurationLayers"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces"),
        .package(path: "../StoryBase"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "ConfigurationLayers",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConfigurationLayersTests",
            dependencies: ["ConfigurationLayers"],
            swiftSettings: strict
        ),
    ]
)
