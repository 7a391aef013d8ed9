import Testing

/// A resize while a clip plays (a whole frame drawn at each size).
extension VideoInteractiveTests {
    @Test func aResizeWhileAVideoPlaysDrawsItAgainAtEachSize() async throws {
        let run = try await Self.atTheTray()
        let app = run.app
        try await app.send("Enter")
        // Playing, or (a look that came after the 8 s clip) on the image after it, which stays
        // ten minutes: then ← plays the clip again, and the resizes come while it plays.
        var playing = false
        for attempt in 1...3 where !playing {
            let seen = try await app.waitUntil {
                Self.plain($0).contains("▶ 0:0") || Self.plain($0).contains("2/2")
            }
            playing = seen && Self.plain(app.screen).contains("▶ 0:0")
            if seen && !playing {
                print("attempt \(attempt): the clip ended between two looks; ← plays it again")
                try await app.send("Left")
            }
        }
        try #require(playing, "the video plays: \(app.screen)")
        // Resized while it plays, and back: each size's frame is drawn whole and the app goes
        // on (a whole frame once read the previous frame's cells for the video's tolerance and
        // trapped: the app ended with SIGILL at the first resize).
        for (width, height) in [(70, 25), (100, 30), (120, 40)] {
            try await app.resize(width: width, height: height)
            try await LiveThreads.sleep(for: .milliseconds(300))
        }
        try #require(try await app.isRunning(), "the app survives resizes during the clip")
        #expect(
            try await app.waitUntil { Self.plain($0).contains("▶ 0:0") || Self.plain($0).contains("2/2") },
            "drawn again after the resizes: \(app.screen)")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
        _ = run.server
    }
}
