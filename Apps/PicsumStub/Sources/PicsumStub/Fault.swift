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
