import StoriesScreens
import StoryTerminal
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the terminal's input bytes on a thread of its own and sends decoded keys and
/// clicks; a lone ESC becomes Esc when nothing follows it within 30 ms.
final class InputReader: @unchecked Sendable {
    private let fd: Int32
    private let send: @Sendable (AppMessage) -> Void
    private let stopped = Mutex(false)

    init(fd: Int32, send: @escaping @Sendable (AppMessage) -> Void) {
        self.fd = fd
        self.send = send
    }

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self)
        pthread_create(
            &thread, nil,
            { raw in
                let reader = Unmanaged<InputReader>.fromOpaque(raw!).takeRetainedValue()
                reader.loop()
                return nil
            }, box.toOpaque())
        pthread_detach(thread)
    }

    func stop() { stopped.withLock { $0 = true } }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func loop() {
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
                if decoder.isWaiting { for event in decoder.flush() { send(.input(event)) } }
                continue
            }
            let count = read(fd, &bytes, bytes.count)
            if count <= 0 {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                send(.input(.interrupt))  // the terminal is gone: end the app
                return
            }
            for event in decoder.feed(bytes[0..<count]) { send(.input(event)) }
        }
    }
}
