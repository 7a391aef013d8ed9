// swift-tools-version: 6.2
// StoriesScreens: the interactive screens (tray, viewer, gallery, help) as Model–Update–View,
// and StoriesRuntime, the loop that runs them over a terminal's values — a feature: it depends on StoryInterfaces and the packages it names, never on another
// feature or the app (ARCHITECTURE.md, "The dependency rule").

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoriesScreens",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StoriesScreens", targets: ["StoriesScreens"]),
        .library(name: "StoriesRuntime", targets: ["StoriesRuntime"]),
    ],
    dependencies: [
        .package(path: "../../Packages/StoryInterfaces"),
        .package(path: "../../Packages/StoryBase"),
        .package(path: "../../Packages/StoryNavigation"),
        .package(path: "../../Packages/StoryTerminal"),
        .package(path: "../../Services/StoryImages"),
        .package(path: "../../Packages/FeedPaging"),
        .package(path: "../../Packages/StoryModels"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "StoriesScreens",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "StoryTerminal", package: "StoryTerminal"),
                .product(name: "StoryImages", package: "StoryImages"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StoriesRuntime",
            dependencies: [
                "StoriesScreens",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "StoryTerminal", package: "StoryTerminal"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "FeedPaging", package: "FeedPaging"),
                .product(name: "StoryModels", package: "StoryModels"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoriesRuntimeTests",
            dependencies: [
                "StoriesRuntime", "StoriesScreens",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
                .product(name: "StoryTerminal", package: "StoryTerminal"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "FeedPaging", package: "FeedPaging"),
                .product(name: "StoryModels", package: "StoryModels"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoriesScreensTests",
            dependencies: [
                "StoriesScreens",
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "StoryTerminal", package: "StoryTerminal"),
                .product(name: "StoryImages", package: "StoryImages"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
    ]
)
