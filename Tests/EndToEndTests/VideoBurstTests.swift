import Foundation
import StoryInterfacesTestSupport
import Testing
import VideoDecoding

/// A burst of moves over a story of clips, in tmux: never more than the decoder cap of ffmpeg
/// at once, descriptors bounded, and the app lives with a small descriptor limit (it once ran
/// 37 ffmpeg and died in swift-subprocess at `ulimit -n 1024`).
@Suite(
    "A burst of moves over clips", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct VideoBurstTests {
    @Test func aHundredThousandMovesOverClipsKeepTheDecoderCapAndTheApp() async throws {
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let home = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: home + "/tmp", withIntermediateDirectories: true)
        let server = try await PicsumStubProcess()
        let base = server.baseURL.absoluteString
        let clips = ["hubble-drift.mp4", "coffee-pan.mp4", "rocket-zoom.mp4", "chelsea-zoom.webm", "slideshow-90s.mp4"]
        let snaps = clips.map { #"{"media_type":"video","media_url":"\#(base)/videos/\#($0)","duration":8.0}"# }
        let users = (0..<2).map { user in
            #"{"id":"\#(user)","user":{"username":"clips\#(user)"},"snaps":[\#(snaps.joined(separator: ","))]}"#
        }
        let file = home + "/stories.json"
        try TemporaryFolder.write(#"{"data":[\#(users.joined(separator: ","))]}"#, to: file)
        // A descriptor limit of 256: the old burst held up to 3,076.
        let command =
            "ulimit -n 256; exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source file --stories-file \(InteractiveTests.quoted(file)) --store memory"
        let app = try await TmuxSession(
            command, environment: ["HOME": home, "TMPDIR": home + "/tmp", "STORIES_NETWORK_RETRIES": "0"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("/5"), "the viewer (its first clip may be over): \(app.screen)")
        let pid = try #require(try await app.panePID())
        let paste = FileManager.default.temporaryDirectory.appendingPathComponent("moves-\(UUID())")
        try Data(String(repeating: "nnnnpppp", count: 12_500).utf8).write(to: paste)
        try await app.tmux(["load-buffer", "-b", "moves", paste.path])
        var (decoders, descriptors) = (0, 0)
        let start = ContinuousClock.now
        try await app.tmux(["paste-buffer", "-b", "moves", "-t", app.name])
        while ContinuousClock.now - start < .seconds(20) {
            decoders = max(decoders, ProcessProbe.children(of: pid, named: "ffmpeg").count)
            descriptors = max(descriptors, ProcessProbe.openDescriptors(pid) ?? 0)
            try await LiveThreads.sleep(for: .milliseconds(10))
        }
        print("100,000 moves over clips: at most \(decoders) ffmpeg and \(descriptors) descriptors at once")
        #expect(decoders <= FFmpegVideoDecoder.maximumProcesses, "\(decoders) ffmpeg at once")
        #expect(descriptors < 200, "\(descriptors) descriptors")
        #expect(app.screen.contains("/5"), "the viewer is still there: \(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitForExit(), "\(app.screen)")
        #expect(ProcessProbe.children(of: pid, named: "ffmpeg").isEmpty)
        _ = server
    }
}
