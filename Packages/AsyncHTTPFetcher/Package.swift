// swift-tools-version: 6.2
// AsyncHTTPFetcher: see README.md. Depends on ../StoryInterfaces and AsyncHTTPClient (SwiftNIO),
// on no other local package. Only the composition root links it, so the other packages stay
// embeddable in an iOS app without SwiftNIO.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "AsyncHTTPFetcher",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AsyncHTTPFetcher", targets: ["AsyncHTTPFetcher"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        .target(
            name: "AsyncHTTPFetcher",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AsyncHTTPFetcherTests",
            dependencies: [
                "AsyncHTTPFetcher",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
