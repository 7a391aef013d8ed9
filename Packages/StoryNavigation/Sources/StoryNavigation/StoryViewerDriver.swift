public import StoryInterfaces

/// Runs a ``StoryViewer`` live: ticks from an injected ``ClockTicking`` (a
/// ``ContinuousClockTicker`` in the app, a manual one in tests), media loads started when an
/// item is shown or retried, and commands from the screen. Every batch of events is
/// published in order with the state after it.
public actor StoryViewerDriver {
    /// A batch of events and the viewer after them.
    public struct Update: Sendable {
        /// The events, in order.
        public var events: [ViewerEvent]
        /// The state after them.
        public var viewer: StoryViewer
    }

    /// The viewer now.
    public private(set) var viewer: StoryViewer
    private let ticker: any ClockTicking
    private let tickInterval: Duration
    private let loadMedia: @Sendable (StoryItem) async throws -> Void
    private var loading: (item: StoryItemID, task: Task<Void, Never>)?
    private let updates: AsyncStream<Update>.Continuation
    /// Every batch of events, in order; ends when the viewer closes.
    public nonisolated let stream: AsyncStream<Update>

    /// A driver for an opened viewer.
    ///
    /// - Parameters:
    ///   - opening: the events `StoryViewer.open` returned; published first.
    ///   - tickInterval: how often the clock ticks (the bar's smoothness, not its accuracy:
    ///     each tick carries the measured time).
    ///   - loadMedia: loads an item's media; throwing means it failed.
    public init(
        viewer: StoryViewer, opening: [ViewerEvent], ticker: any ClockTicking,
        tickInterval: Duration = .milliseconds(100), loadMedia: @escaping @Sendable (StoryItem) async throws -> Void
    ) {
        self.viewer = viewer
        self.ticker = ticker
        self.tickInterval = tickInterval
        self.loadMedia = loadMedia
        (stream, updates) = AsyncStream.makeStream(of: Update.self)
        pending = opening
    }

    private var pending: [ViewerEvent]

    /// Publishes the opening events, starts the first load, and feeds ticks until the viewer
    /// closes or the task is cancelled.
    public func run() async {
        publish(pending)
        pending = []
        for await time in ticker.ticks(every: tickInterval) {
            guard viewer.position != nil else { break }
            publish(viewer.apply(.tick(time)))
        }
        updates.finish()
    }

    /// Applies a command from the screen (a key, a click).
    public func send(_ command: ViewerCommand) {
        publish(viewer.apply(command))
    }

    private func publish(_ events: [ViewerEvent]) {
        guard !events.isEmpty else { return }
        updates.yield(Update(events: events, viewer: viewer))
        if viewer.position == nil {
            loading?.task.cancel()
            loading = nil
            updates.finish()
            return
        }
        startLoadIfNeeded()
    }

    private func startLoadIfNeeded() {
        guard viewer.media == .loading, let item = viewer.current?.item else { return }
        if let loading, loading.item == item.id { return }
        loading?.task.cancel()
        let load = loadMedia
        let task = Task {
            let outcome: ViewerCommand
            do {
                try await load(item)
                outcome = .mediaReady(item.id)
            } catch {
                outcome = .mediaFailed(item.id, reason: String(describing: error))
            }
            guard !Task.isCancelled else { return }
            self.finishLoad(item.id, outcome)
        }
        loading = (item.id, task)
    }

    private func finishLoad(_ item: StoryItemID, _ outcome: ViewerCommand) {
        guard loading?.item == item else { return }
        loading = nil
        publish(viewer.apply(outcome))  // the reducer ignores it if the item is no longer current
    }
}
