// swift-tools-version: 6.2
// StoryImages: see README.md. A service: depends on the base (../../Packages/StoryInterfaces,
// ../../Packages/StoryBase) and on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoryImages",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StoryImages", targets: ["StoryImages"])
    ],
    dependencies: [
        .package(path: "../../Packages/StoryInterfaces"),
        .package(path: "../../Packages/StoryBase"),
    ],
    targets: [
        .systemLibrary(name: "CLibJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLibPNG", providers: [.apt(["libpng-dev"])]),
        // Linked by name, not through pkg-config: pkg-config's `-L/usr/lib/x86_64-linux-gnu`
        // would come first in the link, before the libraries a target names itself.
        .target(
            name: "CImageCodecs",
            dependencies: ["CLibJPEG", "CLibPNG"],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]
        ),
        .target(
            name: "StoryImages",
            dependencies: [
                "CImageCodecs", .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryImagesTests",
            dependencies: [
                "StoryImages",
                "CImageCodecs",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
            ],
            swiftSettings: strict
        ),
    ]
)
