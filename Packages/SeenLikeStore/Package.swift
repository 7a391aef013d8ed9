// swift-tools-version: 6.2
// SeenLikeStore: see README.md. Depends on ../StoryInterfaces and GRDB, on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SeenLikeStore",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SeenLikeStore", targets: ["SeenLikeStore"]),
        .executable(name: "seenlike-writer", targets: ["SeenLikeStoreWriter"]),
    ],
    dependencies: [
        .package(path: "../StoryInterfaces"),
        .package(path: "../StoryBase"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "SeenLikeStore",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "SeenLikeStoreWriter",
            dependencies: ["SeenLikeStore", .product(name: "StoryInterfaces", package: "StoryInterfaces")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SeenLikeStoreTests",
            dependencies: [
                "SeenLikeStore",
                "SeenLikeStoreWriter",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
