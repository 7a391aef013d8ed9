import FlyingFox
import FlyingSocks
import Foundation

/// The faults picsum-stub injects, by `--fault KIND` for every request or `?fault=KIND` for one.
enum Fault: String, CaseIterable, Sendable {
    /// 500 with a plain-text body.
    case serverError = "500"
    /// 503 with a plain-text body.
    case unavailable = "503"
    /// 429 with `Retry-After: 1`.
    case tooManyRequests = "429"
    /// A 200 whose body trickles out a byte a second: slower than any sensible timeout.
    case slowBody = "slow"
    /// A 200 that promises more bytes than it sends, then closes the connection.
    case truncated = "truncate"
    /// A 200 with an HTML page instead of JSON or an image.
    case html
    /// A 302 to itself, forever.
    case redirectLoop = "loop"
    /// Headers, then the connection closed with nothing more (no body at all).
    case reset
    /// A 200 gzip body of 64 MiB of zeros (about 64 KB on the wire): a compression bomb.
    case gzipBomb = "gzipbomb"
    /// A 200 announcing `Content-Length: 2147483648`, then streaming zeros.
    case huge
    /// A 200 chunked body of 200 MiB, with no length announced.
    case chunked
    /// A 200 of 100,000 bytes dripping 100 bytes a second (never idle, never done in time).
    case drip
    /// 429 with `Retry-After: 100000`.
    case longRetryAfter = "retryafter"
    /// A 200 list page of 1,000,000 photos (about 137 MB of JSON, chunked).
    case hugeList = "biglist"
}

/// A body made chunk by chunk as it is sent (`chunk(i)` for i = 0, 1, …; nil ends it), each
/// after `delay`: bodies far larger than memory, slow ones, endless ones.
struct GeneratedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let delay: Duration
    let chunk: @Sendable (Int) -> [UInt8]?

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: GeneratedBody
        var index = 0
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                if body.delay > .zero { try await Task.sleep(for: body.delay) }
                guard let next = body.chunk(index) else { return nil }
                index += 1
                pending = next
            }
            let step = Swift.min(Swift.max(1, count), pending.count)
            defer { pending.removeFirst(step) }
            return Array(pending[0..<step])
        }
    }
}

/// A body that can be slow and can stop early by closing the connection.
struct FaultyBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let delay: Duration
    let cutAfter: Int?

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: FaultyBody
        var offset = 0

        mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if let cut = body.cutAfter, offset >= cut { throw SocketError.disconnected }
            guard offset < body.bytes.count else { return nil }
            if body.delay > .zero { try await Task.sleep(for: body.delay) }
            let remaining = Swift.min(body.bytes.count, body.cutAfter ?? Int.max) - offset
            let step = body.delay > .zero ? 1 : Swift.min(count, remaining)
            defer { offset += step }
            return Array(body.bytes[offset..<(offset + step)])
        }
    }
}
