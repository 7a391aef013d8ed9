import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import Synchronization
import Testing
import VideoDecoding

/// A clip swapped for a FIFO after the listing, and bursts of decoders: nothing waits on a
/// FIFO, and never more than ``FFmpegVideoDecoder/maximumProcesses`` processes run at once,
/// counted until reaped, whoever asks.
@Suite("Swapped clips and bursts of decoders", .timeLimit(.minutes(10)))
struct SwappedClipsAndBurstsTests {
    /// `body`'s result, or nil when it takes longer than `limit` (it is left running).
    static func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
        let result = Mutex<T?>(nil)
        let task = Task.detached {
            let value = await body()
            result.withLock { $0 = value }
        }
        let start = ContinuousClock.now
        while ContinuousClock.now - start < limit {
            if let value = result.withLock({ $0 }) { return value }
            try? await Task.sleep(for: .milliseconds(20))
        }
        task.cancel()
        return result.withLock { $0 }
    }

    @Test func aClipThatIsAFIFOFailsAtOnceAndNothingWaitsOnIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("clip.mp4")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // Nobody ever writes to it: a blocking open would wait for good. And every slot for a
        // decoder is taken meanwhile, for ten minutes (other clips decoding, their deadlines
        // further still): the FIFO is refused all the same. The looks below wait up to five
        // minutes: far from "at once" for a loaded machine (one took over 5 s), far short of a
        // slot or of for good.
        let decoder = try HostileClipsTests.fakeFFmpeg("printf 'P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0'")
        let far = FFmpegVideoDecoder.Deadlines(firstFrame: .seconds(900), nextFrame: .seconds(900))
        let busy = try HostileClipsTests.fakeFFmpeg("exec sleep 600", deadlines: far)
        let clip = try HostileClipsTests.mp4Head()
        let holding = (0..<FFmpegVideoDecoder.maximumProcesses).map { _ in
            busy.frames(clip, fittingWidth: 2, height: 1, frameRate: 10)
        }
        defer { for frames in holding { frames.stop() } }
        try await Task.sleep(for: .milliseconds(300))
        let decoded = await Self.within(.seconds(300)) {
            await HostileClipsTests.readAll(decoder.frames(fifo, fittingWidth: 2, height: 1, frameRate: 10))
        }
        let result = try #require(decoded, "the decoder waited on the FIFO")
        #expect(result.count == 0)
        guard case .unreadable(let reason)? = result.error else {
            Issue.record("\(String(describing: result.error))")
            return
        }
        #expect(reason.contains("not a regular file"), "\(reason)")
        // The runtime's own look at the file (picture or clip) does not wait either.
        let runtime = VideoRuntime(
            decoder: decoder, locate: { $0 }, download: { _, _ in Data() }, environment: [:])
        let prepared = await Self.within(.seconds(300)) { () -> String in
            do {
                _ = try await runtime.prepare(
                    StoryItemID("fifo"), clip: fifo, box: VideoBox(width: 2, height: 1, frameRate: 10),
                    priority: .high)
                return "prepared"
            } catch { return String(describing: error) }
        }
        #expect(prepared?.contains("not a regular file") == true, "\(prepared ?? "waited on the FIFO")")
        runtime.shutDown()
    }

    @Test func aBurstOfDecodersNeverRunsMoreThanTheCapUntilReaped() async throws {
        // Each decoder takes a while to give its one frame (a clip being opened), as ffmpeg
        // does; 24 asked for at once, as a burst of n/p over clips did (37 ffmpeg ran). Each
        // writes when it starts and ends (other suites' ffmpeg, making clips, run beside).
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("burst-\(UUID())")
        let decoder = try HostileClipsTests.fakeFFmpeg(
            "echo + >> '\(log.path)'; sleep 0.3; printf 'P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0'; echo - >> '\(log.path)'"
        )
        let file = try HostileClipsTests.mp4Head()
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    await HostileClipsTests.readAll(decoder.frames(file, fittingWidth: 2, height: 1, frameRate: 10))
                        .count
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1, count: 24), "every decoder gives its frame in turn")
        var running = 0
        var peak = 0
        for mark in try String(contentsOf: log, encoding: .utf8).split(separator: "\n") {
            running += mark == "+" ? 1 : -1
            peak = max(peak, running)
        }
        #expect(peak <= FFmpegVideoDecoder.maximumProcesses, "peak \(peak)")
        #expect(peak >= 2, "they ran side by side")
        // No bound on how long the burst took: a loaded machine ran it past 60 s. The suite's
        // time limit tells a burst that never ends from a slow one.
    }

    @Test func decodersStoppedWhileTheyWaitForASlotStartNothing() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("starts-\(UUID())")
        let decoder = try HostileClipsTests.fakeFFmpeg("echo start >> '\(log.path)'; sleep 1")
        let file = try HostileClipsTests.mp4Head()
        // Four hold every slot for a second; twenty more are asked for and stopped at once
        // (the moves of a burst that passed their items).
        let holding = (0..<4).map { _ in decoder.frames(file, fittingWidth: 2, height: 1, frameRate: 10) }
        try await Task.sleep(for: .milliseconds(300))
        for _ in 0..<20 { decoder.frames(file, fittingWidth: 2, height: 1, frameRate: 10).stop() }
        for frames in holding { _ = await HostileClipsTests.readAll(frames) }
        try await Task.sleep(for: .milliseconds(300))
        let starts = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").count ?? 0
        #expect(starts <= 4 + 4, "\(starts) started; the stopped ones wait for nothing")
    }
}
