// swift-tools-version: 6.2
// PicsumContent: see README.md. Depends on ../StoryInterfaces and on no other local package.

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "PicsumContent",
    products: [
        .library(name: "PicsumContent", targets: ["PicsumContent"])
    ],
    dependencies: [
        .package(path: "../StoryInterfaces")
    ],
    targets: [
        .target(
            name: "PicsumContent",
            dependencies: [.product(name: "StoryInterfaces", package: "StoryInterfaces")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PicsumContentTests",
            dependencies: [
                "PicsumContent",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
            ],
            swiftSettings: strict
        ),
    ]
)
