import Foundation
import StoryBase
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named file read whole, never past its limit, never hanging on what is not a file.
@Suite(.timeLimit(.minutes(10))) struct BoundedFileTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aSmallFileIsReadWhole() throws {
        let folder = try Self.folder()
        let file = folder + "/a.jpg"
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: file))
        #expect(try BoundedFile.contents(of: file, limit: 4) == Data([1, 2, 3, 4]))
    }

    /// The limit holds for the file a link points to, not the link's own size.
    @Test func aLinkToALargeFileIsRefusedByTheTargetsSize() throws {
        let folder = try Self.folder()
        try Data(count: 10_000).write(to: URL(fileURLWithPath: folder + "/large"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.jpg", withDestinationPath: folder + "/large")
        #expect(throws: BoundedFileError(path: folder + "/a.jpg", reason: "it is 10000 bytes; the limit is 100")) {
            try BoundedFile.contents(of: folder + "/a.jpg", limit: 100)
        }
    }

    /// A FIFO (nothing writing to it) is refused at once, not waited on.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = try Self.folder()
        #expect(mkfifo(folder + "/clip.mp4", 0o600) == 0)
        #expect(throws: BoundedFileError(path: folder + "/clip.mp4", reason: "it is not a regular file")) {
            try BoundedFile.contents(of: folder + "/clip.mp4", limit: 100)
        }
    }

    @Test func aHeadIsTheFirstBytesAndAFIFOsHeadIsRefusedWithoutWaiting() throws {
        let folder = try Self.folder()
        try Data([1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: folder + "/clip.mp4"))
        #expect(try BoundedFile.head(of: folder + "/clip.mp4", count: 3) == Data([1, 2, 3]))
        #expect(try BoundedFile.head(of: folder + "/clip.mp4", count: 4096) == Data([1, 2, 3, 4, 5]))
        #expect(mkfifo(folder + "/pipe.mp4", 0o600) == 0)
        #expect(throws: BoundedFileError(path: folder + "/pipe.mp4", reason: "it is not a regular file")) {
            try BoundedFile.head(of: folder + "/pipe.mp4", count: 16)
        }
    }

    @Test func aFolderAndAMissingFileSaySo() throws {
        let folder = try Self.folder()
        #expect(throws: BoundedFileError(path: folder, reason: "it is a folder")) {
            try BoundedFile.contents(of: folder, limit: 100)
        }
        #expect(throws: BoundedFileError(path: folder + "/none", reason: "no such file")) {
            try BoundedFile.contents(of: folder + "/none", limit: 100)
        }
    }
}

/// The limit is inclusive: a file of exactly the limit is read whole, one byte more is refused.
@Suite struct BoundedFileLimitTests {
    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let folder = try BoundedFileTests.folder()
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: folder + "/at.jpg"))
        #expect(try BoundedFile.contents(of: folder + "/at.jpg", limit: 100).count == 100)
        try Data(repeating: 7, count: 101).write(to: URL(fileURLWithPath: folder + "/over.jpg"))
        #expect(throws: BoundedFileError(path: folder + "/over.jpg", reason: "it is 101 bytes; the limit is 100")) {
            try BoundedFile.contents(of: folder + "/over.jpg", limit: 100)
        }
    }
}

/// Text limits and ids safe as keys.
@Suite("Text limits")
struct TextLimitsTests {
    @Test func clippingKeepsWholeScalarsWithinTheBytes() {
        #expect(TextLimits.clipped("héllo", bytes: 2) == "h")
        #expect(TextLimits.clipped("héllo", bytes: 3) == "hé")
        #expect(TextLimits.clipped("ok", bytes: 10) == "ok")
    }

    @Test func idsEscapeControlsDirectionAndPercentAndLongOnesAreCutAndTagged() {
        #expect(TextLimits.safeID("a\u{1B}b\u{202E}c%") == "a%1Bb%E2%80%AEc%25")
        let long = String(repeating: "x", count: 300)
        let other = String(repeating: "x", count: 299) + "y"
        #expect(TextLimits.safeID(long).utf8.count <= TextLimits.idBytes)
        #expect(TextLimits.safeID(long) != TextLimits.safeID(other), "distinct names stay distinct")
        #expect(TextLimits.safeID("plain") == "plain")
    }
}
