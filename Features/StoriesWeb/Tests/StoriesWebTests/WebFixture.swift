import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoriesWeb
import StoryImages
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import StoryNavigation
import Synchronization
import Testing

/// A store in memory for the web's tests (the real stores have suites of their own).
final class MemoryStore: SeenLikeStoring, StateVersioned {
    struct State {
        var version = 0
        var seen: [StoryItemID: (UserID, Int)] = [:]
        var liked: Set<StoryItemID> = []
        var muted: Set<UserID> = []
    }
    let state = Mutex(State())

    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        state.withLock {
            $0.seen[item] = (user, index)
            $0.version += 1
        }
    }
    func markSeen(_ marks: [SeenMark]) async throws {
        state.withLock { state in
            for mark in marks { state.seen[mark.item] = (mark.user, mark.index) }
            state.version += 1
        }
    }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
        state.withLock { state in
            if liked { state.liked.insert(item) } else { state.liked.remove(item) }
            state.version += 1
        }
    }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        state.withLock { $0.liked.intersection(items) }
    }
    func setMuted(_ user: UserID, _ muted: Bool) async throws {
        state.withLock { state in
            if muted { state.muted.insert(user) } else { state.muted.remove(user) }
            state.version += 1
        }
    }
    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        state.withLock { state in
            Dictionary(
                uniqueKeysWithValues: users.map { user in
                    var progress = UserProgress(userID: user, isMuted: state.muted.contains(user))
                    for (item, (owner, index)) in state.seen where owner == user {
                        progress.recordSeen(item, index: index)
                    }
                    return (user, progress)
                })
        }
    }
    func summary() async throws -> SeenLikeSummary {
        state.withLock { state in
            SeenLikeSummary(
                seenItemIDs: state.seen.keys.sorted(), likedItemIDs: state.liked.sorted(), users: [],
                mutedUserIDs: state.muted.sorted())
        }
    }
    func reset(_ scope: ResetScope) async throws {}
    func stateVersion() async throws -> Int { state.withLock { $0.version } }
}

/// Three users — one with markup in its name and caption, one with a clip — and a store.
struct WebFixture {
    static let hostileName = #"<script>alert("x")</script> & 'Eve'"#
    let store = MemoryStore()
    let clip: URL
    let stories: [Story]

    /// Whether today's memories lead the tray (``WebContent/memories``).
    var withMemories = false
    /// Users a tray page (the source pages by it too).
    var pageSize = 20
    /// The gallery's photos.
    var photos: [Photo] = []

    init(extra: [Story] = [], withMemories: Bool = false) throws {
        self.withMemories = withMemories
        clip = FileManager.default.temporaryDirectory.appendingPathComponent("web-clip-\(UUID().uuidString).mp4")
        try Data((0..<1000).map { UInt8($0 % 251) }).write(to: clip)
        let picture = URL(string: "https://example.com/a.jpg")!
        stories =
            [
                Story(
                    user: StoryUser(id: "ada", name: "Ada Lovelace"),
                    items: (0..<3).map {
                        StoryItem(id: StoryItemID("ada-\($0)"), userID: "ada", media: .image(picture))
                    }),
                Story(
                    user: StoryUser(id: "eve/..", name: Self.hostileName),
                    items: [
                        StoryItem(
                            id: "eve-0", userID: "eve/..", media: .image(picture),
                            caption: "</script><img src=x onerror=alert(1)>", link: URL(string: "javascript:alert(1)")),
                        StoryItem(
                            id: "eve-1", userID: "eve/..", media: .image(picture),
                            link: URL(string: "https://example.com/?q=\"x\"")),
                    ]),
                Story(
                    user: StoryUser(id: "kai", name: "Kai"),
                    items: [
                        StoryItem(
                            id: "kai-0", userID: "kai", media: .video(clip, duration: .seconds(4), poster: nil))
                    ]),
            ] + extra
    }

    /// How many pictures the source was asked for, and what the picture cache holds.
    let counts = Counts()
    /// A real 1600 × 900 JPEG (a gradient).
    static let jpeg: Data = {
        var pixels = [UInt8](repeating: 128, count: 1600 * 900 * 3)
        for y in 0..<900 {
            for x in 0..<1600 {
                pixels[(y * 1600 + x) * 3] = UInt8(x * 255 / 1600)
                pixels[(y * 1600 + x) * 3 + 1] = UInt8(y * 255 / 900)
            }
        }
        return JPEGEncoder.encode(RGBImage(width: 1600, height: 900, pixels: pixels), quality: 80)!
    }()

    func content() -> WebContent {
        let stories = stories
        let photos = photos
        let jpeg = Self.jpeg
        let counts = counts
        let content = TestStoryContent(
            onStories: { request in
                let slice = Array(stories.dropFirst(request.offset).prefix(request.limit))
                let more = request.offset + request.limit < stories.count
                return Page(request: request, elements: slice, nextPage: more ? request.page + 1 : nil)
            },
            onStory: { user in
                guard let story = stories.first(where: { $0.user.id == user }) else {
                    throw StoryContentError.unknownUser(user)
                }
                return story
            })
        var web = WebContent(
            stories: content,
            photos: TestPhotoCatalog(
                onPhotos: { [photos] in Page(request: $0, elements: photos, nextPage: nil) },
                onPhoto: { [photos] id in
                    guard let photo = photos.first(where: { $0.id == id }) else {
                        throw PhotoCatalogError.unknownPhoto(id)
                    }
                    return photo
                }),
            images: { _ in
                counts.loads.withLock { $0 += 1 }
                return jpeg
            },
            clipFile: { $0.isFileURL ? $0 : nil }, store: store, pageSize: pageSize,
            viewer: try! ViewerConfiguration(imageDuration: .seconds(5)),
            pictureCache: WebPictureCache(
                load: { key in counts.kept.withLock { $0[key] } },
                store: { data, key in counts.kept.withLock { $0[key] = data } }))
        if withMemories { web.memories = MemoriesContent(content, memories: Memories(of: Date())) }
        return web
    }

    /// Runs `body` against the routes, as 127.0.0.1:8080 (or `options`), with the session the
    /// printed link opens (`paired: false`: none).
    func test(
        _ options: StoriesWebServer.Options = .init(), paired: Bool = true,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let server = StoriesWebServer(content: content(), options: options)
        let app = Application(router: server.router(port: { 8080 }))
        try await app.test(.router) { client in
            guard paired, let path = options.pairing.path else { return try await body(client) }
            let cookie = try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .seeOther)
                return String((response.headers[.setCookie] ?? "").prefix { $0 != ";" })
            }
            try await body(SessionClient(base: client, cookie: cookie))
        }
    }
}

/// A test client whose every request carries a session cookie (unless it sets its own).
struct SessionClient: TestClientProtocol {
    let base: any TestClientProtocol
    let cookie: String

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    {
        var headers = headers
        if headers[.cookie] == nil { headers[.cookie] = cookie }
        return try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
    }

    var port: Int? { base.port }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// What the fixture's source and picture cache saw.
final class Counts: Sendable {
    let loads = Mutex(0)
    let kept = Mutex<[URL: Data]>([:])
}
