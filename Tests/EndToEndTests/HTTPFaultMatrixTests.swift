import Foundation
import ImageCaching
@_spi(Testing) import PicsumContent
import StoryInterfaces
import Testing

/// The fault matrix: for each picsum-stub fault and a server that accepts and never
/// answers, `stories photos --json` against it ends with the documented exit status and a
/// message that names what happened, within a bound computed from the configuration
/// (timeout × attempts + backoff, plus room for a busy machine), which the test prints with
/// what it measured.
@Suite("HTTP fault matrix", .timeLimit(.minutes(10)))
struct HTTPFaultMatrixTests {
    static let timeout = 2
    static let retries = 1

    /// The bound: every attempt may take the whole timeout, the waits between them are at most
    /// the largest backoff (375 ms for the first retry) or a 1 s `Retry-After`, plus 60 s for the
    /// process itself. It tells ending from hanging, never how fast: starting the process and
    /// its runtime take seconds when both cores are busy (a run beside a build took 12.5 s
    /// against a bound of 11; one with both cores held by `yes` and a release build 25.03 s
    /// against 25), while a hang lasts until the suite's time limit, minutes.
    static var bound: Double { Double(timeout * (retries + 1)) + 1.0 + 60.0 }

    struct Case: CustomTestStringConvertible, Sendable {
        var fault: String
        var status: Int32
        var says: String
        var testDescription: String { fault }
    }

    static let cases: [Case] = [
        Case(fault: "500", status: 69, says: "answered HTTP 500"),
        Case(fault: "503", status: 69, says: "answered HTTP 503"),
        Case(fault: "429", status: 69, says: "answered HTTP 429"),
        Case(fault: "slow", status: 69, says: "did not send a complete answer within network.timeout"),
        Case(fault: "truncate", status: 69, says: "cannot reach"),
        Case(fault: "html", status: 65, says: "unexpected body"),
        Case(fault: "loop", status: 65, says: "redirect loop"),
        Case(fault: "reset", status: 69, says: "cannot reach"),
        Case(fault: "gzipbomb", status: 65, says: "compression bomb"),
        Case(fault: "huge", status: 65, says: "larger than 2097152 bytes"),
        Case(fault: "chunked", status: 65, says: "larger than 2097152 bytes"),
        Case(fault: "drip", status: 69, says: "did not send a complete answer within network.timeout"),
        Case(fault: "retryafter", status: 69, says: "asks to come back in 100000 s"),
        Case(fault: "biglist", status: 65, says: "larger than 2097152 bytes"),
    ]

    static func photos(_ base: String) async throws -> (ProcessResult, Double) {
        let started = ContinuousClock.now
        let result = try await StoriesProcess.run(
            ["photos", "--source", "picsum", "--picsum-url", base, "--json"],
            environment: ["STORIES_NETWORK_TIMEOUT": "\(timeout)s", "STORIES_NETWORK_RETRIES": "\(retries)"])
        let elapsed = ContinuousClock.now - started
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test(arguments: cases)
    func eachFaultEndsWithItsStatusAndMessageWithinTheBound(_ fault: Case) async throws {
        let stub = try await PicsumStubProcess(arguments: ["--fault", fault.fault])
        let (result, seconds) = try await Self.photos(stub.baseURL.absoluteString)
        print(
            "fault \(fault.fault): exit \(result.status) in \(String(format: "%.2f", seconds)) s (bound \(Self.bound) s): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        )
        #expect(result.status == fault.status, "\(result.stderr)")
        #expect(result.stderr.contains(fault.says), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing partial on stdout")
        #expect(seconds <= Self.bound, "\(fault.fault) took \(seconds) s, more than the configuration allows")
    }

    @Test func aServerThatNeverAnswersEndsWithinTheBound() async throws {
        let silent = try SilentServer()
        let (result, seconds) = try await Self.photos(silent.baseURL)
        print("silent server: exit \(result.status) in \(String(format: "%.2f", seconds)) s (bound \(Self.bound) s)")
        #expect(
            result.status == 69 && result.stderr.contains("did not send a complete answer within network.timeout"),
            "\(result.stderr)")
        #expect(seconds <= Self.bound)
    }

    /// 200 image requests, each meeting a fault, through the image pipeline with its disk
    /// cache: every one ends with an error, none hangs, nothing is left in the cache.
    @Test func twoHundredFaultedRequestsNeverHangAndLeaveNothingPartial() async throws {
        let stub = try await PicsumStubProcess()
        let folder = try TemporaryFolder.make()
        let client = PicsumClient(
            configuration: PicsumConfiguration(baseURL: stub.baseURL, timeout: .seconds(1), retries: 0),
            http: liveFetcher)
        let images = ImagePipeline(
            download: { try await client.imageData($0) },
            memory: MemoryImageCache(limit: 64 << 20), disk: try DiskImageCache(path: folder, limit: 64 << 20),
            maxConcurrent: 4)
        let faults = [
            "500", "503", "429", "truncate", "html", "loop", "reset", "gzipbomb", "huge", "chunked", "retryafter",
            "slow", "drip",
        ]
        let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                var url = URLComponents(
                    url: stub.baseURL.appendingPathComponent("id/\(index % 50)/\(60 + index)/80"),
                    resolvingAgainstBaseURL: false)!
                url.queryItems = [URLQueryItem(name: "fault", value: faults[index % faults.count])]
                let target = url.url!
                group.addTask {
                    do {
                        _ = try await images.imageData(for: target, priority: .high)
                        return false
                    } catch {
                        return true
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 200)
        #expect(images.disk?.statistics().entries == 0)
        #expect(images.memory.byteCount == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0 != ".lock" && $0 != DiskImageCache.marker
        }
        #expect(left.isEmpty, "\(left)")
    }
}
