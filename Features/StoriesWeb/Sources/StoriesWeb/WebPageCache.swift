import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryInterfaces
import Synchronization

/// Answers built once and sent as the same bytes until the state changes (the store's
/// ``StateVersioned`` number moves) or the content may have (after ``contentLifetime``): the
/// tray page and `/api/users/{user}` under load cost a dictionary lookup and one version read,
/// not a content page, a query per user and an HTML build. A store without a version is read
/// every time.
final class WebPageCache: Sendable {
    struct Entry: Sendable {
        var version: Int
        var made: ContinuousClock.Instant
        var body: ByteBuffer
        /// The body gzipped, when that is smaller.
        var gzipped: ByteBuffer?
        var tag: String
        var type: String
    }

    /// How long an answer may outlive a change of the content (a folder's new photo, a
    /// document edited): the content has no version of its own to ask. Past it, the kept
    /// answer is still sent while one new one is made beside it.
    static let contentLifetime: Duration = .seconds(2)
    private let entries = Mutex<[String: Entry]>([:])
    /// The answers being made, one a key: a burst of requests for a page no one has yet waits
    /// for one build instead of making it each.
    private let making = Mutex<[String: Task<Entry, any Error>]>([:])
    private let store: (any StateVersioned)?

    init(store: any SeenLikeStoring) { self.store = store as? any StateVersioned }

    /// The answer for `key`: kept bytes while the state's version holds (made anew in the
    /// background once older than ``contentLifetime``), else `make()`'s, made once however
    /// many ask at the same time; `type` its media type, `cache` its Cache-Control; gzipped
    /// (compressed once, kept) for a request that takes it.
    func answer(
        _ key: String, type: String, cache: String, gzip: Bool, make: @escaping @Sendable () async throws -> Data
    ) async throws -> Response {
        guard let store, let version = try? await store.stateVersion() else {
            return Self.response(try await Self.entry(version: 0, type: type, make), cache: cache, gzip: gzip)
        }
        if let kept = entries.withLock({ $0[key] }), kept.version == version {
            if ContinuousClock.now - kept.made >= Self.contentLifetime {
                _ = building(key, version: version, type: type, make)
            }
            return Self.response(kept, cache: cache, gzip: gzip)
        }
        return Self.response(
            try await building(key, version: version, type: type, make).value, cache: cache, gzip: gzip)
    }

    /// The build of `key` under way, or a new one, which keeps its answer when it ends.
    private func building(
        _ key: String, version: Int, type: String, _ make: @escaping @Sendable () async throws -> Data
    ) -> Task<Entry, any Error> {
        making.withLock { making in
            if let task = making[key] { return task }
            let task = Task {
                defer { _ = self.making.withLock { $0.removeValue(forKey: key) } }
                let entry = try await Self.entry(version: version, type: type, make)
                self.entries.withLock { entries in
                    if entries.count >= 512 { entries.removeAll() }
                    entries[key] = entry
                }
                return entry
            }
            making[key] = task
            return task
        }
    }

    private static func entry(version: Int, type: String, _ make: () async throws -> Data) async throws -> Entry {
        let data = try await make()
        let body = ByteBuffer(bytes: data)
        return Entry(
            version: version, made: .now, body: body, gzipped: WebCompression.gzip(body),
            tag: "\"\(WebAssets.fingerprint(String(decoding: data, as: UTF8.self)))\"", type: type)
    }

    private static func response(_ entry: Entry, cache: String, gzip: Bool) -> Response {
        WebCompression.respond(
            entry.body, gzipped: entry.gzipped, gzip: gzip,
            headers: [.contentType: entry.type, .cacheControl: cache], tag: entry.tag)
    }
}
