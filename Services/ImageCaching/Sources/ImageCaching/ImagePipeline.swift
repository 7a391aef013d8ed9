public import Foundation
import StoryBase
public import StoryInterfaces

/// An ``ImageLoading`` over any download: memory, then disk, then one download per URL however
/// many ask (PRODUCT.md §5). A download is cancelled when the last caller waiting for it is cancelled;
/// at most `network.maxConcurrent` run at once, on-screen requests before prefetches; only
/// complete bodies that sniff as media are kept (an HTML page with status 200 never is).
public actor ImagePipeline: ImageLoading {
    private struct Flight {
        var id: Int
        var task: Task<Data, any Error>
        var waiters: Int
        var pinned: Bool  // a prefetch: runs to the end even with nobody waiting
    }

    private let download: @Sendable (URL) async throws -> Data
    /// The memory cache.
    public nonisolated let memory: MemoryImageCache
    /// The disk cache, if any.
    public nonisolated let disk: DiskImageCache?
    private let slots: DownloadSlots
    private var flights: [URL: Flight] = [:]
    private var nextID = 0
    /// Downloads started (for tests and diagnostics).
    public private(set) var downloadCount = 0

    private let accepts: @Sendable (Data) throws -> Void

    /// A pipeline over `download` (a URL's whole body, e.g. `PicsumClient.imageData`) with the
    /// given caches and concurrency. `accepts` is the rule for what may be shown and kept (the
    /// app passes the decoder's size and pixel limits): a body it refuses is thrown as its error
    /// and never cached.
    public init(
        download: @escaping @Sendable (URL) async throws -> Data, memory: MemoryImageCache, disk: DiskImageCache?,
        maxConcurrent: Int, accepts: @escaping @Sendable (Data) throws -> Void = { _ in }
    ) {
        self.download = download
        self.memory = memory
        self.disk = disk
        self.slots = DownloadSlots(maximum: maxConcurrent)
        self.accepts = accepts
    }

    /// The body for `url`, from the caches or the network.
    public func imageData(for url: URL, priority: ImagePriority) async throws -> Data {
        if let data = memory.data(for: url.absoluteString) { return data }
        let flight = join(url, priority: priority, pinned: false)
        return try await withTaskCancellationHandler {
            defer { leave(url, id: flight.id) }
            return try await flight.task.value
        } onCancel: {
            Task { await self.leave(url, id: flight.id, cancelled: true) }
        }
    }

    /// Starts loading `urls` at low priority; they finish even if nobody asks for them.
    public func prefetch(_ urls: [URL]) async {
        for url in urls where memory.data(for: url.absoluteString) == nil {
            _ = join(url, priority: .low, pinned: true)
            flights[url]?.waiters -= 1
        }
    }

    /// Downloads waiting for a slot (for tests that order requests by what is queued).
    public var waitingDownloads: Int { get async { await slots.waitingCount } }

    /// The disk cache's reads and writes block: they run on a queue of their own, never on
    /// the cooperative pool.
    static let diskIO = BlockingQueue(label: "stories.disk-cache")

    private func join(_ url: URL, priority: ImagePriority, pinned: Bool) -> Flight {
        if var flight = flights[url] {
            flight.waiters += 1
            flight.pinned = flight.pinned || pinned
            flights[url] = flight
            if priority == .high { Task { await slots.raise(flight.id) } }
            return flight
        }
        nextID += 1
        let id = nextID
        // Detached: cache reads and writes and the download run off this actor.
        let task = Task.detached { [download, memory, disk, slots, accepts] in
            defer { Task { await self.finish(url, id: id) } }
            if let disk, let data = await Self.diskIO.run({ disk.data(for: url) }) {
                try accepts(data)  // kept by an older build with other limits: refused all the same
                memory.insert(data, for: url.absoluteString)
                return data
            }
            try await slots.acquire(id: id, priority: priority)
            await self.countDownload()
            let data: Data
            do {
                data = try await download(url)
                await slots.release()
            } catch {
                await slots.release()
                throw error
            }
            guard let format = MediaFormat.sniff(data), format.looksComplete(data) else {
                throw ImagePipelineError.notMedia(url)
            }
            try accepts(data)
            if let disk { _ = await Self.diskIO.run { disk.store(data, for: url) } }
            memory.insert(data, for: url.absoluteString)
            return data
        }
        let flight = Flight(id: id, task: task, waiters: 1, pinned: pinned)
        flights[url] = flight
        return flight
    }

    private func leave(_ url: URL, id: Int, cancelled: Bool = false) {
        guard var flight = flights[url], flight.id == id else { return }
        flight.waiters -= 1
        flights[url] = flight
        if cancelled, flight.waiters <= 0, !flight.pinned {
            flight.task.cancel()
            flights[url] = nil
        }
    }

    private func finish(_ url: URL, id: Int) {
        if flights[url]?.id == id { flights[url] = nil }
    }

    private func countDownload() { downloadCount += 1 }
}

/// Why the pipeline refused a body.
public enum ImagePipelineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not a complete JPEG, PNG, GIF, WebP or video (an HTML page, a cut-off file).
    case notMedia(URL)

    /// One line.
    public var description: String {
        switch self {
        case .notMedia(let url): "\(url.absoluteString) did not answer with a complete picture or video"
        }
    }
}
