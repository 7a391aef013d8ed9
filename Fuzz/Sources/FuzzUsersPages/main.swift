import Foundation
import StoryModels

// libFuzzer entry: the input is wrapped so that it is decoded as the UsersPages format; the
// decoder must return a document or throw StoryDocumentError, never crash or hang.
private let decoder = StoryDocumentDecoder(picsumBaseURL: URL(string: "https://picsum.photos")!)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var data = Data("{\"pages\":".utf8)
    data.append(start.assumingMemoryBound(to: UInt8.self), count: count)
    data.append(contentsOf: Array("}".utf8))
    _ = try? decoder.decode(data, file: "fuzz.json")
    return 0
}
