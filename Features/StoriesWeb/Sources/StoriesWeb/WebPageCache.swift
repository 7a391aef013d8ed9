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
        var tag: String
        var type: String
    }

    /// How long an answer may outlive a change of the content (a folder's new photo, a
    /// document edited): the content has no version of its own to ask.
    static let contentLifetime: Duration = .seconds(2)
    private let entries = Mutex<[String: Entry]>([:])
    private let store: (any StateVersioned)?

    init(store: any SeenLikeStoring) { self.store = store as? any StateVersioned }

    /// The answer for `key`: kept bytes while the state's version and the content's lifetime
    /// hold, else `make()`'s (kept for next time); `type` its media type, `cache` its
    /// Cache-Control.
    func answer(
        _ key: String, type: String, cache: String, make: () async throws -> Data
    ) async throws -> Response {
        let version = try? await store?.stateVersion()
        let now = ContinuousClock.now
        if let version, let kept = entries.withLock({ $0[key] }), kept.version == version,
            now - kept.made < Self.contentLifetime
        {
            return Self.response(kept, cache: cache)
        }
        let data = try await make()
        let entry = Entry(
            version: version ?? 0, made: now, body: ByteBuffer(bytes: data),
            tag: "\"\(WebAssets.fingerprint(String(decoding: data, as: UTF8.self)))\"", type: type)
        if let version {
            entries.withLock { entries in
                if entries.count >= 512 { entries.removeAll() }
                entries[key] = entry
            }
        }
        return Self.response(entry, cache: cache)
    }

    private static func response(_ entry: Entry, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: entry.type, .cacheControl: cache, .eTag: entry.tag],
            body: .init(byteBuffer: entry.body))
    }
}
