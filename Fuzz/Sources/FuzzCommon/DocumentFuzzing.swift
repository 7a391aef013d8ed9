import Foundation
import StoryModels

private let decoder = StoryDocumentDecoder(picsumBaseURL: URL(string: "https://picsum.photos")!)

/// Decodes libFuzzer's input wrapped in `prefix` and `suffix`, so that it is read as one
/// stories document format; the decoder must return a document or throw, never crash or hang,
/// and a document it returns holds ids of at most 256 bytes without control characters, names
/// of at most 256 bytes and captions of at most 2,000.
public func fuzzDocument(_ start: UnsafeRawPointer, _ count: Int, prefix: String, suffix: String) -> CInt {
    var data = Data(prefix.utf8)
    data.append(start.assumingMemoryBound(to: UInt8.self), count: count)
    data.append(contentsOf: Array(suffix.utf8))
    guard let document = try? decoder.decode(data, file: "fuzz.json") else { return 0 }
    for story in document.stories {
        check(id: story.user.id.rawValue)
        precondition(story.user.name.utf8.count <= 256, "a name of \(story.user.name.utf8.count) bytes")
        for item in story.items {
            check(id: item.id.rawValue)
            for text in [item.caption, item.alt].compactMap({ $0 }) {
                precondition(text.utf8.count <= 2_000, "a caption of \(text.utf8.count) bytes")
            }
        }
    }
    return 0
}

private func check(id: String) {
    precondition(id.utf8.count <= 256, "an id of \(id.utf8.count) bytes")
    precondition(
        !id.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "a control in \(id.debugDescription)")
}
