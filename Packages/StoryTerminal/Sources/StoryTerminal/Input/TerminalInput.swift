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
/// ending the stream's consumer stops the thread at once (a pipe wakes its `poll`, which
/// otherwise waits for input without a timeout).
public enum TerminalInput {
    /// Reads `fd` on a thread of its own into `queue` (bounded: ``InputQueue``), calling
    /// `ready` each time the queue stops being empty; the returned closure stops the reading
    /// (at once). When the terminal goes away, ``InputEvent/interrupt`` is queued (a
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
        /// Whether it was stopped, and the pipe whose byte wakes the thread's `poll` when it
        /// is: the thread waits for input without a timeout (no wake-up 33 times a second
        /// while nothing is typed), except for the 30 ms after a lone ESC. Without a pipe
        /// (none could be made) it looks every 30 ms, as it did.
        private let state: Mutex<State>

        struct State {
            var stopped = false
            var wake: (read: Int32, write: Int32)?
        }

        init(fd: Int32, yield: @escaping @Sendable (InputEvent) -> Void, finish: @escaping @Sendable () -> Void) {
            self.fd = fd
            self.yield = yield
            self.finish = finish
            var ends: [Int32] = [-1, -1]
            var wake: (read: Int32, write: Int32)? = nil
            if pipe(&ends) == 0 {
                for end in ends {
                    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                }
                wake = (ends[0], ends[1])
            }
            state = Mutex(State(wake: wake))
        }

        func start() {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self)
            let started = pthread_create(
                &thread, nil,
                { raw in
                    let reader = Unmanaged<Reader>.fromOpaque(raw!).takeRetainedValue()
                    reader.loop()
                    return nil
                }, box.toOpaque())
            guard started == 0 else {
                box.release()
                closeWake()
                return
            }
            pthread_detach(thread)
        }

        /// Stops the thread: at once where it waits on the pipe.
        func stop() {
            state.withLock { state in
                state.stopped = true
                if let wake = state.wake {
                    var byte: UInt8 = 1
                    #if canImport(Glibc)
                        _ = Glibc.write(wake.write, &byte, 1)
                    #else
                        _ = Darwin.write(wake.write, &byte, 1)
                    #endif
                }
            }
        }

        private var isStopped: Bool { state.withLock { $0.stopped } }

        /// Closes the pipe (once the thread no longer waits on it; a later stop writes nothing).
        private func closeWake() {
            state.withLock { state in
                if let wake = state.wake {
                    close(wake.read)
                    close(wake.write)
                    state.wake = nil
                }
            }
        }

        private func loop() {
            defer {
                closeWake()
                finish()
            }
            var decoder = InputDecoder()
            var bytes = [UInt8](repeating: 0, count: 1024)
            let wake = state.withLock { $0.wake?.read } ?? -1
            var pollers = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            while !isStopped {
                pollers[0].revents = 0
                pollers[1].revents = 0
                // A lone ESC waits 30 ms for what may follow it; without a pipe, every wait does.
                let timeout: Int32 = decoder.isWaiting || wake < 0 ? 30 : -1
                let ready = poll(&pollers, wake < 0 ? 1 : 2, timeout)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if ready == 0 {
                    if decoder.isWaiting { for event in decoder.flush() { yield(event) } }
                    continue
                }
                if pollers[0].revents == 0 { continue }  // woken by stop: the loop's test ends it
                #if canImport(Glibc)
                    let count = Glibc.read(fd, &bytes, bytes.count)
                #else
                    let count = Darwin.read(fd, &bytes, bytes.count)
                #endif
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
