import Foundation
import ImageCaching
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The cache touches only files it can prove it wrote: `images.cache.path`
/// pointed at a photo folder once deleted the photos.
@Suite("Disk cache safety")
struct DiskCacheSafetyTests {
    /// A folder of someone's photos: pictures, a subfolder, a `.tmp-` note and a file with a
    /// 64-letter name, none written by the cache.
    static func photoFolder() throws -> URL {
        let folder = URL(fileURLWithPath: temporaryFolder())
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("holiday"), withIntermediateDirectories: true)
        try jpegBody(3_000).write(to: folder.appendingPathComponent("IMG_0001.jpg"))
        try jpegBody(3_000).write(to: folder.appendingPathComponent("holiday/IMG_0002.jpg"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent(".tmp-notes"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent(String(repeating: "a", count: 64)))
        return folder
    }

    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aFolderThatIsNotACacheIsRefusedAndLeftAsItWas() throws {
        let folder = try Self.photoFolder()
        let before = Self.names(folder)
        #expect(throws: DiskImageCacheError.self) { try DiskImageCache(path: folder.path, limit: 1 << 20) }
        do {
            _ = try DiskImageCache(path: folder.path, limit: 1 << 20)
        } catch {
            let message = String(describing: error)
            #expect(message.contains(folder.path) && message.contains("not a stories cache"), "\(message)")
        }
        #expect(Self.names(folder) == before)
        // Its modification dates aside, the folder is exactly what it was: no marker, no lock.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(DiskImageCache.marker).path))
    }

    @Test func aNewFolderIsPrivateAndMarkedAndAnOldCacheIsAdopted() throws {
        let path = temporaryFolder()
        let cache = try DiskImageCache(path: path, limit: 1 << 20)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: cache.folder.appendingPathComponent(DiskImageCache.marker).path))
        // A cache an earlier version wrote (entries, no marker) is recognised and kept.
        let url = URL(string: "https://picsum.photos/id/3/9/9")!
        #expect(cache.store(jpegBody(2_000), for: url))
        try FileManager.default.removeItem(at: cache.folder.appendingPathComponent(DiskImageCache.marker))
        let again = try DiskImageCache(path: path, limit: 1 << 20)
        #expect(again.data(for: url) != nil)
    }

    @Test func clearRemovesOnlyEntriesNotWhatSomeonePutInTheFolder() throws {
        let cache = try DiskImageCache(path: temporaryFolder(), limit: 1 << 20)
        #expect(cache.store(jpegBody(2_000), for: URL(string: "https://picsum.photos/id/4/9/9")!))
        let folder = cache.folder
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // A link named as an entry, to a file elsewhere: neither it nor its target goes.
        let elsewhere = URL(fileURLWithPath: temporaryFolder())
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: elsewhere.appendingPathComponent("precious"))
        let link = folder.appendingPathComponent(String(repeating: "b", count: 64))
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: elsewhere.appendingPathComponent("precious"))
        cache.clear()
        #expect(cache.statistics().entries == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kept").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("precious").path))
    }
}
