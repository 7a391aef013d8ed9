import Foundation
import StoryBase
import StoryInterfaces

/// Packages/StoryBase/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryBaseExample {
    static func run(expensiveBlockingRead: @escaping @Sendable () throws -> [String]) async throws {
        // README
        let data = try BoundedFile.contents(of: "photo.jpg", limit: 25 << 20)  // one open, never past the limit
        if MediaFormat.sniff(data) == .jpeg {
            let exif = ExifMetadata.read(jpeg: data)  // orientation, capture date; never throws
            print(exif.orientation ?? 1, exif.captured ?? "no date")
        }
        if let size = PictureHeader.size(of: data) { print("\(size.width) × \(size.height)") }  // upright
        let rows = try await OwnThread.run { try expensiveBlockingRead() }  // off the cooperative pool
        print(Redaction.redacted("https://ada:secret@host/x.jpg?token=1"))  // https://ada:(hidden)@host/x.jpg?(hidden)
        // /README
    }
}
