import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryNavigation

/// Stories for users u0, u1, …: `counts[k]` items each; items listed in `videos` are videos
/// of the given seconds.
func makeStories(_ counts: [Int], videos: [String: Int] = [:]) -> [Story] {
    counts.enumerated().map { userIndex, count in
        let user = UserID("u\(userIndex)")
        let items = (0..<count).map { index -> StoryItem in
            let id = "u\(userIndex)-\(index)"
            let url = URL(string: "https://picsum.photos/seed/\(id)/1080/1920")!
            let media: StoryMedia = videos[id].map { .video(url, duration: .seconds($0), poster: nil) } ?? .image(url)
            return StoryItem(
                id: StoryItemID(id), userID: user, media: media, pixelSize: PixelSize(width: 1080, height: 1920))
        }
        return Story(user: StoryUser(id: user, name: "User \(userIndex)"), items: items)
    }
}

let fiveSeconds = try! ViewerConfiguration()

func open(
    _ counts: [Int], at user: Int = 0, seen: Set<StoryItemID> = [], videos: [String: Int] = [:],
    configuration: ViewerConfiguration = fiveSeconds
) -> (StoryViewer, [ViewerEvent]) {
    StoryViewer.open(makeStories(counts, videos: videos), at: user, configuration: configuration, seen: seen)
}

extension StoryViewer {
    /// Applies commands one by one; returns all events.
    mutating func send(_ commands: ViewerCommand...) -> [ViewerEvent] {
        commands.flatMap { apply($0) }
    }

    /// Marks the current media ready.
    mutating func ready() -> [ViewerEvent] {
        guard let item = current?.item.id else { return [] }
        return apply(.mediaReady(item))
    }

    var here: String? { current?.item.id.rawValue }
}

/// Only the events a script prints (no prefetch hints).
func visible(_ events: [ViewerEvent]) -> [ViewerEvent] {
    events.filter { if case .prefetch = $0 { return false } else { return true } }
}
