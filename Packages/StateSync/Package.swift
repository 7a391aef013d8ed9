// swift-tools-version: 6.2
// StateSync: see README.md. Depends on ../StoryInterfaces and on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StateSync",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StateSync", targets: ["StateSync"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces")
    ],
    targets: [
        .target(
            name: "StateSync",
            dependencies: [.product(name: "StoryInterfaces", package: "StoryInterfaces")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StateSyncTests",
            dependencies: [
                "StateSync",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
