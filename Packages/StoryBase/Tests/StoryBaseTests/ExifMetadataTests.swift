import Foundation
import StoryBase
import StoryInterfacesTestSupport
import Testing

/// EXIF read from the markers before the image data: the orientation, and
/// when the photo was taken (DateTimeOriginal in the Exif IFD, else DateTime), every offset
/// checked against the data.
@Suite("EXIF metadata")
struct ExifMetadataTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test(arguments: [true, false])
    func theOriginalDateWinsOverDateTimeInEitherByteOrder(little: Bool) {
        let metadata = ExifMetadata.read(jpeg: ExifFixture.jpeg(little: little))
        #expect(metadata == ExifMetadata(orientation: 6, captured: "2021:07:04 10:30:00"))
        #expect(metadata.capturedDate(in: Self.utc) == Date(timeIntervalSince1970: 1_625_394_600))
        #expect(
            ExifMetadata.read(jpeg: ExifFixture.jpeg(original: nil, little: little)).captured == "2020:01:02 03:04:05")
        #expect(
            ExifMetadata.read(jpeg: ExifFixture.jpeg(orientation: nil, dateTime: nil, original: nil)) == ExifMetadata())
    }

    @Test func malformedDatesGiveNoDate() {
        for text in ["0000:00:00 00:00:00", "2021:13:04 10:30:00", "2021-07-04", "    :  :     :  :  ", "abc"] {
            #expect(ExifMetadata(captured: text).capturedDate(in: Self.utc) == nil, "\(text)")
        }
        #expect(
            ExifMetadata.read(jpeg: ExifFixture.jpeg(original: "2021:07:04\u{7}10:30:00")).captured
                == "2020:01:02 03:04:05")
    }

    /// A segment that claims to run past the data is damaged — unless only a file's first bytes
    /// were read (the folder source reads 16 KiB), when what is within them counts.
    @Test func aSegmentRunningPastTheDataCountsOnlyForAPrefix() {
        let long = ExifFixture.jpeg(claimedLength: 60_000)
        #expect(ExifMetadata.read(jpeg: long) == ExifMetadata())
        #expect(ExifMetadata.read(jpeg: long, prefix: true).captured == "2021:07:04 10:30:00")
    }

    /// Every prefix of a tagged file and every single-byte change read without a crash.
    @Test func everyPrefixAndEveryByteChangedIsSafe() {
        let whole = ExifFixture.jpeg()
        for count in 0...whole.count {
            _ = ExifMetadata.read(jpeg: whole.prefix(count), prefix: true)
            _ = ExifMetadata.read(jpeg: whole.prefix(count))
        }
        for index in whole.indices {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var changed = whole
                changed[index] = value
                _ = ExifMetadata.read(jpeg: changed, prefix: true).capturedDate(in: Self.utc)
            }
        }
    }
}
