// swift-tools-version: 6.2
// StoryInterfaces: the contracts every other Stories package implements. No dependencies.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoryInterfaces",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StoryInterfaces", targets: ["StoryInterfaces"]),
        .library(name: "StoryInterfacesTestSupport", targets: ["StoryInterfacesTestSupport"]),
    ],
    targets: [
        .target(name: "StoryInterfaces", swiftSettings: strict),
        .target(
            name: "StoryInterfacesTestSupport",
            dependencies: ["StoryInterfaces"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryInterfacesTests",
            dependencies: ["StoryInterfaces", "StoryInterfacesTestSupport"],
            swiftSettings: strict
        ),
    ]
)
