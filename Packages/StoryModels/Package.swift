// swift-tools-version: 6.2
// StoryModels: see README.md. Depends on ../StoryInterfaces and on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoryModels",
    products: [
        .library(name: "StoryModels", targets: ["StoryModels"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces")
    ],
    targets: [
        .target(
            name: "StoryModels",
            dependencies: [.product(name: "StoryInterfaces", package: "StoryInterfaces")],
            resources: [.copy("Resources/samples"), .copy("Resources/videos")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryModelsTests",
            dependencies: [
                "StoryModels",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
