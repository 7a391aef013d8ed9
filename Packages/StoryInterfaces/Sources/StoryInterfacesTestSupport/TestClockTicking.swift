public import StoryInterfaces
public import Testing

/// A closure-backed ``ClockTicking``: fails the test when called without `onTicks`.
public struct TestClockTicking: ClockTicking {
    /// Answers ``ticks(every:)``.
    public var onTicks: @Sendable (Duration) -> AsyncStream<Duration>

    /// Creates a double; without `onTicks` a call records an issue and returns a finished stream.
    public init(
        onTicks: (@Sendable (Duration) -> AsyncStream<Duration>)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.onTicks =
            onTicks ?? { _ in
                _ = UnexpectedCall.record("ticks(every:)", sourceLocation: sourceLocation)
                return AsyncStream { $0.finish() }
            }
    }

    /// Calls ``onTicks``.
    public func ticks(every interval: Duration) -> AsyncStream<Duration> { onTicks(interval) }

    /// A double whose stream yields `steps` and then finishes.
    public static func scripted(_ steps: [Duration]) -> TestClockTicking {
        TestClockTicking(onTicks: { _ in
            AsyncStream { continuation in
                for step in steps { continuation.yield(step) }
                continuation.finish()
            }
        })
    }
}
