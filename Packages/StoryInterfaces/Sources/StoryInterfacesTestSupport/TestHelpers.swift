/// A deterministic random source for property tests (SplitMix64), so a failing seed reproduces.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Waits until `condition` holds; returns whether it did. First by yielding (10 000 turns:
/// enough for work on the pool), then — for work on other threads (GRDB's queues, the disk
/// cache's queue, URLSession's) on a busy machine — by polling every millisecond for up to
/// 30 s. The deadline only ends a wait for what never comes; it is not a speed bound.
public func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if await condition() { return true }
        await Task.yield()
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
