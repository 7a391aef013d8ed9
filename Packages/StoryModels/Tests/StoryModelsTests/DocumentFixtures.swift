import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels

let picsumBase = URL(string: "https://picsum.photos")!
let decoder = StoryDocumentDecoder(picsumBaseURL: picsumBase)

func decode(_ json: String, file: String = "stories.json") throws(StoryDocumentError) -> StoryDocument {
    try decoder.decode(Data(json.utf8), file: file)
}

/// Writers of the three formats, used to round-trip what the decoder reads.
enum DocumentWriter {
    static func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    static func usersPages(_ users: [StoryUser], pageSize: Int) -> String {
        let pages = stride(from: 0, to: users.count, by: pageSize).map { start in
            [
                "users": users[start..<min(users.count, start + pageSize)].map { user -> [String: Any] in
                    var entry: [String: Any] = ["id": user.id.rawValue, "name": user.name]
                    if let avatar = user.avatarURL { entry["profile_picture_url"] = avatar.absoluteString }
                    return entry
                }
            ]
        }
        return json(["pages": pages])
    }

    static func snaps(_ stories: [Story]) -> String {
        json([
            "data": stories.map { story -> [String: Any] in
                var user: [String: Any] = ["username": story.user.name]
                if let avatar = story.user.avatarURL { user["profile_picture"] = avatar.absoluteString }
                return [
                    "id": story.user.id.rawValue, "user": user, "snap_count": story.items.count,
                    "snaps": story.items.map { item -> [String: Any] in
                        switch item.media {
                        case .image(let url): return ["media_type": "image", "media_url": url.absoluteString]
                        case .video(let url, let duration, let poster):
                            var snap: [String: Any] = [
                                "media_type": "video", "media_url": url.absoluteString,
                                "duration": Double(duration.components.seconds) + Double(
                                    duration.components.attoseconds) / 1e18,
                            ]
                            if let poster { snap["poster_url"] = poster.absoluteString }
                            return snap
                        }
                    },
                ]
            }
        ])
    }

    static func picsumList(_ photos: [Photo]) -> String {
        json(
            photos.map { photo in
                [
                    "id": photo.id.rawValue, "author": photo.author, "width": photo.width, "height": photo.height,
                    "url": photo.url.absoluteString, "download_url": photo.downloadURL.absoluteString,
                ]
            })
    }
}
