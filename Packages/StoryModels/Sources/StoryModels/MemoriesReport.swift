import Foundation
import StoryInterfaces

/// `stories memories --json` (PRODUCT.md §3): the day, the window, the source, and each year's
/// story with its items.
public struct MemoriesReport: Encodable, Sendable {
    struct Year: Encodable {
        struct Item: Encodable {
            var id: String
            var kind: String
            var takenAt: String?
        }
        var year: Int
        var yearsAgo: Int
        var label: String
        var date: String
        var user: String
        var items: [Item]
    }
    var date: String
    var window: Int
    var source: String
    var memories: [Year]

    /// The report of `years`, found for `memories` in the source named `source`.
    public init(_ memories: Memories, years: [Memories.Year], source: String) {
        let day = memories.day
        date = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        window = memories.window
        self.source = source
        let calendar = memories.calendar
        self.memories = years.map { year in
            let parts = calendar.dateComponents([.year, .month, .day], from: year.date)
            return Year(
                year: year.year, yearsAgo: year.yearsAgo, label: year.label,
                date: String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0),
                user: year.userID.rawValue,
                items: year.items.map {
                    Year.Item(
                        id: $0.id.rawValue, kind: $0.media.isVideo ? "video" : "image",
                        takenAt: $0.postedAt?.formatted(.iso8601))
                })
        }
    }
}
