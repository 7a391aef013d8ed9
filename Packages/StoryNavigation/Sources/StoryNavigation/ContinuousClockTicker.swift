public import StoryInterfaces

/// The live ``ClockTicking``: ticks from a `Clock` (a `ContinuousClock` by default), each
/// carrying the time measured since the previous tick, so a late tick loses no time.
public struct ContinuousClockTicker<C: Clock>: ClockTicking where C.Duration == Duration {
    private let clock: C

    /// Ticks from `clock`.
    public init(clock: C) {
        self.clock = clock
    }

    /// Ticks every `interval` until the consumer stops listening.
    public func ticks(every interval: Duration) -> AsyncStream<Duration> {
        let clock = clock
        return AsyncStream { continuation in
            let task = Task {
                var last = clock.now
                while !Task.isCancelled {
                    do {
                        try await clock.sleep(until: last.advanced(by: interval), tolerance: nil)
                    } catch {
                        break
                    }
                    let now = clock.now
                    continuation.yield(last.duration(to: now))
                    last = now
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension ContinuousClockTicker where C == ContinuousClock {
    /// Ticks from the system's continuous clock.
    public init() {
        self.init(clock: ContinuousClock())
    }
}
