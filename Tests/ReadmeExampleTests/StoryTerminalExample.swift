import Foundation
import StoryImages
import StoryTerminal

/// Packages/StoryTerminal/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryTerminalExample {
    static func run() async throws {
        // README
        let data = try Data(contentsOf: URL(fileURLWithPath: "photo.jpg"))
        let image = try ImageDecoder.decode(data, covering: 80, 80).resampled(width: 80, height: 80)
        var buffer = CellBuffer(width: 80, height: 40)
        ImageCells.draw(image, into: &buffer, x: 0, y: 0, columns: 80, rows: 40, depth: .truecolor)  // half blocks
        try StandardStreams.writeOutput(TerminalRenderer(depth: .truecolor).lines(buffer))
        // Real pixels where the terminal speaks kitty or sixel:
        let detected = GraphicsDetection.detect(configured: .auto, environment: [:], input: 0, output: 1)
        // /README
    }
}
