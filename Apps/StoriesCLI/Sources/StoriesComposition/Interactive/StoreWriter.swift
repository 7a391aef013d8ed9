import StoriesScreens
import StoryInterfaces

/// Seen and like writes, one at a time and in order; ``finish()`` waits for the last.
final class StoreWriter: Sendable {
    enum Write: Sendable {
        case seen(StoryItemID, user: UserID, index: Int)
        case liked(StoryItemID, Bool)
    }

    private let continuation: AsyncStream<Write>.Continuation
    private let task: Task<Void, Never>

    init(store: any SeenLikeStoring, send: @escaping @Sendable (AppMessage) -> Void) {
        let (writes, continuation) = AsyncStream<Write>.makeStream()
        self.continuation = continuation
        task = Task {
            for await write in writes {
                do {
                    switch write {
                    case .seen(let item, let user, let index): try await store.markSeen(item, user: user, index: index)
                    case .liked(let item, let liked): try await store.setLiked(item, liked)
                    }
                } catch {
                    send(.storeFailed(String(describing: error)))
                }
            }
        }
    }

    func write(_ write: Write) { continuation.yield(write) }

    func finish() async {
        continuation.finish()
        await task.value
    }
}
