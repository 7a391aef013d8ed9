import Foundation
import StoryBase

/// WebP through libwebp (``WebPLibrary``): FFmpeg 5.1 reads an animated one's first picture
/// only ("image data not found"), so where the library is, every WebP is decoded by it.
extension FFmpegVideoDecoder {
    /// The largest WebP file read (libwebp reads a file whole; a story's animation is a few MB).
    public static let maximumWebPBytes = 256 << 20

    /// Whether animated WebP plays here (libwebpdemux found), and if not what to install.
    public static var animatedWebP: (available: Bool, missing: String) {
        (WebPLibrary.shared != nil, WebPLibrary.missing)
    }

    /// `file`'s pictures fitted inside `width × height` at `frameRate` frames a second from 0,
    /// as ``frames(_:fittingWidth:height:frameRate:limit:deadlines:loopsAsTheFileSays:)``
    /// makes them: each handed to `emit`, which says whether to go on (the reader is there).
    /// A still is one frame; an animation plays once, or as often as its file says when
    /// `looping` (forever: until `limit`). Ends at `limit`, at the reader's leaving, or at
    /// cancellation.
    static func webpFrames(
        _ file: URL, library: WebPLibrary, fittingWidth width: Int, height: Int, frameRate: Double,
        limit: Duration?, looping: Bool, emit: (VideoFrame) async -> Bool
    ) async throws(VideoDecodeError) {
        let data: Data
        do { data = try BoundedFile.contents(of: file.path, limit: maximumWebPBytes) } catch {
            throw .unreadablePicture("cannot read \(file.lastPathComponent): \(error.reason)")
        }
        let animation = try WebPAnimation(data, library: library)
        guard animation.width * animation.height <= maximumPixels else {
            throw .tooLarge(width: animation.width, height: animation.height)
        }
        let step = 1000 / max(frameRate, 0.001)  // milliseconds between frames
        let end = limit.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }
        var index = 0
        var passStart = 0
        var passes = 0
        func fit(_ canvas: UnsafePointer<UInt8>) -> (width: Int, height: Int, pixels: [UInt8]) {
            WebPAnimation.fitted(
                canvas, width: animation.width, height: animation.height, boxWidth: width, boxHeight: height)
        }
        while true {
            var shownUntil = 0  // within this pass, on the picture durations as shown
            var previousEnd = 0  // as the file says
            var pictures = 0
            while let (canvas, fileEnd) = animation.next() {
                if Task.isCancelled { return }
                pictures += 1
                shownUntil += WebPAnimation.shown(fileEnd - previousEnd)
                previousEnd = fileEnd
                if animation.frameCount <= 1 {
                    // A still: one frame, shown for as long as its item says.
                    let picture = fit(canvas)
                    _ = await emit(
                        VideoFrame(
                            index: 0, time: .zero, width: picture.width, height: picture.height, pixels: picture.pixels)
                    )
                    return
                }
                var picture: (width: Int, height: Int, pixels: [UInt8])? = nil
                while true {
                    let time = Double(index) * step
                    if let end, time >= end { return }
                    guard time < Double(passStart + shownUntil) else { break }
                    let made = picture ?? fit(canvas)
                    picture = made
                    let frame = VideoFrame(
                        index: index, time: .microseconds(Int((time * 1000).rounded())), width: made.width,
                        height: made.height, pixels: made.pixels)
                    guard await emit(frame) else { return }
                    index += 1
                }
            }
            passes += 1
            guard pictures > 0 else {
                if index == 0 { throw .unreadablePicture("the WebP's pictures are damaged") }
                return  // damage after some pictures: what was shown stays
            }
            guard looping, animation.loopCount == 0 || passes < animation.loopCount else { return }
            passStart += shownUntil
            animation.rewind()
        }
    }
}
