import FeedPaging
import Foundation
import Logging
import StoriesRuntime
import StoriesScreens
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import StoryNavigation
import StoryTerminal
import Synchronization
import Testing

/// What the in-process loop tests drive it with: keys, a clock, a window and frames
/// (``Harness``), gates, settings and an in-memory store.
extension InteractiveLoopTests {
    /// A screen, keyboard and clock for the loop: keys pressed by the test, frames kept, ticks
    /// sent by the test only (nothing moves on its own).
    final class Harness: Sendable {
        private let input = Mutex<(queue: InputQueue, ready: @Sendable () -> Void)?>(nil)
        private let frames = Mutex<[CellBuffer]>([])
        private let written = Mutex((bytes: 0, writes: 0))
        /// While true, a write blocks (a terminal that does not read).
        let writesHeld = Mutex(false)
        private let ticker = Mutex<AsyncStream<Duration>.Continuation?>(nil)
        private let sizes = Mutex<AsyncStream<(columns: Int, rows: Int)>.Continuation?>(nil)
        let size = Mutex((columns: 80, rows: 24))
        /// The loop's clock for holds: moves only when the test says.
        let time = Mutex(ContinuousClock.now)

        var io: InteractiveIO {
            InteractiveIO(
                size: { self.size.withLock { $0 } },
                cell: { CellPixels(width: 10, height: 20) },
                write: { bytes in
                    while self.writesHeld.withLock({ $0 }) { usleep(1000) }
                    self.written.withLock {
                        $0.bytes += bytes.count
                        $0.writes += 1
                    }
                },
                readInput: { queue, ready in
                    self.input.withLock { $0 = (queue, ready) }
                    return { self.input.withLock { $0 = nil } }
                },
                resizes: {
                    let (stream, continuation) = AsyncStream<(columns: Int, rows: Int)>.makeStream()
                    self.sizes.withLock { $0 = continuation }
                    return stream
                },
                continuations: { AsyncStream { _ in } },
                suspend: {},
                restore: {},
                clock: TestClockTicking(onTicks: { _ in
                    let (stream, continuation) = AsyncStream<Duration>.makeStream()
                    self.ticker.withLock { $0 = continuation }
                    return stream
                }),
                drawn: { frame in self.frames.withLock { $0.append(frame) } },
                now: { self.time.withLock { $0 } }, keyReleases: true)
        }

        /// Presses keys, once the loop reads them.
        func press(_ events: InputEvent...) async throws {
            try await until("the loop reads keys") { self.input.withLock { $0 != nil } }
            let (queue, ready) = try #require(input.withLock { $0 })
            for event in events where queue.push(event) { ready() }
        }

        /// `time` passes on the viewer's clock (it ticks only while the viewer is open).
        func tick(_ time: Duration) async throws {
            try await until("the viewer's clock runs") { self.ticker.withLock { $0 != nil } }
            _ = ticker.withLock { $0?.yield(time) }
        }

        /// The window becomes `columns × rows`.
        func resize(columns: Int, rows: Int) async throws {
            size.withLock { $0 = (columns, rows) }
            try await until("the loop listens for resizes") { self.sizes.withLock { $0 != nil } }
            _ = sizes.withLock { $0?.yield((columns, rows)) }
        }

        /// How many times bytes were written.
        var writes: Int { written.withLock { $0.writes } }

        /// The last frame drawn.
        var frame: CellBuffer? { frames.withLock { $0.last } }

        /// The last frame's text, a line a row.
        var screen: String {
            guard let frame else { return "" }
            return (0..<frame.height).map { y in (0..<frame.width).map { frame[$0, y].text }.joined() }
                .joined(separator: "\n")
        }

        /// Waits until the viewer shows its item's picture (neither loading nor failed).
        func waitForThePicture(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await until("the viewer's picture", sourceLocation: sourceLocation) {
                let screen = self.screen
                return screen.contains("/") && !screen.contains("Loading…") && !screen.contains("Couldn't load")
            }
        }

        /// Waits until the screen holds every one of `texts` (up to a minute: never a verdict
        /// on speed).
        func waitFor(_ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await until("the screen to show \(texts)", sourceLocation: sourceLocation) {
                let screen = self.screen
                return texts.allSatisfy { screen.contains($0) }
            }
        }

        func until(
            _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @Sendable () -> Bool
        ) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition() {
                guard ContinuousClock.now < deadline else {
                    Issue.record("waited a minute for \(what); the screen:\n\(screen)", sourceLocation: sourceLocation)
                    throw CancellationError()
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    /// Something the test lets go on when it says so.
    final class Gate: Sendable {
        private let opened = Mutex(false)
        func open() { opened.withLock { $0 = true } }
        var isOpen: Bool { opened.withLock { $0 } }
        func wait() async {
            while !isOpen { try? await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// The loop's settings, and where a test's state is kept.
    struct Root: Sendable {
        var settings: InteractiveLoop.Settings
        /// A new in-memory store.
        func makeStore() async throws -> any SeenLikeStoring { MemoryStore() }
    }

    /// Seen, liked and muted state in memory.
    actor MemoryStore: SeenLikeStoring {
        var seen: [UserID: (items: Set<StoryItemID>, last: Int)] = [:]
        var liked: Set<StoryItemID> = []
        var muted: Set<UserID> = []
        func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
            var progress = seen[user] ?? ([], -1)
            progress.items.insert(item)
            progress.last = max(progress.last, index)
            seen[user] = progress
        }
        func markSeen(_ marks: [SeenMark]) async throws {
            for mark in marks { try await markSeen(mark.item, user: mark.user, index: mark.index) }
        }
        func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
            if liked { self.liked.insert(item) } else { self.liked.remove(item) }
        }
        func setMuted(_ user: UserID, _ muted: Bool) async throws {
            if muted { self.muted.insert(user) } else { self.muted.remove(user) }
        }
        func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> { liked.intersection(items) }
        func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
            Dictionary(
                users.map { user in
                    (
                        user,
                        UserProgress(
                            userID: user, seenItemIDs: seen[user]?.items ?? [], lastSeenIndex: seen[user]?.last ?? -1,
                            isMuted: muted.contains(user))
                    )
                }, uniquingKeysWith: { first, _ in first })
        }
        func summary() async throws -> SeenLikeSummary {
            SeenLikeSummary(
                seenItemIDs: seen.values.flatMap(\.items).sorted { $0.rawValue < $1.rawValue },
                likedItemIDs: liked.sorted { $0.rawValue < $1.rawValue }, users: [],
                mutedUserIDs: muted.sorted { $0.rawValue < $1.rawValue })
        }
        func reset(_ scope: ResetScope) async throws {
            seen = [:]
            liked = []
            muted = []
        }
    }
}
