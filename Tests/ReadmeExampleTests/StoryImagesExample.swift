import Foundation
import StoryImages

/// Services/StoryImages/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryImagesExample {
    static func run() throws {
        // README
        let data = try Data(contentsOf: URL(fileURLWithPath: "photo.jpg"))
        let (width, height, format) = try ImageDecoder.check(data)  // header only: size and pixel limits
        let picture = try ImageDecoder.decode(data, covering: 400, 600)  // upright, scaled in the decoder
        let thumbnail = picture.resampled(width: 200, height: 300)  // area average
        let jpeg = JPEGEncoder.encode(thumbnail, quality: 85)
        // /README
        _ = (width, height, format, jpeg)
    }
}
