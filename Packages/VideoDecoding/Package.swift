// swift-tools-version: 6.2
// VideoDecoding: see README.md. Depends on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "VideoDecoding",
    products: [
        .library(name: "VideoDecoding", targets: ["VideoDecoding"])
    ],
    targets: [
        .target(name: "VideoDecoding", swiftSettings: strict),
        .testTarget(name: "VideoDecodingTests", dependencies: ["VideoDecoding"], swiftSettings: strict),
    ]
)
