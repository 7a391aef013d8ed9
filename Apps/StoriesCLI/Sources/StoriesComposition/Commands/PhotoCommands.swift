public import ArgumentParser
import FeedPaging
import Foundation
import PicsumContent
import StoryBase
import StoryInterfaces
import StoryModels
import StoryNavigation
import StoryTerminal

/// `stories photos [--page N] [--limit K] [--json]`.
struct PhotosCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "photos", _superCommandName: "stories", abstract: "List one page of the gallery's photos.",
        discussion: """
            JSON: {"page","next","photos":[{"id","author","width","height","url","downloadURL"}]}, "next" null after the last page.

            Examples:
              stories photos --limit 10
              stories photos --page 3 --json
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions
    // Optional for the reason TrayCommand's is (a default described costs conformance scans).
    @Option(help: "The page, from 1. (default: 1)") var page: Int?
    @Option(help: "Photos per page (default feed.pageSize, at most 100).") var limit: Int?
    @Flag(help: "Print JSON.") var json = false

    /// Prints the page.
    func run() async throws {
        let page = page ?? 1
        _ = try PageRequest(page: page, limit: limit ?? 1)  // `--page 0` refused before any network
        let session = try await ContentSession.open(options)
        let result = try await session.source.photos.photos(
            try PageRequest(page: page, limit: limit ?? session.root.settings.feed.pageSize))
        if json {
            try StandardStreams.printOutput(
                try JSONOutput.encode(
                    PhotosReport(page: page, next: result.nextPage, photos: result.elements)))
        } else {
            for photo in result.elements {
                try StandardStreams.printOutput(
                    "\(StandardStreams.sanitized(photo.id.rawValue))  \(StandardStreams.sanitized(photo.author))  \(photo.width)×\(photo.height)"
                )
            }
            try StandardStreams.printOutput(
                result.nextPage.map { NextPageHint.line("photos", options: options, limit: limit, page: $0) }
                    ?? "(last page)")
        }
    }
}

/// `stories photo ID [--json]`.
struct PhotoCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "photo", _superCommandName: "stories", abstract: "Show one photo's details.",
        discussion: "ID as `stories photos` prints it; an unknown one exits 65.")

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Argument(help: ArgumentHelp("The photo id.", valueName: "id")) var id: String
    @Flag(help: "Print JSON.") var json = false

    /// Prints the photo.
    func run() async throws {
        let session = try await ContentSession.open(options)
        let photo = try await session.source.photos.photo(id: PhotoID(id))
        if json {
            try StandardStreams.printOutput(try JSONOutput.encode(photo))
        } else {
            var lines = ["\(StandardStreams.sanitized(photo.author)), \(photo.width)×\(photo.height)"]
            if photo.url.isFileURL {  // the user's own file: where it is and when it was taken
                lines.append("file: \(StandardStreams.sanitized(photo.url.path))")
                if let taken = photo.takenAt { lines.append("taken: \(PhotoDates.text(taken))") }
            } else {
                lines.append("source: \(StandardStreams.sanitized(photo.url.absoluteString))")
                lines.append("download: \(StandardStreams.sanitized(photo.downloadURL.absoluteString))")
            }
            try StandardStreams.printOutput(lines.joined(separator: "\n"))
        }
    }
}

struct PhotosReport: Encodable {
    var page: Int
    var next: Int?
    var photos: [Photo]  // StoryInterfaces' own Codable form: id, author, width, height, url, downloadURL

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(page, forKey: .page)
        try container.encode(next, forKey: .next)
        try container.encode(photos, forKey: .photos)
    }

    enum CodingKeys: String, CodingKey { case page, next, photos }
}
