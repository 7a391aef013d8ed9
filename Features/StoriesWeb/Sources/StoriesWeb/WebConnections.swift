import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Deadlines and slots for the server's connections, so that no client holds the server:
/// a request's head must arrive within ``Limits/head`` of the connection opening (slowloris),
/// its body within ``Limits/body`` of the head, a kept-alive connection's next request within
/// ``Limits/keepAlive``; an answer the client stops reading for ``Limits/stalled`` is dropped.
/// When the open connections pass ``Limits/soft``, or one address passes
/// ``Limits/perAddress``, the longest-waiting connection (idle, still sending its head or body,
/// not reading its answer, or following server-sent events, which its browser opens again) is
/// closed to make room; an HTTP/1.0 client without
/// keep-alive, and any answer that says `Connection: close`, is closed once answered.
///
/// Hummingbird's HTTP/1 channel has one idle timeout for all of these, and no idea of which
/// connection to give up when slots run short: this is written here for that reason.
final class WebConnections: Sendable {
    /// The deadlines and caps.
    struct Limits: Sendable {
        var head: TimeAmount = .seconds(10)
        var body: TimeAmount = .seconds(20)
        var keepAlive: TimeAmount = .seconds(5)
        var stalled: TimeAmount = .seconds(30)
        /// Above this many open connections, the longest-waiting one is closed for a new one.
        var soft = 192
        /// Above this many from one address, that address's longest-waiting one is closed
        /// (and the new one when none of its others is waiting).
        var perAddress = 64
        /// Connections accepted at once, at most (the listener stops accepting above it).
        var hard = 512
    }

    private struct Entry {
        var channel: any Channel
        var address: String
        /// When it began waiting for its client (head, body or next request); nil while answered.
        var waitingSince: NIODeadline?
    }

    let limits: Limits
    private let open = NIOLockedValueBox<[ObjectIdentifier: Entry]>([:])

    init(limits: Limits = Limits()) { self.limits = limits }

    /// How many connections are open.
    var count: Int { open.withLockedValue { $0.count } }

    /// Records `channel`; closes what must make room for it (perhaps itself).
    fileprivate func opened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let address = channel.remoteAddress?.ipAddress ?? "?"
        let victims: [any Channel] = open.withLockedValue { open in
            open[id] = Entry(channel: channel, address: address, waitingSince: .now())
            var victims: [any Channel] = []
            let fromAddress = open.filter { $0.value.address == address }
            if fromAddress.count > limits.perAddress {
                let victim = Self.longestWaiting(fromAddress.filter { $0.key != id }) ?? id
                victims.append(open.removeValue(forKey: victim)!.channel)
            }
            if open.count > limits.soft, let victim = Self.longestWaiting(open.filter { $0.key != id }) {
                victims.append(open.removeValue(forKey: victim)!.channel)
            }
            return victims
        }
        for victim in victims { victim.close(promise: nil) }
    }

    private static func longestWaiting(_ entries: [ObjectIdentifier: Entry]) -> ObjectIdentifier? {
        entries.compactMap { key, entry in entry.waitingSince.map { (key, $0) } }.min { $0.1 < $1.1 }?.0
    }

    fileprivate func waiting(_ channel: any Channel, _ waiting: Bool) {
        open.withLockedValue { $0[ObjectIdentifier(channel)]?.waitingSince = waiting ? .now() : nil }
    }

    fileprivate func closed(_ channel: any Channel) {
        _ = open.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The handler to put after NIO's HTTP/1 decoder.
    func handler() -> Guard { Guard(connections: self) }

    /// One connection's deadlines, at NIO's HTTP/1 level (where the request's version is known).
    final class Guard: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart

        private let connections: WebConnections
        private var deadline: Scheduled<Void>?
        private var stall: Scheduled<Void>?
        private var answering = false
        /// The answer is a stream the client opens again by itself (server-sent events): it
        /// holds no slot, and may be closed for a new connection like an idle one.
        private var streaming = false
        /// For each request received and not yet answered (clients may pipeline): whether its
        /// connection closes once it is answered.
        private var closing: [Bool] = []

        init(connections: WebConnections) { self.connections = connections }

        func handlerAdded(context: ChannelHandlerContext) {
            connections.opened(context.channel)
            arm(context, connections.limits.head)
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            deadline?.cancel()
            stall?.cancel()
            connections.closed(context.channel)
        }

        func channelInactive(context: ChannelHandlerContext) {
            connections.closed(context.channel)
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                closing.append(!head.isKeepAlive)
                arm(context, connections.limits.body)
            case .body:
                break
            case .end:
                deadline?.cancel()
                deadline = nil
                answering = true
                connections.waiting(context.channel, false)
            }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            switch unwrapOutboundIn(data) {
            case .head(var head):
                if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                    if !closing.isEmpty { closing[0] = true }
                } else if closing.first == true {
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                }
                if head.headers[canonicalForm: "content-type"].contains(where: { $0.hasPrefix("text/event-stream") }) {
                    streaming = true
                    connections.waiting(context.channel, true)
                }
                context.write(wrapOutboundOut(.head(head)), promise: promise)
            case .body:
                context.write(data, promise: promise)
            case .end:
                answering = false
                streaming = false
                stall?.cancel()
                stall = nil
                let closeAfterAnswer = closing.isEmpty ? false : closing.removeFirst()
                if closeAfterAnswer {
                    let done = promise ?? context.eventLoop.makePromise()
                    let channel = context.channel
                    done.futureResult.whenComplete { _ in channel.close(promise: nil) }
                    context.write(data, promise: done)
                } else {
                    context.write(data, promise: promise)
                    if closing.isEmpty {
                        connections.waiting(context.channel, true)
                        arm(context, connections.limits.keepAlive)
                    }
                }
            }
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            // A client that stops reading its answer waits like an idle one: its slot may be
            // given to a new connection, and after ``Limits/stalled`` it is closed.
            if context.channel.isWritable {
                stall?.cancel()
                stall = nil
                if answering && !streaming { connections.waiting(context.channel, false) }
            } else if answering, stall == nil {
                let channel = context.channel
                stall = context.eventLoop.scheduleTask(in: connections.limits.stalled) { channel.close(promise: nil) }
                connections.waiting(context.channel, true)
            }
            context.fireChannelWritabilityChanged()
        }

        /// Closes the connection after `time` unless another deadline replaces this one.
        private func arm(_ context: ChannelHandlerContext, _ time: TimeAmount) {
            deadline?.cancel()
            let channel = context.channel
            deadline = context.eventLoop.scheduleTask(in: time) { channel.close(promise: nil) }
        }
    }
}
