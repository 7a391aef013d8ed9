import Foundation
import ImageCaching
import StoryBase
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// A complete tiny JPEG-looking body (sniffs as JPEG, ends with EOI) of `size` bytes.
func jpegBody(_ size: Int, fill: UInt8 = 0x11) -> Data {
    Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: fill, count: max(0, size - 6)) + [0xFF, 0xD9])
}

func temporaryFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)").path
}

func pipeline(_ base: URL, maxConcurrent: Int = 4, diskLimit: Int = 1 << 20, memoryLimit: Int = 1 << 20) throws
    -> ImagePipeline
{
    ImagePipeline(
        download: StubDownloads.download, memory: MemoryImageCache(limit: memoryLimit),
        disk: try DiskImageCache(path: temporaryFolder(), limit: diskLimit), maxConcurrent: maxConcurrent)
}

@Suite("Image pipeline")
struct ImagePipelineTests {
    @Test func aHundredWaitersMakeOneRequest() async throws {
        let base = StubDownloads.register { _ in .init(body: jpegBody(5_000)) }
        let images = try pipeline(base)
        let url = base.appendingPathComponent("id/1/100/100")
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<100 { group.addTask { try await images.imageData(for: url, priority: .high) } }
            for try await data in group { #expect(data.count == 5_000) }
        }
        #expect(StubDownloads.requests(base).count == 1)
    }

    @Test func theDownloadIsCancelledWhenTheLastWaiterLeaves() async throws {
        let base = StubDownloads.register { _ in .init(hang: true) }
        let images = try pipeline(base)
        let url = base.appendingPathComponent("id/2/100/100")
        let waiters = (0..<3).map { _ in Task { try await images.imageData(for: url, priority: .high) } }
        #expect(await eventually { StubDownloads.requests(base).count == 1 })
        waiters[0].cancel()
        waiters[1].cancel()
        for _ in 0..<200 { await Task.yield() }
        #expect(StubDownloads.stopped(base) == 0, "one waiter is left")
        waiters[2].cancel()
        #expect(await eventually { StubDownloads.stopped(base) == 1 })
        for waiter in waiters { _ = await waiter.result }
    }

    @Test func atMostMaxConcurrentDownloadsRun() async throws {
        let base = StubDownloads.register { _ in .init(hang: true) }
        let images = try pipeline(base, maxConcurrent: 2)
        let tasks = (0..<5).map { index in
            Task { try await images.imageData(for: base.appendingPathComponent("id/\(index)/10/10"), priority: .high) }
        }
        #expect(await eventually { StubDownloads.requests(base).count == 2 })
        for _ in 0..<300 { await Task.yield() }
        #expect(StubDownloads.requests(base).count == 2)
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.result }
    }

    @Test func onScreenRequestsGoBeforePrefetches() async throws {
        let base = StubDownloads.register { _ in .init(hang: true) }
        let images = try pipeline(base, maxConcurrent: 1)
        let busy = Task { try await images.imageData(for: base.appendingPathComponent("id/0/1/1"), priority: .high) }
        #expect(await eventually { StubDownloads.requests(base).count == 1 })
        await images.prefetch([base.appendingPathComponent("id/1/1/1")])
        #expect(await eventually { await images.waitingDownloads == 1 }, "the prefetch waits for the slot")
        let shown = Task { try await images.imageData(for: base.appendingPathComponent("id/2/1/1"), priority: .high) }
        #expect(await eventually { await images.waitingDownloads == 2 }, "and so does the shown image")
        busy.cancel()  // frees the one slot
        #expect(await eventually { StubDownloads.requests(base).count == 2 })
        #expect(StubDownloads.requests(base).map(\.path) == ["/id/0/1/1", "/id/2/1/1"], "the shown image first")
        shown.cancel()
        _ = await busy.result
        _ = await shown.result
    }

    @Test func anHTMLPageWithStatus200IsNeverStored() async throws {
        let base = StubDownloads.register { _ in
            .init(body: Data("<!DOCTYPE html><p>portal".utf8))
        }
        let images = try pipeline(base)
        let url = base.appendingPathComponent("id/3/10/10")
        await #expect(throws: ImagePipelineError.notMedia(url)) {
            try await images.imageData(for: url, priority: .high)
        }
        #expect(images.disk?.statistics().entries == 0)
        #expect(images.memory.byteCount == 0)
    }

    @Test func aCutOffBodyIsNeverStored() async throws {
        let base = StubDownloads.register { _ in .init(body: jpegBody(2_000).dropLast(2)) }
        let images = try pipeline(base)
        let url = base.appendingPathComponent("id/4/10/10")
        await #expect(throws: ImagePipelineError.notMedia(url)) {
            try await images.imageData(for: url, priority: .high)
        }
        #expect(images.disk?.statistics().entries == 0)
    }

    @Test func aSecondPipelineReadsTheDiskAndADamagedFileIsFetchedAgain() async throws {
        let base = StubDownloads.register { _ in .init(body: jpegBody(3_000)) }
        let folder = temporaryFolder()
        let url = base.appendingPathComponent("id/5/10/10")
        let first = ImagePipeline(
            download: StubDownloads.download, memory: MemoryImageCache(limit: 1 << 20),
            disk: try DiskImageCache(path: folder, limit: 1 << 20), maxConcurrent: 2)
        _ = try await first.imageData(for: url, priority: .high)
        let second = ImagePipeline(
            download: StubDownloads.download, memory: MemoryImageCache(limit: 1 << 20),
            disk: try DiskImageCache(path: folder, limit: 1 << 20), maxConcurrent: 2)
        _ = try await second.imageData(for: url, priority: .high)
        #expect(StubDownloads.requests(base).count == 1, "the second read the disk")
        // Truncate the stored body: it is detected on read and fetched again.
        let file = URL(fileURLWithPath: folder).appendingPathComponent(DiskImageCache.key(for: url))
        try Data(try Data(contentsOf: file).prefix(100)).write(to: file)
        let third = ImagePipeline(
            download: StubDownloads.download, memory: MemoryImageCache(limit: 1 << 20),
            disk: try DiskImageCache(path: folder, limit: 1 << 20), maxConcurrent: 2)
        #expect(try await third.imageData(for: url, priority: .high).count == 3_000)
        #expect(StubDownloads.requests(base).count == 2)
    }

    @Test func prefetchedImagesAreThereWhenShown() async throws {
        let base = StubDownloads.register { _ in .init(body: jpegBody(1_000)) }
        let images = try pipeline(base)
        let urls = (0..<3).map { base.appendingPathComponent("id/\($0)/10/10") }
        await images.prefetch(urls)
        #expect(await eventually { images.memory.byteCount == 3_000 })
        for url in urls { _ = try await images.imageData(for: url, priority: .high) }
        #expect(StubDownloads.requests(base).count == 3)
    }
}

@Suite("Image caches")
struct ImageCacheTests {
    @Test func theDiskCacheNeverHoldsMoreThanItsLimit() throws {
        let limit = 100_000
        let disk = try DiskImageCache(path: temporaryFolder(), limit: limit)
        for index in 0..<100 {  // 10 × the limit in writes
            let url = URL(string: "https://picsum.photos/id/\(index)/100/100")!
            #expect(disk.store(jpegBody(9_000 + index * 11, fill: UInt8(index % 200)), for: url))
            let onDisk = try FileManager.default.contentsOfDirectory(atPath: disk.folder.path).reduce(0) {
                total, name in
                total
                    + ((try FileManager.default.attributesOfItem(atPath: disk.folder.appendingPathComponent(name).path)[
                        .size] as? NSNumber)?.intValue ?? 0)
            }
            #expect(onDisk <= limit)
        }
        #expect(disk.statistics().entries >= 8)
        #expect(disk.data(for: URL(string: "https://picsum.photos/id/99/100/100")!) != nil, "the newest stays")
        #expect(disk.data(for: URL(string: "https://picsum.photos/id/0/100/100")!) == nil, "the oldest went")
    }

    static func bytesOnDisk(_ folder: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
            total
                + ((try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]
                    as? NSNumber)?.intValue ?? 0)
        }
    }

    /// Two caches on one folder (as two processes have: each its own in-process lock) writing
    /// at once on two threads: together they never leave more than the limit on disk (six
    /// processes reached 2× the limit when eviction was locked per process).
    @Test func twoCachesOnOneFolderKeepTheLimitTogether() async throws {
        let folder = temporaryFolder()
        let limit = 60_000
        let caches = try [DiskImageCache(path: folder, limit: limit), DiskImageCache(path: folder, limit: limit)]
        for round in 0..<5 {
            async let first: Void = try OwnThread.run {
                for index in 0..<40 {
                    caches[0].store(
                        jpegBody(9_000), for: URL(string: "https://picsum.photos/id/a\(round)-\(index)/9/9")!)
                }
            }
            async let second: Void = try OwnThread.run {
                for index in 0..<40 {
                    caches[1].store(
                        jpegBody(9_000), for: URL(string: "https://picsum.photos/id/b\(round)-\(index)/9/9")!)
                }
            }
            _ = try await (first, second)
            #expect(try Self.bytesOnDisk(URL(fileURLWithPath: folder)) <= limit)
        }
    }

    /// Temporary files a killed download left (older than a minute) are removed and counted;
    /// a fresh one (a write under way) is left alone.
    @Test func strayTemporaryFilesAreCleanedAndCounted() throws {
        let disk = try DiskImageCache(path: temporaryFolder(), limit: 1 << 20)
        let old = disk.folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        let fresh = disk.folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        try jpegBody(5_000).write(to: old)
        try jpegBody(5_000).write(to: fresh)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: old.path)
        #expect(disk.statistics().removedStray == 1)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
    }

    /// An entry too large to be ours (a sparse 10 GB file under an entry's name) is neither
    /// counted nor read: stats and verify remove it by its size alone.
    @Test(arguments: ["stats", "verify"])
    func entriesTooLargeToBeOursAreRemovedUnread(action: String) throws {
        let disk = try DiskImageCache(path: temporaryFolder(), limit: 256 << 20)
        let url = URL(string: "https://picsum.photos/id/1/9/9")!
        #expect(disk.store(jpegBody(2_000), for: url))
        let huge = disk.folder.appendingPathComponent(DiskImageCache.key(for: URL(string: "https://x.test/huge")!))
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 10 << 30)  // sparse: no disk used, nothing to read
        try handle.close()
        if action == "stats" {
            let stats = disk.statistics()
            #expect(stats.entries == 1 && stats.removedStray == 1 && stats.bytes < 10_000)
        } else {
            let result = disk.verify()
            #expect(result.checked == 1 && result.removed == 0 && result.removedStray == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: huge.path))
    }

    @Test func namesAreTheSHA256OfThePicsumURL() throws {
        let disk = try DiskImageCache(path: temporaryFolder(), limit: 1 << 20)
        let url = URL(string: "https://picsum.photos/id/0/200/300")!
        disk.store(jpegBody(100), for: url)
        #expect(
            DiskImageCache.key(for: URL(string: "abc")!)
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            FileManager.default.fileExists(
                atPath: disk.folder.appendingPathComponent(DiskImageCache.key(for: url)).path))
    }

    @Test func verifyRemovesEntriesWhoseBytesChanged() throws {
        let disk = try DiskImageCache(path: temporaryFolder(), limit: 1 << 20)
        let good = URL(string: "https://picsum.photos/id/1/10/10")!
        let bad = URL(string: "https://picsum.photos/id/2/10/10")!
        disk.store(jpegBody(500), for: good)
        disk.store(jpegBody(500), for: bad)
        var bytes = try Data(contentsOf: disk.folder.appendingPathComponent(DiskImageCache.key(for: bad)))
        bytes[100] ^= 0xFF  // same length, still "complete", but not what was stored
        try bytes.write(to: disk.folder.appendingPathComponent(DiskImageCache.key(for: bad)))
        let verification = disk.verify()
        #expect(verification.checked == 2 && verification.removed == 1)
        #expect(disk.statistics().entries == 1)
        disk.clear()
        let statistics = disk.statistics()
        #expect(statistics.entries == 0 && statistics.bytes == 0 && statistics.limit == 1 << 20)
    }

    @Test func theMemoryCacheIsLRUByBytesAndRefusesHugeEntries() {
        let memory = MemoryImageCache(limit: 1_000)
        #expect(!memory.insert(Data(count: 101), for: "huge"))
        for key in ["a", "b", "c"] { memory.insert(Data(count: 100), for: key) }
        _ = memory.data(for: "a")
        for index in 0..<8 { memory.insert(Data(count: 100), for: "x\(index)") }
        #expect(memory.byteCount <= 1_000)
        #expect(memory.data(for: "a") != nil, "recently used")
        #expect(memory.data(for: "b") == nil, "least recently used went first")
    }

    /// What `accepts` refuses (the app: the decoder's pixel limit) is thrown and never cached.
    @Test func refusedBodiesAreThrownAndNeverCached() async throws {
        struct Refused: Error {}
        let base = StubDownloads.register { _ in .init(body: jpegBody(2_000)) }
        let folder = temporaryFolder()
        let images = ImagePipeline(
            download: StubDownloads.download, memory: MemoryImageCache(limit: 1 << 20),
            disk: try DiskImageCache(path: folder, limit: 1 << 20), maxConcurrent: 2,
            accepts: { _ in throw Refused() })
        await #expect(throws: Refused.self) {
            try await images.imageData(for: base.appendingPathComponent("id/1/9/9"), priority: .high)
        }
        #expect(images.memory.byteCount == 0)
        #expect(images.disk?.statistics().entries == 0)
    }
}
