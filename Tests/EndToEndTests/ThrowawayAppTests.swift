import Foundation
import Testing

/// Another team's app takes two modules of this repository and nothing else: a package in a
/// temporary folder depends on a git copy of this working tree by URL (SwiftPM refuses a
/// `path:` dependency inside a package fetched by URL, which is what made the modules
/// unusable outside the repository), picks the `StoryNavigation` and `FeedPaging` products,
/// builds and runs. The copy's outside packages resolve as this build's do (the machine's
/// git configuration or SwiftPM mirrors).
@Suite("An app outside the repository uses two modules alone", .serialized, .timeLimit(.minutes(10)))
struct ThrowawayAppTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "ThrowawayApp",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(url: "REPOSITORY", branch: "main")],
            targets: [
                .executableTarget(
                    name: "ThrowawayApp",
                    dependencies: [
                        .product(name: "StoryInterfaces", package: "stories"),
                        .product(name: "StoryNavigation", package: "stories"),
                        .product(name: "FeedPaging", package: "stories"),
                    ]
                )
            ]
        )
        """

    /// Five users of two pictures each, two users a page; the app pages through them and walks
    /// the viewer from the first item past the last.
    static let program = """
        import FeedPaging
        import Foundation
        import StoryInterfaces
        import StoryNavigation

        struct Users: PageFetching {
            func fetch(_ request: PageRequest) async throws -> Page<Story> {
                let start = (request.page - 1) * request.limit
                let stories = (start..<min(5, start + request.limit)).map { index in
                    let user = UserID("u\\(index)")
                    return Story(
                        user: StoryUser(id: user, name: "User \\(index)"),
                        items: (0..<2).map { item in
                            StoryItem(
                                id: StoryItemID("u\\(index)-\\(item)"), userID: user,
                                media: .image(URL(fileURLWithPath: "/pictures/\\(index)-\\(item).jpg")))
                        })
                }
                return Page(request: request, elements: stories, nextPage: start + request.limit < 5 ? request.page + 1 : nil)
            }
        }

        let feed = FeedPaginator(
            source: Users(), configuration: try FeedPagingConfiguration(pageSize: 2, prefetchDistance: 1, wrap: false),
            id: { $0.id })
        await feed.start()
        var position = 0
        while position < (await feed.snapshot().entries.count) {
            await feed.didShow(position: position)
            position += 1
        }
        let stories = await feed.snapshot().entries.map(\\.element)
        var (viewer, events) = StoryViewer.open(stories, at: 0, configuration: try ViewerConfiguration())
        var shown: [String] = []
        while viewer.position != nil, shown.count < 20 {
            for case .itemShown(_, let item, _, _) in events { shown.append(item.rawValue) }
            guard case .itemShown(_, let item, _, _)? = events.first(where: { if case .itemShown = $0 { true } else { false } })
            else { break }
            events = viewer.apply(.mediaReady(item))
            events += viewer.apply(.tick(.seconds(5)))
            if events.contains(.closed) { break }
        }
        print("users \\(stories.count) shown \\(shown.joined(separator: ",")) seen \\(viewer.seen.count)")
        """

    @Test func anAppPicksStoryNavigationAndFeedPagingByURLAndRuns() async throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // its build is a few GB
        let repository = folder + "/stories"
        let app = folder + "/app"
        try FileManager.default.createDirectory(
            atPath: app + "/Sources/ThrowawayApp", withIntermediateDirectories: true)
        try Self.manifest.replacingOccurrences(of: "REPOSITORY", with: "file://" + repository)
            .write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try Self.program.write(toFile: app + "/Sources/ThrowawayApp/main.swift", atomically: true, encoding: .utf8)
        // The working tree as it is (committed or not, build folders left out), as a repository.
        let script = """
            set -e
            mkdir -p "$REPO"
            git -C "$ROOT" ls-files -z --cached --others --exclude-standard \
                | (cd "$ROOT" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\\0" "$f"; done' sh) \
                | tar -C "$ROOT" --null -T - -cf - | tar -C "$REPO" -xf -
            cd "$REPO"
            git init -q -b main
            git add -A
            git -c user.name=test -c user.email=test@example.com commit -q -m copy
            cd "$APP"
            swift build --scratch-path "$APP/.build" 2>&1 | tail -20
            "$(swift build --scratch-path "$APP/.build" --show-bin-path)/ThrowawayApp"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["ROOT"] = Self.root
        environment["REPO"] = repository
        environment["APP"] = app
        let result = try await StoriesProcess.execute("/bin/sh", ["-c", script], environment: environment)
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("users 5 shown u0-0,u0-1,u1-0,u1-1,u2-0,u2-1,u3-0,u3-1,u4-0,u4-1 seen 10"),
            "\(result.stdout)")
        // Only what the two products need was compiled (SwiftPM makes every module's folder; an
        // object file says it was compiled): theirs and StoryInterfaces.
        let built = try FileManager.default.contentsOfDirectory(atPath: app + "/.build/debug")
            .filter { $0.hasSuffix(".build") }
            .filter { module in
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: app + "/.build/debug/" + module)) ?? []
                return files.contains { $0.hasSuffix(".o") }
            }
        #expect(
            Set(built) == [
                "StoryInterfaces.build", "StoryNavigation.build", "FeedPaging.build",
                "ThrowawayApp.build",
            ],
            "the app compiled \(built.sorted())")
    }
}
