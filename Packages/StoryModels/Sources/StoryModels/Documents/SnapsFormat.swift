import Foundation
import StoryBase
import StoryInterfaces

/// `{"data":[{"id":"0","user":{"username":…,"profile_picture":URL},"snap_count":2,"snaps":[…]}]}`:
/// the entry id is the user id, `user.username` the name; `snaps` wins over `snap_count`.
enum SnapsFormat {
    static func decode(_ fields: [String: DocumentValue], file: String) throws(StoryDocumentError) -> StoryDocument {
        guard case .array(let entries)? = fields["data"] else {
            throw StoryDocumentError(
                file: file, field: "data",
                problem: .wrongType(expected: "an array", found: fields["data"]?.typeName ?? "nothing"))
        }
        var ids = DuplicateGuard()
        var stories: [Story] = []
        var warnings: [String] = []
        for (index, value) in entries.enumerated() {
            let entry = "data[\(index)]"
            var reader = try EntryReader(file: file, entry: entry, value: value)
            let id = try reader.id("id")
            reader.entryID = id
            try ids.check(id, at: entry, file: file)
            let userReader = try reader.object("user")
            let user = StoryUser(
                id: UserID(id), name: try userReader.string("username"),
                avatarURL: try userReader.optionalURL("profile_picture"))
            let snaps = try reader.array("snaps")
            guard !snaps.isEmpty else { throw reader.error("snaps", .emptySnaps) }
            var items: [StoryItem] = []
            for (snapIndex, snap) in snaps.enumerated() {
                let snapReader = try EntryReader(
                    file: file, entry: entry, value: snap, entryID: id, path: "snaps[\(snapIndex)]")
                items.append(try item(snapReader, user: user.id, index: snapIndex))
            }
            if let count = try reader.optionalInt("snap_count"), count != snaps.count {
                warnings.append(
                    "\(file): entry \(entry) (id \"\(id)\"): snap_count is \(count) but there are \(snaps.count) snaps; using the snaps"
                )
            }
            stories.append(Story(user: user, items: items))
        }
        return StoryDocument(format: .storiesWithSnaps, stories: stories, warnings: warnings)
    }

    private static func item(_ reader: EntryReader, user: UserID, index: Int) throws(StoryDocumentError) -> StoryItem {
        let type = try reader.string("media_type")
        let url = try reader.url("media_url")
        let media: StoryMedia
        switch type {
        case "image":
            media = .image(url)
        case "video":
            let poster = try reader.optionalURL("poster_url") ?? (Self.looksLikeImage(url) ? url : nil)
            media = .video(url, duration: try reader.duration("duration"), poster: poster)
        default:
            throw reader.error("media_type", .invalidValue(type, allowed: "image or video"))
        }
        // Format 2's optional fields: an image's own duration, a caption, a link, an alt
        // text and when it was posted.
        return StoryItem(
            id: StoryItemID(TextLimits.fitted("\(user.rawValue)-\(index)")), userID: user, media: media,
            postedAt: try reader.optionalDate("created_at"), caption: try reader.optionalText("caption"),
            alt: try reader.optionalText("alt"), link: try reader.optionalURL("link"),
            imageDuration: type == "image" ? try reader.optionalDuration("duration") : nil)
    }

    private static func looksLikeImage(_ url: URL) -> Bool {
        ["jpg", "jpeg", "png", "gif", "webp"].contains(url.pathExtension.lowercased())
    }
}
