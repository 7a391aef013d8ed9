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
        .package(path: "../StoryInterfaces"),
        .package(path: "../StoryBase"),
        // An animated WebP's pictures are fitted by the pictures service's resampler.
        .package(path: "../../Services/StoryImages"),
        // ffmpeg runs as a child process through swift-subprocess (its output and errors read
        // together, inherited descriptors closed in the child); FilePath is swift-system's.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .target(
            name: "VideoDecoding",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VideoDecodingTests",
            dependencies: [
                "VideoDecoding",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
