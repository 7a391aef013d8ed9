import StoryBase
import Testing

/// Names cut so the part that tells them apart stays.
@Suite("Path names in little room")
struct PathNameTests {
    static func cut(_ name: String, _ width: Int) -> String {
        PathName.shortened(
            name, width: width, measure: { $0.count }, truncate: { String($0.prefix(max(0, $1 - 1))) + "…" })
    }

    @Test func aPathKeepsItsLastParts() {
        #expect(Self.cut("trip/porto/day1", 12) == "…/porto/day1")
        #expect(Self.cut("trip/porto/day2", 12) == "…/porto/day2", "told apart from day1")
        #expect(Self.cut("trip/porto/day1", 8) == "…/day1")
        #expect(Self.cut("2025/06", 12) == "2025/06", "what fits is left alone")
    }

    @Test func aLongLastPartOrAPlainNameIsCutAtItsEnd() {
        #expect(Self.cut("photos/a-very-long-folder-name", 10) == "…/a-very-…")
        #expect(Self.cut("Ada Lovelace the first", 10) == "Ada Lovel…")
    }
}
