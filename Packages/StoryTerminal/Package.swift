// swift-tools-version: 6.2
// StoryTerminal: see README.md. Depends on the base (../StoryInterfaces, ../StoryBase) and the
// pictures service (../../Services/StoryImages), on no other local package.

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
        .package(path: "../../Services/StoryImages"),
        // The questions to tmux (TmuxPassthrough) run through swift-subprocess (FilePath is
        // swift-system's).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // kitty's zlib and the sixel encoders in C; zlib (zlib1g-dev, which libpng-dev brings)
        // is linked by name.
        .target(name: "CTerminalGraphics", linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "StoryTerminal",
            dependencies: [
                "CTerminalGraphics", .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "TerminalProbe", dependencies: ["StoryTerminal"], swiftSettings: strict),
        .testTarget(
            name: "StoryTerminalTests",
            dependencies: [
                "StoryTerminal",
                "TerminalProbe",
                "CTerminalGraphics",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
