/// A source of clock ticks for the viewer's driver: `ContinuousClock` live, a manual clock
/// in tests and in `view --keys`, so auto-advance is tested without sleeping.
public protocol ClockTicking: Sendable {
    /// Ticks roughly every `interval`; each element is the time that passed since the
    /// previous one (measured, not assumed). The stream ends when the task is cancelled.
    func ticks(every interval: Duration) -> AsyncStream<Duration>
}
