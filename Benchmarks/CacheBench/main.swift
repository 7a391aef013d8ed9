import Foundation
import ImageCaching

// The "disk cache" row of QUALITY.md: write 10 × the limit of image bodies into a disk cache
// and measure the folder after every write; prints the limit, the most bytes ever on disk and
// the bytes written.
//
// usage: CacheBench LIMIT_BYTES

guard CommandLine.arguments.count == 2, let limit = Int(CommandLine.arguments[1]), limit > 0 else {
    FileHandle.standardError.write(Data("usage: CacheBench LIMIT_BYTES\n".utf8))
    exit(64)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let cache = try DiskImageCache(path: folder.path, limit: limit)

func bytesOnDisk() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.reduce(0) { total, name in
        total
            + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]
                as? NSNumber)?.intValue ?? 0)
    }
}

var written = 0
var most = 0
var index = 0
var generator = SystemRandomNumberGenerator()
while written < 10 * limit {
    let size = Int.random(in: (limit / 100)...(limit / 30), using: &generator)
    let body = Data(
        [0xFF, 0xD8, 0xFF, 0xE0] + (0..<(size - 6)).map { _ in UInt8.random(in: 0...254, using: &generator) } + [
            0xFF, 0xD9,
        ])
    cache.store(body, for: URL(string: "https://picsum.photos/id/\(index)/1080/1920")!)
    written += body.count
    most = max(most, bytesOnDisk())
    index += 1
}
print(#"{"limit":\#(limit),"maxBytes":\#(most),"written":\#(written),"writes":\#(index)}"#)
