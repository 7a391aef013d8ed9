import Foundation
import StoriesScreens
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal

// The "frame inside the viewer" row of QUALITY.md: decode (scaled in libjpeg-turbo), box
// filter and half-block cells for one image into an 80×40 frame, timed in process; prints the
// median of RUNS frames in milliseconds. Also the bytes of a progress tick against a full
// frame (the "progress tick" row), measured on the real viewer screen (StoriesScreens' update
// and view, 80×40, the image shown): the most bytes any 100 ms tick of a 5 s item writes, in
// half blocks and with the picture in kitty and in sixel (GraphicsScreen).
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
let user = UserID("bench")
let story = Story(
    user: StoryUser(id: user, name: "Bench"),
    items: (0..<5).map {
        StoryItem(
            id: StoryItemID("bench-\($0)"), userID: user,
            media: .image(URL(string: "https://picsum.photos/id/\($0)/1080/1920")!))
    })
var model = AppModel(
    size: ScreenSize(columns: 80, rows: 40), source: "bench", depth: .truecolor,
    viewerConfiguration: try ViewerConfiguration(imageDuration: .seconds(5), autoAdvance: true, accessible: false))
_ = AppUpdate.update(&model, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: Date())))
let area = (columns: 80, rows: ViewerLayout.imageRows(rows: 40))
let decoded = try ImageDecoder.decode(data, covering: area.columns, area.rows * 2)
let fitted = ImageCells.fittedSize(width: decoded.width, height: decoded.height, columns: area.columns, rows: area.rows)
_ = AppUpdate.update(
    &model,
    .viewer(
        .mediaLoaded(
            "bench-0", .success(DecodedMedia(image: decoded.resampled(width: fitted.width, height: fitted.height))))))
var screen = AppView.render(model)
let fullFrame = renderer.diff(from: nil, to: screen)
var worstTick = 0
for _ in 0..<49 {  // the item's 5 s, tick by tick, staying on the item
    _ = AppUpdate.update(&model, .tick(.milliseconds(100)))
    let next = AppView.render(model)
    worstTick = max(worstTick, renderer.diff(from: screen, to: next).count)
    screen = next
}
precondition(model.viewer?.viewer.current?.item.id == "bench-0" && worstTick > 0, "the bar moved on the same item")

/// The viewer in a graphics mode on the bench story, its picture decoded at `cell`'s pixels.
func viewerShowingPicture(cell: CellPixels) throws -> AppModel {
    var viewer = AppModel(
        size: ScreenSize(columns: 80, rows: 40), source: "bench", depth: .truecolor, graphics: true,
        viewerConfiguration: try ViewerConfiguration(imageDuration: .seconds(5), autoAdvance: true, accessible: false))
    _ = AppUpdate.update(&viewer, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: Date())))
    let picture = try ImageDecoder.decode(data, fittingColumns: area.columns, rows: area.rows, cell: cell)
    _ = AppUpdate.update(&viewer, .viewer(.mediaLoaded("bench-0", .success(DecodedMedia(image: picture)))))
    return viewer
}

/// The same viewer with its picture in a graphics protocol (cells of 10×20 pixels, the picture
/// decoded at them): the first frame's bytes (the picture sent) and the most any tick writes.
func graphicsTicks(_ mode: GraphicsMode) throws -> (frame: Int, tick: Int) {
    let cell = CellPixels(width: 10, height: 20)
    var viewer = try viewerShowingPicture(cell: cell)
    var writer = GraphicsScreen(mode: mode, cell: cell, depth: .truecolor)
    var shown = AppView.render(viewer)
    let first = writer.frame(from: nil, to: shown).count
    var worst = 0
    for _ in 0..<49 {
        _ = AppUpdate.update(&viewer, .tick(.milliseconds(100)))
        let next = AppView.render(viewer)
        worst = max(worst, writer.frame(from: shown, to: next).count)
        shown = next
    }
    return (first, worst)
}
/// One video frame in the viewer (half blocks, 80×40): the update that takes it, the view and
/// the diff, timed over 240 frames that each differ (the picture shifted a row a frame);
/// median milliseconds of the three together, and of each.
@MainActor func videoFrames() throws -> (total: Double, update: Double, view: Double, diff: Double, bytes: Int) {
    let video = Story(
        user: StoryUser(id: user, name: "Bench"),
        items: [
            StoryItem(
                id: "bench-video", userID: user,
                media: .video(URL(string: "https://example.test/clip.mp4")!, duration: .seconds(10), poster: nil))
        ])
    var viewer = AppModel(
        size: ScreenSize(columns: 80, rows: 40), source: "bench", depth: .truecolor,
        viewerConfiguration: try ViewerConfiguration(imageDuration: .seconds(5), autoAdvance: true, accessible: false))
    _ = AppUpdate.update(&viewer, .viewer(.ready(stories: [video], userIndex: 0, liked: [], now: Date())))
    let picture = decoded.resampled(width: fitted.width, height: fitted.height + 240)
    let playable = PreparedVideo(
        file: URL(fileURLWithPath: "/clip.mp4"),
        box: VideoBox(width: fitted.width, height: fitted.height, frameRate: 24))
    _ = AppUpdate.update(
        &viewer, .viewer(.mediaLoaded("bench-video", .success(DecodedMedia(image: picture, video: playable)))))
    var shown = AppView.render(viewer)
    var parts: [[Double]] = [[], [], [], []]
    var sizes: [Int] = []
    let rowBytes = fitted.width * 3
    for index in 0..<240 {
        let frame = RGBImage(
            width: fitted.width, height: fitted.height,
            pixels: Array(picture.pixels[(index * rowBytes)..<((index + fitted.height) * rowBytes)]))
        let start = clock.now
        _ = AppUpdate.update(&viewer, .viewer(.videoFrame("bench-video", frame, at: .milliseconds(index * 1000 / 24))))
        let updated = clock.now
        let next = AppView.render(viewer)
        let viewed = clock.now
        let written = renderer.diff(from: shown, to: next)
        let done = clock.now
        precondition(!written.isEmpty, "each frame changes the screen")
        sizes.append(written.count)
        shown = next
        for (slot, span) in [
            start.duration(to: done), start.duration(to: updated), updated.duration(to: viewed),
            viewed.duration(to: done),
        ].enumerated() {
            parts[slot].append(Double(span.components.attoseconds) / 1e15 + Double(span.components.seconds) * 1000)
        }
    }
    let medians = parts.map { $0.sorted()[$0.count / 2] }
    return (medians[0], medians[1], medians[2], medians[3], sizes.sorted()[sizes.count / 2])
}
/// kitty's first viewer frame (the picture sent: inline with zlib, or by temporary file as
/// where the terminal reads files), median milliseconds of 9 and its bytes.
func kittyFirstFrame(files: String?) throws -> (ms: Double, bytes: Int) {
    let cell = CellPixels(width: 10, height: 20)
    let viewer = try viewerShowingPicture(cell: cell)
    let shown = AppView.render(viewer)
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<9 {
        var writer = GraphicsScreen(mode: .kitty, cell: cell, depth: .truecolor)
        writer.kittyFiles = files
        let start = ContinuousClock.now
        bytes = writer.frame(from: nil, to: shown).count
        let span = start.duration(to: .now)
        times.append(Double(span.components.attoseconds) / 1e15 + Double(span.components.seconds) * 1000)
    }
    if let files {  // no terminal reads them here
        for name in (try? FileManager.default.contentsOfDirectory(atPath: files)) ?? [] {
            try? FileManager.default.removeItem(atPath: files + "/" + name)
        }
    }
    return (times.sorted()[times.count / 2], bytes)
}
let video = try videoFrames()
let filesFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "renderbench-\(ProcessInfo.processInfo.processIdentifier)"
).path
try FileManager.default.createDirectory(atPath: filesFolder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: filesFolder) }
let kittyInline = try kittyFirstFrame(files: nil)
let kittyByFile = try kittyFirstFrame(files: filesFolder)
let kitty = try graphicsTicks(.kitty)
let sixel = try graphicsTicks(.sixel)
print(
    #"{"medianMs":\#(times[times.count / 2]),"frameBytes":\#(fullFrame.count),"tickBytes":\#(worstTick),"kittyFrameBytes":\#(kitty.frame),"kittyTickBytes":\#(kitty.tick),"sixelFrameBytes":\#(sixel.frame),"sixelTickBytes":\#(sixel.tick),"videoFrameMs":\#(video.total),"videoUpdateMs":\#(video.update),"videoViewMs":\#(video.view),"videoDiffMs":\#(video.diff),"videoFrameBytes":\#(video.bytes),"kittyInlineFrameMs":\#(kittyInline.ms),"kittyInlineFrameBytes":\#(kittyInline.bytes),"kittyFileFrameMs":\#(kittyByFile.ms),"kittyFileFrameBytes":\#(kittyByFile.bytes)}"#
)
