import Foundation
import StoryImages
import StoryTerminal

// libFuzzer entry: any bytes through the JPEG/PNG path (sniffing, header, the size and pixel
// check every media path applies, scaled decode, cells) must give an image or a typed error,
// never a crash; what the check refuses, the decoder refuses too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let accepted = (try? ImageDecoder.check(data)) != nil
    precondition(accepted || (try? ImageDecoder.decode(data, covering: 40, 40)) == nil, "check refused, decode took it")
    guard let image = try? ImageDecoder.decode(data, covering: 40, 40) else { return 0 }
    var buffer = CellBuffer(width: 20, height: 10)
    ImageCells.draw(image, into: &buffer, x: 0, y: 0, columns: 20, rows: 10, depth: .palette256)
    return 0
}
