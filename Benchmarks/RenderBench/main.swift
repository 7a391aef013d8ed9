import Foundation
import StoryTerminal

// The "frame inside the viewer" row of QUALITY.md: decode (scaled in libjpeg-turbo), box
// filter and half-block cells for one image into an 80×40 frame, timed in process; prints the
// median of RUNS frames in milliseconds. Also the bytes of one progress tick against a full
// frame (the "progress tick" row).
//
// usage: RenderBench IMAGE RUNS

guard CommandLine.arguments.count == 3, let runs = Int(CommandLine.arguments[2]), runs > 0,
    let data = FileManager.default.contents(atPath: CommandLine.arguments[1])
else {
    FileHandle.standardError.write(Data("usage: RenderBench IMAGE RUNS\n".utf8))
    exit(64)
}

let renderer = TerminalRenderer(depth: .truecolor)
let clock = ContinuousClock()
var times: [Double] = []
var frame = CellBuffer(width: 80, height: 40)
var bytes: [UInt8] = []
for _ in 0..<runs {
    let start = clock.now
    let header = try ImageDecoder.size(of: data)
    let fitted = ImageCells.fittedSize(width: header.width, height: header.height, columns: 80, rows: 39)
    let image = try ImageDecoder.decode(data, covering: fitted.width, fitted.height)
    frame = CellBuffer(width: 80, height: 40)
    ImageCells.draw(image, into: &frame, x: 0, y: 1, columns: 80, rows: 39, depth: .truecolor)
    bytes = renderer.diff(from: nil, to: frame)
    let elapsed = start.duration(to: clock.now)
    times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
}
times.sort()
var ticked = frame
ticked.put(String(repeating: "━", count: 12), x: 0, y: 0, style: CellStyle(foreground: RGB(255, 255, 255)))
let tick = renderer.diff(from: frame, to: ticked)
print(#"{"medianMs":\#(times[times.count / 2]),"frameBytes":\#(bytes.count),"tickBytes":\#(tick.count)}"#)
