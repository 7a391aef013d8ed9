import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryInterfaces
import Synchronization

/// `GET /events`: server-sent events that say the state changed elsewhere (the terminal,
/// another phone), so an open page shows it without a reload. One watch asks the store for
/// its version (``StateVersioned``: SQLite's `data_version`, a pull of the sync) once a
/// second while any page listens, and not at all when none does; every listener gets
/// `event: changed` when the version moves, and a comment every 15 s (a gone client's write
/// fails and ends its stream).
final class WebStateWatch: Sendable {
    private let version: @Sendable () async -> Int?
    private let interval: Duration
    private let listeners = Mutex<(all: [Int: AsyncStream<Int?>.Continuation], next: Int, task: Task<Void, Never>?)>(
        ([:], 0, nil))

    /// A watch of `store` (nothing changes for a store that has no version).
    convenience init(store: any SeenLikeStoring, interval: Duration = .seconds(1)) {
        let versioned = store as? any StateVersioned
        self.init(interval: interval) { try? await versioned?.stateVersion() }
    }

    init(interval: Duration, version: @escaping @Sendable () async -> Int?) {
        self.interval = interval
        self.version = version
    }

    /// Listeners now.
    var count: Int { listeners.withLock { $0.all.count } }
    /// Whether the store is being asked (only while someone listens).
    var isPolling: Bool { listeners.withLock { $0.task != nil } }

    /// The versions from now: a new value when the state changed, nil for a keep-alive.
    func listen() -> AsyncStream<Int?> {
        let (stream, continuation) = AsyncStream<Int?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = listeners.withLock { listeners in
            let id = listeners.next
            listeners.next += 1
            listeners.all[id] = continuation
            if listeners.task == nil { listeners.task = Task { await self.poll() } }
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.listeners.withLock { listeners in
                listeners.all[id] = nil
                if listeners.all.isEmpty {
                    listeners.task?.cancel()
                    listeners.task = nil
                }
            }
        }
        return stream
    }

    private func poll() async {
        var last = await version()
        var quiet: Duration = .zero
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = await version()
            quiet += interval
            let change: Int?
            if now != last {
                change = now ?? 0
            } else if quiet >= .seconds(15) {
                change = nil
            } else {
                continue
            }
            last = now
            quiet = .zero
            for continuation in listeners.withLock({ Array($0.all.values) }) { continuation.yield(change) }
        }
    }

    static func add(to router: Router<WebContext>, watch: WebStateWatch) {
        router.get(WebRoute.Shape.events.pattern) { _, _ in
            let changes = watch.listen()
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                for await change in changes {
                    try await writer.write(
                        ByteBuffer(string: change.map { "event: changed\ndata: \($0)\n\n" } ?? ": still here\n\n"))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
        }
    }
}
