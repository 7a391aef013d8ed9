import AsyncHTTPFetcher
import Foundation
import ImageCaching
@_spi(Testing) import PicsumContent
import StoriesComposition
import StoryInterfaces
import StoryModels
import Testing

/// The live HTTP client, one for the test process as for `stories`.
let liveFetcher = AsyncHTTPClientFetcher()

/// The live client and content source against picsum-stub on 127.0.0.1: never the internet.
@Suite("Picsum client against picsum-stub", .serialized, .timeLimit(.minutes(10)))
struct PicsumStubTests {
    /// The deadline of requests whose test is not about deadlines: two minutes (5 s was missed
    /// by a hundred waiters' one download with both cores busy).
    static let patient: Duration = .seconds(120)

    static func client(
        _ stub: PicsumStubProcess, timeout: Duration = Self.patient, retries: Int = 2, sleeps: Recorder? = nil
    ) -> PicsumClient {
        PicsumClient(
            configuration: PicsumConfiguration(
                baseURL: stub.baseURL, timeout: timeout, retries: retries),
            http: liveFetcher, sleep: { wait in await sleeps?.record(wait) })
    }

    @Test func theStubServesTheBundledClipsForDocuments() async throws {
        let stub = try await PicsumStubProcess()
        func get(_ path: String) async throws -> HTTPFetchResponse {
            try await liveFetcher.fetch(
                HTTPFetchRequest(
                    url: stub.baseURL.appendingPathComponent(path), maximumBytes: 8 << 20, deadline: .seconds(10)))
        }
        let clip = try await get("videos/rocket-zoom.mp4")
        #expect(clip.status == 200 && clip.headers["content-type"] == "video/mp4")
        let file = try #require(BundledCatalog.videoFile(for: URL(string: "bundled://videos/rocket-zoom.mp4")!))
        #expect(clip.body == (try Data(contentsOf: file)))
        #expect(try await get("videos/chelsea-zoom.webm").headers["content-type"] == "video/webm")
        #expect(try await get("videos/none.mp4").status == 404)
    }

    @Test func theWholeListPagesWithPicsumsQuirks() async throws {
        let stub = try await PicsumStubProcess()
        let client = Self.client(stub)
        var request = try PageRequest(page: 1, limit: 30)
        var ids: [PhotoID] = []
        var pages = 0
        while true {
            let page = try await client.list(request)
            pages += 1
            ids += page.elements.map(\.id)
            guard let next = page.nextPage else { break }
            request = try PageRequest(page: next, limit: 30)
        }
        #expect(ids.count == 240 && Set(ids).count == 240)
        #expect(pages == 9, "8 full pages, then the empty page a full last page links to")
        #expect(!ids.contains("7"), "ids have gaps")
        let info = try await client.info(id: ids[3])
        #expect(info.id == ids[3])
    }

    @Test func imagesFollowTheRedirectAndAreJPEGsOfTheAskedSize() async throws {
        let stub = try await PicsumStubProcess()
        let client = Self.client(stub)
        let data = try await client.imageData(client.endpoints.image(id: "0", width: 120, height: 80))
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        let seeded = try await client.imageData(
            client.endpoints.image(seed: "neo", width: 50, height: 50, options: .init(grayscale: true)))
        #expect(seeded.starts(with: [0xFF, 0xD8, 0xFF]))
        await #expect(throws: PicsumError.http(status: 404, message: "Image does not exist")) {
            try await client.imageData(client.endpoints.image(id: "99999", width: 10, height: 10))
        }
    }

    @Test func authorsBecomeUsersOnceAndCompleteAcrossPages() async throws {
        let stub = try await PicsumStubProcess()
        // The content source exactly as `stories` composes it for content.source = picsum.
        let root = try CompositionRoot.load(
            flags: ["content.source": "picsum", "picsum.baseURL": stub.baseURL.absoluteString],
            environment: ["HOME": try TemporaryFolder.make()], configFile: nil)
        let content = try await root.makeContent().stories
        var users: [UserID] = []
        var items = 0
        var request = try PageRequest(page: 1, limit: 30)
        while true {
            let page = try await content.stories(request)
            users += page.elements.map(\.user.id)
            items += page.elements.map(\.items.count).reduce(0, +)
            guard let next = page.nextPage else { break }
            request = try PageRequest(page: next, limit: 30)
        }
        #expect(items == 240, "every photo belongs to exactly one story")
        #expect(users.count > 40)
        // Authors reappear in the stub's list (22 names cycle), as runs; no run is split or lost.
        let first = try await content.story(for: users[0])
        #expect(first.items.allSatisfy { $0.userID == users[0] })
    }

    @Test(arguments: ["500", "503"])
    func serverErrorsAreRetriedThenReported(fault: String) async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", fault])
        let sleeps = Recorder()
        await #expect(throws: PicsumError.self) {
            try await Self.client(stub, retries: 2, sleeps: sleeps).list(try PageRequest(page: 1, limit: 30))
        }
        #expect(await sleeps.waits.count == 2)
    }

    @Test func tooManyRequestsWaitsWhatRetryAfterSays() async throws {
        let stub = try await PicsumStubProcess()
        let sleeps = Recorder()
        let client = Self.client(stub, retries: 1, sleeps: sleeps)
        var url = URLComponents(url: client.endpoints.list(page: 1, limit: 5), resolvingAgainstBaseURL: false)!
        url.queryItems! += [URLQueryItem(name: "fault", value: "429")]
        await #expect(throws: PicsumError.http(status: 429, message: "Too Many Requests")) {
            try await client.imageData(url.url!)
        }
        #expect(await sleeps.waits == [.seconds(1)])
    }

    @Test func aBodySlowerThanTheTimeoutIsATimeout() async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", "slow"])
        await #expect(throws: PicsumError.timeout) {
            try await Self.client(stub, timeout: .milliseconds(400), retries: 0).list(
                try PageRequest(page: 1, limit: 30))
        }
    }

    @Test(arguments: ["truncate", "reset", "loop"])
    func brokenTransfersAreTransportErrorsAndNothingPartialIsReturned(fault: String) async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", fault])
        await #expect {
            _ = try await Self.client(stub, retries: 0).imageData(stub.baseURL.appendingPathComponent("id/0/100/100"))
        } throws: { error in
            switch error as? PicsumError {
            case .transport(let detail): return fault != "loop" && detail.contains("cut off")
            case .refused(let detail): return fault == "loop" && detail.hasPrefix("redirect loop")
            default: return false
            }
        }
    }

    @Test func anHTMLPageWithStatus200IsADecodingError() async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", "html"])
        await #expect {
            _ = try await Self.client(stub).list(try PageRequest(page: 1, limit: 30))
        } throws: { error in
            guard case .decoding = error as? PicsumError else { return false }
            return true
        }
    }

    @Test func latencyIsAddedPerRequest() async throws {
        let stub = try await PicsumStubProcess(arguments: ["--latency", "150ms"])
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await Self.client(stub).list(try PageRequest(page: 1, limit: 1))
        #expect(start.duration(to: clock.now) >= .milliseconds(150))
    }

    @Test func storiesRendersAURLFromTheStub() async throws {
        let stub = try await PicsumStubProcess()
        let result = try await StoriesProcess.run(
            [
                "render", stub.baseURL.appendingPathComponent("id/0/400/600").absoluteString, "--width", "20",
                "--height", "15",
            ],
            environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 15)
        let missing = try await StoriesProcess.run([
            "render", stub.baseURL.appendingPathComponent("id/99999/10/10").absoluteString,
        ])
        #expect(missing.status == 65 && missing.stderr.contains("404"))
        let down = try await StoriesProcess.run(["render", "http://127.0.0.1:9/id/0/10/10"])
        #expect(down.status == 69, "\(down.stderr)")
    }
}

actor Recorder {
    private(set) var waits: [Duration] = []
    func record(_ wait: Duration) { waits.append(wait) }
}

@Suite("Image pipeline against picsum-stub", .serialized, .timeLimit(.minutes(10)))
struct ImagePipelineStubTests {
    static func pipeline(_ stub: PicsumStubProcess, folder: String) throws -> ImagePipeline {
        let client = PicsumClient(
            configuration: PicsumConfiguration(
                baseURL: stub.baseURL, timeout: PicsumStubTests.patient, retries: 0), http: liveFetcher)
        return ImagePipeline(
            download: { try await client.imageData($0) }, memory: MemoryImageCache(limit: 64 << 20),
            disk: try DiskImageCache(path: folder, limit: 4 << 20),
            maxConcurrent: 4)
    }

    @Test func aHundredWaitersShareOneDownloadThroughTheRedirect() async throws {
        let stub = try await PicsumStubProcess(arguments: ["--latency", "100ms"])
        let images = try Self.pipeline(stub, folder: try TemporaryFolder.make())
        let url = stub.baseURL.appendingPathComponent("id/10/300/200")
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<100 { group.addTask { try await images.imageData(for: url, priority: .high) } }
            for try await data in group { #expect(data.starts(with: [0xFF, 0xD8, 0xFF])) }
        }
        #expect(await images.downloadCount == 1)
        #expect(images.disk?.data(for: url) != nil, "stored under the picsum URL, not the CDN one")
    }

    @Test(arguments: ["html", "truncate"])
    func badBodiesAreNeverStored(fault: String) async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", fault])
        let images = try Self.pipeline(stub, folder: try TemporaryFolder.make())
        await #expect(throws: (any Error).self) {
            try await images.imageData(for: stub.baseURL.appendingPathComponent("id/1/50/50"), priority: .high)
        }
        #expect(images.disk?.statistics().entries == 0)
        #expect(images.memory.byteCount == 0)
    }
}
