import StoryBase
import StoryInterfaces

/// One Lorem Picsum list page, `[{"id","author","width","height","url","download_url"}]`:
/// authors become users (one user per author, with all their photos), photos their items.
enum PicsumListFormat {
    static func decode(_ entries: [DocumentValue], file: String) throws(StoryDocumentError) -> StoryDocument {
        var ids = DuplicateGuard()
        var photos: [Photo] = []
        for (index, value) in entries.enumerated() {
            let entry = "[\(index)]"
            var reader = try EntryReader(file: file, entry: entry, value: value)
            let id = try reader.id("id")
            reader.entryID = id
            try ids.check(id, at: entry, file: file)
            photos.append(
                Photo(
                    id: PhotoID(id), author: try reader.string("author"), width: try reader.positiveInt("width"),
                    height: try reader.positiveInt("height"), url: try reader.url("url"),
                    downloadURL: try reader.url("download_url")))
        }
        return StoryDocument(format: .picsumList, stories: stories(from: photos), photos: photos)
    }

    /// Groups photos by author, in order of each author's first photo.
    static func stories(from photos: [Photo]) -> [Story] {
        var order: [UserID] = []
        var byAuthor: [UserID: Story] = [:]
        for photo in photos {
            let user = UserID.photoAuthor(photo.author)
            let item = StoryItem(
                id: StoryItemID(photo.id.rawValue), userID: user, media: .image(photo.downloadURL),
                pixelSize: PixelSize(width: photo.width, height: photo.height))
            if byAuthor[user] == nil {
                order.append(user)
                byAuthor[user] = Story(
                    user: StoryUser(id: user, name: photo.author, avatarURL: photo.downloadURL), items: [])
            }
            byAuthor[user]!.items.append(item)
        }
        return order.compactMap { byAuthor[$0] }
    }
}
