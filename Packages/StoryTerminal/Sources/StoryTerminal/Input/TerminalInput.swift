import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's keys and clicks as a stream, beside ``TerminalSession/resizes()``: the input
/// bytes are read (`poll` + `read`) on a thread of its own — never on the cooperative pool —
/// and decoded by ``InputDecoder``; a lone ESC becomes Esc when nothing follows it within
/// 30 ms. When the terminal goes away the stream yields ``InputEvent/interrupt`` and ends;
/// ending the stream's consumer stops the thread within 30 ms.
public enum TerminalInput {
    /// Reads `fd` on a thread of its own into `queue` (bounded: ``InputQueue``), calling
    /// `ready` each time the queue stops being empty; the returned closure stops the reading
    /// (within 30 ms). When the terminal goes away, ``InputEvent/interrupt`` is queued (a
    /// quitting key: it goes first) and the reading ends.
    public static func read(
        fd: Int32, into queue: InputQueue, ready: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        let reader = Reader(fd: fd) { event in
            if queue.push(event) { ready() }
        } finish: {
        }
        reader.start()
        return { reader.stop() }
    }

    /// The events read from `fd` (standard input in the app).
    public static func events(fd: Int32) -> AsyncStream<InputEvent> {
        AsyncStream { continuation in
            let reader = Reader(fd: fd) {
                continuation.yield($0)
            } finish: {
                continuation.finish()
            }
            continuation.onTermination = { _ in reader.stop() }
            reader.start()
        }
    }

    private final class Reader: Sendable {
        private let fd: Int32
        private let yield: @Sendable (InputEvent) -> Void
        private let finish: @Sendable () -> Void
        private let stopped = Mutex(false)

        init(fd: Int32, yield: @escaping @Sendable (InputEvent) -> Void, finish: @escaping @Sendable () -> Void) {
            self.fd = fd
            self.yield = yield
            self.finish = finish
        }

        func start() {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self)
            pthread_create(
                &thread, nil,
                { raw in
                    let reader = Unmanaged<Reader>.fromOpaque(raw!).takeRetainedValue()
                    reader.loop()
                    return nil
                }, box.toOpaque())
            pthread_detach(thread)
        }

        func stop() { stopped.withLock { $0 = true } }

        private var isStopped: Bool { stopped.withLock { $0 } }

        private func loop() {
            defer { finish() }
            var decoder = InputDecoder()
            var bytes = [UInt8](repeating: 0, count: 1024)
            while !isStopped {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 30)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if ready == 0 {
                    if decoder.isWaiting { for event in decoder.flush() { yield(event) } }
                    continue
                }
                let count = Glibc.read(fd, &bytes, bytes.count)
                if count <= 0 {
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    yield(.interrupt)  // the terminal is gone: end the app
                    return
                }
                for event in decoder.feed(bytes[0..<count]) { yield(event) }
            }
        }
    }
}
