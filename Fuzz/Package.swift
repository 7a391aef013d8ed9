// swift-tools-version:5.3
// Fuzz targets for the parsers of outside data (QUALITY.md). Built and run by Scripts/fuzz with
// libFuzzer (-sanitize=fuzzer,address); not part of the root build or CI.
//
// Tools version 5.3 on purpose: its executable targets keep the plain `main` symbol, which
// -parse-as-library drops so that libFuzzer's own `main` drives LLVMFuzzerTestOneInput (newer
// tools versions rename the entry point and the link fails).

import PackageDescription

let package = Package(
    name: "StoriesFuzz",
    dependencies: [
        .package(path: "../Packages/StoryModels"),
        .package(path: "../Packages/StoryTerminal"),
        .package(path: "../Services/StoryImages"),
    ],
    targets: [
        .target(name: "FuzzCommon", dependencies: ["StoryModels"]),
        .target(name: "FuzzUsersPages", dependencies: ["FuzzCommon"]),
        .target(name: "FuzzSnaps", dependencies: ["FuzzCommon"]),
        .target(name: "FuzzPicsumList", dependencies: ["FuzzCommon"]),
        .target(name: "FuzzInputDecoder", dependencies: ["StoryTerminal"]),
        .target(name: "FuzzImageDecoder", dependencies: ["StoryTerminal", "StoryImages"]),
        .target(name: "FuzzTerminalText", dependencies: ["StoryTerminal"]),
    ]
)
