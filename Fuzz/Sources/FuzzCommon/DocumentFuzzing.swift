import Foundation
import StoryModels

private let decoder = StoryDocumentDecoder(picsumBaseURL: URL(string: "https://picsum.photos")!)

/// Decodes libFuzzer's input wrapped in `prefix` and `suffix`, so that it is read as one
/// stories document format; the decoder must return a document or throw, never crash or hang.
public func fuzzDocument(_ start: UnsafeRawPointer, _ count: Int, prefix: String, suffix: String) -> CInt {
    var data = Data(prefix.utf8)
    data.append(start.assumingMemoryBound(to: UInt8.self), count: count)
    data.append(contentsOf: Array(suffix.utf8))
    _ = try? decoder.decode(data, file: "fuzz.json")
    return 0
}
