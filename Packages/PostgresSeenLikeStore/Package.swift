// swift-tools-version: 6.2
// PostgresSeenLikeStore: see README.md. Depends on ../StoryInterfaces and postgres-nio, on no
// other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "PostgresSeenLikeStore",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PostgresSeenLikeStore", targets: ["PostgresSeenLikeStore"]),
        .executable(name: "postgres-writer", targets: ["PostgresWriter"]),
    ],
    dependencies: [
        .package(path: "../StoryInterfaces"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // What postgres-nio builds on already: the connection is made here (TLS, the guard).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // SCRAM-SHA-256 verifiers for `stories admin add-person` (postgres-nio uses it already).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .target(
            name: "PostgresSeenLikeStore",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "PostgresWriter",
            dependencies: [
                "PostgresSeenLikeStore", .product(name: "StoryInterfaces", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PostgresSeenLikeStoreTests",
            dependencies: [
                "PostgresSeenLikeStore",
                "PostgresWriter",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
