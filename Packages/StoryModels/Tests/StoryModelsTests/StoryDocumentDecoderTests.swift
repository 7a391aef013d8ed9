import Foundation
import StoryInterfaces
import StoryModels
import Testing

@Suite("Stories documents: valid")
struct StoryDocumentValidTests {
    @Test func usersPagesGenerateSeedStoriesInPageOrder() throws {
        let document = try decode(
            #"{"pages":[{"users":[{"id":1,"name":"Neo","profile_picture_url":"https://example.com/neo.jpg"}]},{"users":[{"id":"trinity","name":"Trinity"}]}]}"#
        )
        #expect(document.format == .usersPages)
        #expect(document.stories.map(\.user.id) == ["1", "trinity"])
        #expect(document.stories[0].user.avatarURL == URL(string: "https://example.com/neo.jpg"))
        let first = try #require(document.stories[0].items.first)
        #expect(first.id == "1-0")
        #expect(first.media == .image(URL(string: "https://picsum.photos/seed/1-0/1080/1920")!))
        #expect((1...8).contains(document.stories[0].items.count))
    }

    @Test func generatedStoriesAreTheSameEveryRunAndDifferPerUser() throws {
        let generator = SeedStoryGenerator(picsumBaseURL: picsumBase)
        let counts = (0..<200).map { generator.story(for: StoryUser(id: UserID("u\($0)"), name: "x")).items.count }
        #expect(Set(counts) == Set(1...8))
        let a = generator.story(for: StoryUser(id: "42", name: "A"))
        #expect(a == generator.story(for: StoryUser(id: "42", name: "A")))
        // Pinned: FNV-1a gives these counts on every machine; a change here changes users' stories.
        #expect(
            ["42", "neo", "1", "2"].map { generator.story(for: StoryUser(id: UserID($0), name: "x")).items.count } == [
                5, 3, 8, 7,
            ])
        let b = generator.story(for: StoryUser(id: "43", name: "A"))
        #expect(Set(a.items.map(\.media)).isDisjoint(with: b.items.map(\.media)))
    }

    @Test func seedURLsFollowTheConfiguredBase() {
        let generator = SeedStoryGenerator(picsumBaseURL: URL(string: "http://127.0.0.1:8080/")!)
        let story = generator.story(for: StoryUser(id: "a b", name: "x"))
        #expect(story.items[0].media.url.absoluteString == "http://127.0.0.1:8080/seed/a%20b-0/1080/1920")
    }

    @Test func snapsKeepIdsNamesAndVideoDurations() throws {
        let document = try decode(
            #"{"data":[{"id":"0","user":{"username":"neo","profile_picture":"https://e.com/p.jpg"},"snap_count":2,"snaps":[{"media_type":"image","media_url":"https://e.com/1.jpg"},{"media_type":"video","media_url":"https://e.com/2.mp4","duration":5.5}]}]}"#
        )
        #expect(document.format == .storiesWithSnaps)
        #expect(document.warnings.isEmpty)
        let story = try #require(document.stories.first)
        #expect(story.user == StoryUser(id: "0", name: "neo", avatarURL: URL(string: "https://e.com/p.jpg")))
        #expect(story.items.map(\.id) == ["0-0", "0-1"])
        #expect(
            story.items[1].media
                == .video(URL(string: "https://e.com/2.mp4")!, duration: .milliseconds(5500), poster: nil))
    }

    @Test func handWrittenTrailingCommasAreAccepted() throws {
        let document = try decode(
            """
            {
              "data": [
                {
                  "id": "7",
                  "user": {"username": "Hand Written", "profile_picture": "https://e.com/a.jpg",},
                  "snap_count": 1,
                  "snaps": [{"media_type": "image", "media_url": "https://e.com/1.jpg",},],
                },
              ],
            }
            """)
        #expect(document.stories.map(\.user.name) == ["Hand Written"])
    }

    @Test func aWrongSnapCountIsAWarningAndSnapsWin() throws {
        let document = try decode(
            #"{"data":[{"id":"9","user":{"username":"n"},"snap_count":5,"snaps":[{"media_type":"image","media_url":"https://e.com/1.jpg"}]}]}"#,
            file: "mine.json")
        #expect(document.stories[0].items.count == 1)
        #expect(
            document.warnings == [
                "mine.json: entry data[0] (id \"9\"): snap_count is 5 but there are 1 snaps; using the snaps"
            ])
    }

    @Test func aPicsumListGroupsPhotosByAuthor() throws {
        let document = try decode(
            #"[{"id":"0","author":"Alejandro Escamilla","width":5000,"height":3333,"url":"https://unsplash.com/photos/yC-Yzbqy7PY","download_url":"https://picsum.photos/id/0/5000/3333"},{"id":"1","author":"Paul Jarvis","width":5000,"height":3333,"url":"https://unsplash.com/photos/LNRyGwIJr5c","download_url":"https://picsum.photos/id/1/5000/3333"},{"id":"2","author":"Alejandro Escamilla","width":4000,"height":3000,"url":"https://unsplash.com/x","download_url":"https://picsum.photos/id/2/4000/3000"}]"#
        )
        #expect(document.format == .picsumList)
        #expect(document.photos.count == 3)
        #expect(document.stories.map(\.user.id) == ["alejandro-escamilla", "paul-jarvis"])
        #expect(document.stories[0].items.map(\.id) == ["0", "2"])
        #expect(document.stories[0].items[1].pixelSize == PixelSize(width: 4000, height: 3000))
    }
}

@Suite("Stories documents: refused, with the exact error")
struct StoryDocumentErrorTests {
    static let snap = #"{"media_type":"image","media_url":"https://e.com/1.jpg"}"#

    static func snapsEntry(_ id: String = "\"1\"", user: String = #"{"username":"n"}"#, snaps: String? = nil) -> String
    {
        #"{"data":[{"id":\#(id),"user":\#(user),"snaps":[\#(snaps ?? snap)]}]}"#
    }

    @Test(arguments: [
        ("not json", StoryDocumentError(file: "f.json", problem: .malformedJSON(""))),
        (#"{"stories": []}"#, StoryDocumentError(file: "f.json", problem: .unknownFormat)),
        (#""just a string""#, StoryDocumentError(file: "f.json", problem: .unknownFormat)),
        ("[]", StoryDocumentError(file: "f.json", problem: .noEntries)),
        (#"{"data": []}"#, StoryDocumentError(file: "f.json", problem: .noEntries)),
        (
            #"{"data": {}}"#,
            StoryDocumentError(
                file: "f.json", field: "data", problem: .wrongType(expected: "an array", found: "an object"))
        ),
        (
            #"{"pages": [{"users": [{"name": "Neo"}]}]}"#,
            StoryDocumentError(file: "f.json", entry: "pages[0].users[0]", field: "id", problem: .missingField)
        ),
        (
            #"{"pages": [{"users": [{"id": 1.5, "name": "Neo"}]}]}"#,
            StoryDocumentError(
                file: "f.json", entry: "pages[0].users[0]", field: "id",
                problem: .wrongType(expected: "a string or a whole number", found: "a number"))
        ),
        (
            #"{"pages": [{"users": [{"id": 1, "name": 7}]}]}"#,
            StoryDocumentError(
                file: "f.json", entry: "pages[0].users[0]", entryID: "1", field: "name",
                problem: .wrongType(expected: "a string", found: "a number"))
        ),
        (
            #"{"pages": [{"users": [{"id": 1, "name": "A"}]}, {"users": [{"id": "1", "name": "B"}]}]}"#,
            StoryDocumentError(
                file: "f.json", entry: "pages[1].users[0]", entryID: "1", field: "id",
                problem: .duplicateID("1", firstAt: "pages[0].users[0]"))
        ),
        (
            #"{"pages": [{"users": [{"id": 1, "name": "A", "profile_picture_url": "javascript:alert(1)"}]}]}"#,
            StoryDocumentError(
                file: "f.json", entry: "pages[0].users[0]", entryID: "1", field: "profile_picture_url",
                problem: .notHTTPURL("javascript:alert(1)"))
        ),
        (
            #"{"pages": [{"people": []}]}"#,
            StoryDocumentError(file: "f.json", entry: "pages[0]", field: "users", problem: .missingField)
        ),
        (
            snapsEntry(user: #"{"username": ""}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "user.username",
                problem: .invalidValue("", allowed: "a non-empty string"))
        ),
        (
            snapsEntry(user: #""neo""#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "user",
                problem: .wrongType(expected: "an object", found: "a string"))
        ),
        (
            #"{"data":[{"id":"1","user":{"username":"n"},"snaps":[]}]}"#,
            StoryDocumentError(file: "f.json", entry: "data[0]", entryID: "1", field: "snaps", problem: .emptySnaps)
        ),
        (
            snapsEntry(snaps: #"{"media_type":"image","media_url":"ftp://e.com/1.jpg"}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[0].media_url",
                problem: .notHTTPURL("ftp://e.com/1.jpg"))
        ),
        (
            snapsEntry(snaps: #"{"media_type":"gif","media_url":"https://e.com/1.gif"}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[0].media_type",
                problem: .invalidValue("gif", allowed: "image or video"))
        ),
        (
            snapsEntry(snaps: snap + #",{"media_type":"video","media_url":"https://e.com/v.mp4"}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[1].duration", problem: .missingField)
        ),
        (
            snapsEntry(snaps: #"{"media_type":"video","media_url":"https://e.com/v.mp4","duration":-3}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[0].duration",
                problem: .durationOutOfRange(-3))
        ),
        (
            snapsEntry(snaps: #"{"media_type":"video","media_url":"https://e.com/v.mp4","duration":1e12}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[0].duration",
                problem: .durationOutOfRange(1e12))
        ),
        (
            snapsEntry(snaps: #"{"media_type":"video","media_url":"https://e.com/v.mp4","duration":"5s"}"#),
            StoryDocumentError(
                file: "f.json", entry: "data[0]", entryID: "1", field: "snaps[0].duration",
                problem: .wrongType(expected: "a number of seconds", found: "a string"))
        ),
        (
            #"{"data":[{"id":"1","user":{"username":"a"},"snaps":[\#(snap)]},{"id":"1","user":{"username":"b"},"snaps":[\#(snap)]}]}"#,
            StoryDocumentError(
                file: "f.json", entry: "data[1]", entryID: "1", field: "id",
                problem: .duplicateID("1", firstAt: "data[0]"))
        ),
        (
            #"[{"id":"0","author":"A","width":0,"height":10,"url":"https://e.com","download_url":"https://e.com/d"}]"#,
            StoryDocumentError(
                file: "f.json", entry: "[0]", entryID: "0", field: "width",
                problem: .invalidValue("0.0", allowed: "a whole number from 1 to 1000000"))
        ),
        (
            #"[{"id":"0","author":"A","width":10,"height":10,"url":"https://e.com"}]"#,
            StoryDocumentError(
                file: "f.json", entry: "[0]", entryID: "0", field: "download_url", problem: .missingField)
        ),
        (
            #"[7]"#,
            StoryDocumentError(
                file: "f.json", entry: "[0]", problem: .wrongType(expected: "an object", found: "a number"))
        ),
    ])
    func brokenDocuments(json: String, expected: StoryDocumentError) {
        do {
            let document = try decode(json, file: "f.json")
            Issue.record("expected \(expected), decoded \(document.stories.count) stories")
        } catch {
            if case .malformedJSON = expected.problem, case .malformedJSON = error.problem {
                #expect(error.file == "f.json")
            } else {
                #expect(error == expected)
            }
        }
    }

    @Test func messagesNameFileEntryIdAndField() {
        let error = StoryDocumentError(
            file: "/tmp/s.json", entry: "data[2]", entryID: "7", field: "snaps[1].media_url",
            problem: .notHTTPURL("ftp://x"))
        #expect(
            error.description
                == #"/tmp/s.json: entry data[2] (id "7"), field snaps[1].media_url: "ftp://x" is not an http:// or https:// URL"#
        )
    }

    @Test func aFileTooLargeIsRefusedBeforeParsing() throws {
        let small = StoryDocumentDecoder(picsumBaseURL: picsumBase, maximumBytes: 64)
        let json = DocumentWriter.usersPages((0..<10).map { StoryUser(id: UserID("\($0)"), name: "n") }, pageSize: 5)
        #expect(throws: StoryDocumentError(file: "big.json", problem: .tooLarge(bytes: json.utf8.count, limit: 64))) {
            try small.decode(Data(json.utf8), file: "big.json")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoryDocumentError(file: path, problem: .tooLarge(bytes: json.utf8.count, limit: 64))) {
            try small.load(path: path)
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: StoryDocumentError(file: "/nonexistent/s.json", problem: .unreadable("no such file"))) {
            try decoder.load(path: "/nonexistent/s.json")
        }
    }
}
