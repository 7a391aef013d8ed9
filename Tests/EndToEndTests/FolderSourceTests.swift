import Foundation
import Testing

/// The folder source as a user meets it: `stories ~/Pictures/trip` or
/// `--source folder --folder PATH`, each subfolder a user, seen state kept as for any source,
/// the gallery of every picture, and the viewer drawing a photo from the disk.
@Suite("Your own pictures as stories — as processes", .onLiveThreads, .timeLimit(.minutes(10)))
struct FolderSourceTests {
    static let samples = repositoryRoot + "/Packages/StoryModels/Sources/StoryModels/Resources/samples"

    /// `home/trip` with two subfolders of real photos and a text file.
    static func trip(in home: String) throws -> String {
        let trip = home + "/trip"
        for (folder, photos) in [
            ("Lisbon", ["astronaut-portrait", "hopper-portrait"]), ("Porto", ["chelsea-landscape"]),
        ] {
            try FileManager.default.createDirectory(atPath: trip + "/" + folder, withIntermediateDirectories: true)
            for photo in photos {
                let source = Self.samples + "/" + photo + ".jpg"
                guard FileManager.default.fileExists(atPath: source) else { continue }
                try FileManager.default.copyItem(atPath: source, toPath: "\(trip)/\(folder)/\(photo).jpg")
            }
        }
        try TemporaryFolder.write("a list", to: trip + "/Lisbon/packing.txt")
        return trip
    }

    @Test func aFolderIsATrayWhoseSeenStateIsKept() async throws {
        let home = try TemporaryFolder.make()
        let trip = try Self.trip(in: home)
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.samples)
        try #require(
            samples.contains("astronaut-portrait.jpg") && samples.contains("chelsea-landscape.jpg"), "\(samples)")
        let tray = try await StoriesProcess.run(["tray", "--json", "--source", "folder", "--folder", trip], home: home)
        #expect(tray.status == 0, "\(tray.stderr)")
        #expect(tray.stdout.contains(#""id":"Lisbon""#) && tray.stdout.contains(#""items":2"#), "\(tray.stdout)")
        #expect(tray.stdout.contains(#""source":"folder""#))
        // Seen state is kept as for any source: in the SQLite store of this home.
        let seen = try await StoriesProcess.run(
            ["seen", "Lisbon/astronaut-portrait.jpg", "--source", "folder", "--folder", trip], home: home)
        #expect(seen.status == 0, "\(seen.stderr)")
        // `stories PATH` without a terminal prints the tray of that folder.
        let bare = try await StoriesProcess.run([trip], home: home)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.contains("Lisbon  1/2 seen") && bare.stdout.contains("Porto  0/1 seen"), "\(bare.stdout)")
        // The gallery: every picture.
        let photos = try await StoriesProcess.run(
            ["photos", "--json", "--source", "folder", "--folder", trip], home: home)
        #expect(photos.stdout.components(separatedBy: #""id":"#).count == 4, "\(photos.stdout)")
        // A file, or no folder given: exit 78 naming the key.
        let file = try await StoriesProcess.run(
            ["tray", "--source", "folder", "--folder", trip + "/Lisbon/packing.txt"], home: home)
        #expect(file.status == 78 && file.stderr.contains("not a folder"), "\(file.stderr)")
        let typo = try await StoriesProcess.run([trip + "-typo"], home: home)
        #expect(typo.status == 64 && typo.stderr.contains("no such folder: \(trip)-typo"), "\(typo.stderr)")
        let none = try await StoriesProcess.run(["tray", "--source", "folder"], home: home)
        #expect(none.status == 78 && none.stderr.contains("content.folder"), "\(none.stderr)")
    }

    @Test func theViewerDrawsAPhotoFromTheDisk() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        let home = try TemporaryFolder.make()
        let trip = try Self.trip(in: home)
        let app = try await TmuxSession(
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) \(InteractiveTests.quoted(trip)) --store memory",
            // An item stays 60 s: a test whose task waits its turn on a busy pool still sees it
            // (at 5 s, the viewer once played both stories to their end between two looks).
            environment: ["HOME": home, "STORIES_VIEWER_IMAGE_DURATION": "60s"])
        #expect(try await app.waitFor("Lisbon — 2 items"), "\(app.screen)")
        try await app.send("Enter")
        #expect(
            try await app.waitUntil(escapes: true) { screen in
                screen.contains("1/2") && VideoInteractiveTests.imageArea(screen).contains("▀")
            }, "\(app.screen)")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
    }

    /// An export kept as `2025/06/*.jpg` and a trip as `trip/porto/day2/` (it was "No stories
    /// yet." and the day dropped): users by path, `stories tray PATH`, the text file below
    /// counted, and the gallery showing each photo once (7 photos were "35 loaded").
    @Test func nestedFoldersAreUsersAndTheGalleryShowsEachPhotoOnce() async throws {
        let home = try TemporaryFolder.make()
        let pictures = home + "/Pictures"
        for (path, sample) in [
            ("2025/06/IMG_0001.jpg", "astronaut-portrait"), ("2025/06/IMG_0002.jpg", "coffee-landscape"),
            ("trip/porto/day2/a.jpg", "hopper-square"),
        ] {
            try FileManager.default.createDirectory(
                atPath: (pictures + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
            )
            try FileManager.default.copyItem(
                atPath: Self.samples + "/" + sample + ".jpg", toPath: pictures + "/" + path)
        }
        try TemporaryFolder.write("notes", to: pictures + "/trip/porto/notes.txt")
        // A GIF: in the gallery too, shown by its first picture (it was left out).
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/Services/StoryImages/Tests/Fixtures/tiny.gif",
            toPath: pictures + "/trip/porto/day2/z.gif")
        let tray = try await StoriesProcess.run(["tray", pictures], home: home)
        #expect(tray.status == 0, "\(tray.stderr)")
        #expect(
            tray.stdout.contains("2025/06  0/2 seen") && tray.stdout.contains("trip/porto/day2  0/2 seen"),
            "\(tray.stdout)")
        #expect(
            tray.stderr.contains("skipped 1 file that is not a picture or video (trip/porto/notes.txt)"),
            "\(tray.stderr)")
        let photo = try await StoriesProcess.run(
            ["photo", "2025/06/IMG_0002.jpg", "--folder", pictures, "--source", "folder"], home: home)
        #expect(
            photo.stdout.contains("1200×800") && photo.stdout.contains("file: \(pictures)/2025/06/IMG_0002.jpg"),
            "\(photo)")
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        let app = try await TmuxSession(
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) \(InteractiveTests.quoted(pictures)) --store memory",
            environment: ["HOME": home])
        #expect(try await app.waitFor("2025/06"), "\(app.screen)")
        try await app.send("g")
        #expect(try await app.waitFor("4 loaded"), "\(app.screen)")
        for _ in 0..<4 { try await app.send("Right") }  // past the last: nothing more to load
        try await LiveThreads.sleep(for: .seconds(1))
        #expect(try await app.capture().contains("4 loaded"), "still 4, never repeated: \(app.screen)")
        // The last photo is the GIF: its detail shows its first picture (FFmpeg's), not a failure.
        try await app.send("Enter")
        #expect(try await app.waitFor("z.gif"), "\(app.screen)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
            try await LiveThreads.sleep(for: .seconds(2))
            #expect(!(try await app.capture()).contains("Couldn't load"), "\(app.screen)")
        }
        try await app.send("q")
        try await app.send("q")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
    }
}
