// swift-tools-version: 6.2
// VideoDecoding: see README.md. Depends on ../StoryInterfaces (the one rule for what a
// video's bytes are), on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "VideoDecoding",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "VideoDecoding", targets: ["VideoDecoding"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces")
    ],
    targets: [
        .target(
            name: "VideoDecoding",
            dependencies: [.product(name: "StoryInterfaces", package: "StoryInterfaces")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VideoDecodingTests",
            dependencies: [
                "VideoDecoding",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
