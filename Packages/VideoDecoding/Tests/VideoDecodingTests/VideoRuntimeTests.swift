import Foundation
import StoryInterfaces
import Synchronization
import Testing
import VideoDecoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The video role's live implementation: what the viewer asks of it (prepare, first picture,
/// play, pause, stop, failures) with real clips and `ffmpeg`.
@Suite("The video role with ffmpeg", .serialized, .timeLimit(.minutes(10)))
struct VideoRuntimeTests {
    static let box = VideoBox(width: 80, height: 60, frameRate: 10)

    /// A runtime whose clips are local files; a download is refused (and recorded).
    static func runtime(
        decoder: FFmpegVideoDecoder = Clips.decoder,
        download: @escaping @Sendable (URL, ImagePriority) async throws -> Data = { url, _ in
            Issue.record("unexpected download of \(url)")
            throw CancellationError()
        },
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> VideoRuntime {
        VideoRuntime(
            decoder: decoder, locate: { $0.isFileURL ? $0 : nil }, download: download, environment: environment)
    }

    /// Events a playback sent, and a wait for its end.
    final class Events: Sendable {
        let received = Mutex<[VideoPlaybackEvent]>([])
        var handler: @Sendable (VideoPlaybackEvent) -> Void { { event in self.received.withLock { $0.append(event) } } }
        var frames: [VideoPicture] {
            received.withLock { $0.compactMap { if case .frame(let picture) = $0 { picture } else { nil } } }
        }
        /// The last event once it is an end (ended, failed, stopped), waiting up to `limit`.
        func end(within limit: Duration = .seconds(60)) async -> VideoPlaybackEvent? {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if let last = received.withLock({ $0.last }) {
                    switch last {
                    case .frame: break
                    default: return last
                    }
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return nil
        }
    }

    @Test func aClipIsPreparedToItsFirstPictureThenPlaysFromItToItsEnd() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("clip.mp4", codec: Clips.h264, seconds: 1)
        let runtime = Self.runtime()
        defer { runtime.shutDown() }
        let prepared = try await runtime.prepare("a-0", clip: clip, box: Self.box, priority: .high)
        guard case .video(let video, let first) = prepared else {
            Issue.record("not a video: \(prepared)")
            return
        }
        #expect(video.file == clip && video.box == Self.box)
        // Fitted into the box, aspect kept (160×90 → 80×45), the first at 0.
        #expect(first.width == 80 && first.height == 45 && first.pixels.count == 80 * 45 * 3 && first.time == .zero)
        let events = Events()
        runtime.play("a-0", video, events: events.handler)
        let end = await events.end()
        guard case .ended(let statistics)? = end else {
            Issue.record("the playback did not end: \(String(describing: end))")
            return
        }
        // The held decoder went on from its first picture: the rest of a 1 s clip at 10 a second.
        let frames = events.frames
        #expect(frames.count >= 8 && frames.count <= 10, "\(frames.count) pictures")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(statistics.shown == frames.count)
    }

    @Test func stoppingAPlaybackSaysStoppedAndAnotherPlayStopsTheOneBefore() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("long.mp4", codec: Clips.h264, seconds: 20)
        let runtime = Self.runtime()
        defer { runtime.shutDown() }
        guard case .video(let video, _) = try await runtime.prepare("a-0", clip: clip, box: Self.box, priority: .high)
        else {
            Issue.record("not a video")
            return
        }
        let first = Events()
        runtime.play("a-0", video, events: first.handler)
        let second = Events()
        runtime.play("a-0", video, events: second.handler)  // a revisit: a decoder of its own
        guard case .stopped? = await first.end() else {
            Issue.record("the first playback was not stopped")
            return
        }
        runtime.pause()
        runtime.resume()
        runtime.stop()
        guard case .stopped? = await second.end() else {
            Issue.record("the second playback was not stopped")
            return
        }
    }

    @Test func aStillPictureCalledAClipIsAPictureAndADamagedClipAFailureInASentence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VideoRuntimeTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let still = folder.appendingPathComponent("still.mp4")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]).write(to: still)
        let runtime = Self.runtime()
        defer { runtime.shutDown() }
        let picture = try await runtime.prepare("a-0", clip: still, box: Self.box, priority: .high)
        guard case .picture(let file) = picture else {
            Issue.record("a JPEG was not a picture: \(picture)")
            return
        }
        #expect(file == still)
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let damaged = folder.appendingPathComponent("damaged.mp4")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: damaged)
        await #expect(throws: VideoFailure.self) {
            _ = try await runtime.prepare("a-1", clip: damaged, box: Self.box, priority: .high)
        }
        let missing = folder.appendingPathComponent("missing.mp4")
        await #expect(throws: VideoFailure.self) {
            _ = try await runtime.prepare("a-2", clip: missing, box: Self.box, priority: .high)
        }
    }

    @Test func withoutFFmpegAClipIsUnavailableWithWhatToInstall() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VideoRuntimeTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("clip.mp4")
        try Data([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6D, 0x70, 0x34, 0x32, 0, 0, 0, 0]).write(to: file)
        let runtime = Self.runtime(decoder: FFmpegVideoDecoder(environment: ["PATH": folder.path]))
        defer { runtime.shutDown() }
        let prepared = try await runtime.prepare("a-0", clip: file, box: Self.box, priority: .high)
        guard case .unavailable(let sentence) = prepared else {
            Issue.record("not unavailable: \(prepared)")
            return
        }
        #expect(sentence.contains("ffmpeg"), "\(sentence)")
    }

    @Test func aDownloadedClipIsKeptInAPrivateFolderRemovedAtTheEnd() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("clip.mp4", codec: Clips.h264, seconds: 1)
        let bytes = try Data(contentsOf: clip)
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("VideoRuntimeTests-\(UUID())")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let downloads = Mutex(0)
        let runtime = Self.runtime(
            download: { _, _ in
                downloads.withLock { $0 += 1 }
                return bytes
            },
            environment: ["TMPDIR": parent.path, "XDG_RUNTIME_DIR": parent.path])
        let url = URL(string: "http://127.0.0.1:9/clips/a.mp4")!
        guard case .video(let video, _) = try await runtime.prepare("a-0", clip: url, box: Self.box, priority: .low)
        else {
            Issue.record("not a video")
            return
        }
        #expect(video.file.path.hasPrefix(parent.path))
        var status = stat()
        #expect(lstat(video.file.deletingLastPathComponent().path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700, "the folder is \(String(status.st_mode & 0o777, radix: 8))")
        #expect(lstat(video.file.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        // A second preparation of the same clip uses the file already written.
        _ = try await runtime.prepare("a-0", clip: url, box: Self.box, priority: .high)
        #expect(downloads.withLock { $0 } == 1)
        runtime.shutDown()
        #expect(!FileManager.default.fileExists(atPath: video.file.deletingLastPathComponent().path))
    }
}
