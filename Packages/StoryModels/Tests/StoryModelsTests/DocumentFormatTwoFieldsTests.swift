import Foundation
import StoryInterfaces
import StoryModels
import Testing

/// Format 2's optional fields: an image's `duration`, `caption`, `alt`, `link` and
/// `created_at`; absent they change nothing, wrong they refuse the document naming the field.
@Suite("Stories documents: format 2's optional fields")
struct DocumentFormatTwoFieldsTests {
    static func document(_ snap: String) -> String {
        #"{"data":[{"id":"kai","user":{"username":"Kai"},"snaps":["# + snap + #"]}]}"#
    }

    @Test func everyFieldIsRead() throws {
        let json = Self.document(
            #"{"media_type":"image","media_url":"https://e.com/a.jpg","duration":2.5,"caption":"At the \u001b[31mharbour\nat dawn","alt":"Boats on still water","link":"https://example.com/trip","created_at":"2026-11-25T08:30:00Z"}"#
        )
        let item = try #require(try decode(json).stories.first?.items.first)
        #expect(item.imageDuration == .milliseconds(2500))
        #expect(item.duration(imageDuration: .seconds(5)) == .milliseconds(2500), "the item's own duration wins")
        #expect(item.caption == "At the  [31mharbour at dawn", "control characters become spaces")
        #expect(item.alt == "Boats on still water")
        #expect(item.link == URL(string: "https://example.com/trip"))
        #expect(item.postedAt == Date(timeIntervalSince1970: 1_795_595_400))
        let fractional = Self.document(
            #"{"media_type":"image","media_url":"https://e.com/a.jpg","created_at":"2026-11-25T09:30:00.250+01:00"}"#)
        #expect(
            try decode(fractional).stories.first?.items.first?.postedAt == Date(timeIntervalSince1970: 1_795_595_400.25)
        )
    }

    @Test func absentFieldsChangeNothing() throws {
        let item = try #require(
            try decode(Self.document(#"{"media_type":"image","media_url":"https://e.com/a.jpg","caption":"  "}"#))
                .stories.first?.items.first)
        #expect(item.imageDuration == nil && item.caption == nil && item.alt == nil && item.link == nil)
        #expect(item.postedAt == nil)
        #expect(item.duration(imageDuration: .seconds(5)) == .seconds(5))
    }

    @Test(arguments: [
        (#""created_at":"yesterday""#, "snaps[0].created_at"), (#""duration":-1"#, "snaps[0].duration"),
        (#""link":"javascript:alert(1)""#, "snaps[0].link"), (#""caption":42"#, "snaps[0].caption"),
        ("\"alt\":\"" + String(repeating: "a", count: 501) + "\"", "snaps[0].alt"),
    ])
    func aWrongFieldRefusesTheDocumentNamingIt(field: String, path: String) {
        let json = Self.document(#"{"media_type":"image","media_url":"https://e.com/a.jpg","# + field + "}")
        do {
            _ = try decode(json)
            Issue.record("accepted \(field)")
        } catch {
            #expect(error.field == path, "\(error)")
            #expect(error.description.contains("stories.json"), "\(error)")
        }
    }
}
