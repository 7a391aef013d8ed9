import Foundation
import StoryInterfaces
import StoryModels
import Testing

/// Ids are keys in the stores: bounded and free of control characters.
@Suite("Stories documents: hostile ids")
struct StoryDocumentHostileIDTests {
    @Test func aLongIdOrOneWithAControlCharacterRefusesTheDocumentNamingTheEntry() throws {
        let long = String(repeating: "a", count: 3_000)
        for (id, words) in [
            (long, "at most 256 bytes"), ("ada\\u0000x", "without control characters"),
            ("line\\nbreak", "without control characters"), ("esc\\u001b[2J", "without control characters"),
        ] {
            do {
                _ = try decode(#"{"pages":[{"users":[{"id":"ok","name":"A"},{"id":"\#(id)","name":"B"}]}]}"#)
                Issue.record("accepted \(id.prefix(20))")
            } catch {
                let message = error.description
                #expect(message.contains("stories.json: entry pages[0].users[1]"), "\(message)")
                #expect(message.contains(words), "\(message)")
                #expect(!message.contains("\u{0}") && !message.contains("\u{1B}") && message.count < 400, "\(message)")
            }
        }
        // 256 bytes is still an id.
        let fits = String(repeating: "b", count: 256)
        #expect(try decode(#"{"pages":[{"users":[{"id":"\#(fits)","name":"B"}]}]}"#).stories.count == 1)
    }
}

/// Text fields are capped in bytes: one letter can carry millions of combining marks.
@Suite("Stories documents: marks without end")
struct StoryDocumentMarksTests {
    @Test func aNameOrACaptionOverItsBytesIsRefusedAtOnceNamingTheField() throws {
        let marks = "a" + String(repeating: "\u{0301}", count: 200_000)  // one character, 400 KB
        let start = ContinuousClock.now
        for (document, words) in [
            (#"{"pages":[{"users":[{"id":"ok","name":"\#(marks)"}]}]}"#, "at most 256 bytes"),
            (
                #"{"data":[{"id":"u","user":{"username":"u"},"snaps":[{"media_type":"image","media_url":"https://e.com/a.jpg","caption":"\#(marks)"}]}]}"#,
                "at most 500 characters and 2000 bytes"
            ),
        ] {
            do {
                _ = try decode(document)
                Issue.record("accepted")
            } catch {
                #expect(error.description.contains(words), "\(error.description.prefix(300))")
                #expect(error.description.utf8.count < 600, "the error shows the start only")
            }
        }
        #expect(ContinuousClock.now - start < .seconds(30), "linear, not the minutes a quadratic check took")
        // 256 bytes is still a name.
        let fits = String(repeating: "é", count: 128)
        #expect(try decode(#"{"pages":[{"users":[{"id":"ok","name":"\#(fits)"}]}]}"#).stories.count == 1)
        // A user id of 256 bytes makes item ids that fit too (the fuzzer found `ID-0` at 258).
        let id = String(repeating: "z", count: 256)
        for document in [
            #"{"pages":[{"users":[{"id":"\#(id)","name":"Z"}]}]}"#,
            #"{"data":[{"id":"\#(id)","user":{"username":"z"},"snaps":[{"media_type":"image","media_url":"https://e.com/a.jpg"},{"media_type":"image","media_url":"https://e.com/b.jpg"}]}]}"#,
        ] {
            let items = try decode(document).stories.flatMap(\.items)
            #expect(!items.isEmpty && items.allSatisfy { $0.id.rawValue.utf8.count <= 256 })
            #expect(Set(items.map(\.id)).count == items.count, "still distinct")
        }
    }
}
