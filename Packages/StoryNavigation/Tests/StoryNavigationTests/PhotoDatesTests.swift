import Foundation
import StoryNavigation
import Testing

@Suite("Photo dates")
struct PhotoDatesTests {
    @Test func datesReadAsPhotographersWriteThem() {
        let date = Date(timeIntervalSince1970: 1_748_941_200)  // 2025-06-03 09:00 UTC
        #expect(PhotoDates.text(date, timeZone: TimeZone(identifier: "UTC")!) == "3 Jun 2025 09:00")
    }

    @Test func agesAreShortUntilAWeekThenTheDate() {
        let utc = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: 1_748_941_200)
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(-5), timeZone: utc) == "now")
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(59), timeZone: utc) == "now")
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(5 * 60), timeZone: utc) == "5m")
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(3 * 3600), timeZone: utc) == "3h")
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(6 * 86_400), timeZone: utc) == "6d")
        #expect(PhotoDates.age(date, now: date.addingTimeInterval(7 * 86_400), timeZone: utc) == "3 Jun 2025 09:00")
    }
}
