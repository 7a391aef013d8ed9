// swift-tools-version: 6.2
// StoryTerminal: see README.md. Depends on ../StoryInterfaces and on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoryTerminal",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StoryTerminal", targets: ["StoryTerminal"]),
        .executable(name: "terminal-probe", targets: ["TerminalProbe"]),
    ],
    dependencies: [
        .package(path: "../StoryInterfaces"),
        .package(path: "../StoryBase"),
    ],
    targets: [
        .systemLibrary(name: "CLibJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLibPNG", providers: [.apt(["libpng-dev"])]),
        // Linked by name, not through pkg-config: pkg-config's `-L/usr/lib/x86_64-linux-gnu`
        // would come first in the link, before the libraries a target names itself.
        .target(
            name: "CImageCodecs",
            dependencies: ["CLibJPEG", "CLibPNG"],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(
            name: "StoryTerminal",
            dependencies: [
                "CImageCodecs", .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "TerminalProbe", dependencies: ["StoryTerminal"], swiftSettings: strict),
        .testTarget(
            name: "StoryTerminalTests",
            dependencies: [
                "StoryTerminal",
                "TerminalProbe",
                "CImageCodecs",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
