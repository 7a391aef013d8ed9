// swift-tools-version: 6.2
// StoryBase: the code every package may share that is not a contract: EXIF, media sniffing,
// redaction, stable hashing, the one write loop, threads of one's own for blocking work.
// Platform-neutral; depends on ../StoryInterfaces only (the Picsum author id rule extends its
// `UserID`), and holds no C.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoryBase",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StoryBase", targets: ["StoryBase"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces")
    ],
    targets: [
        .target(
            name: "StoryBase",
            dependencies: [.product(name: "StoryInterfaces", package: "StoryInterfaces")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryBaseTests",
            dependencies: [
                "StoryBase", .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
