import Synchronization

/// The PPM pictures in ffmpeg's output as frames, numbered and timed at the rate asked.
final class FrameReading: Sendable {
    private let frameRate: Double
    private let state = Mutex((reader: PPMFrameReader(), count: 0))

    init(frameRate: Double) { self.frameRate = frameRate }

    /// Whether the output is not PPM: its reader stops (and the decoder goes).
    var isBroken: Bool { state.withLock { $0.reader.isBroken } }

    /// Frames made whole by `bytes`.
    func append(_ bytes: [UInt8]) -> [VideoFrame] {
        state.withLock { state in
            state.reader.append(bytes)
            var frames: [VideoFrame] = []
            while let picture = state.reader.next() {
                let index = state.count
                frames.append(
                    VideoFrame(
                        index: index, time: .microseconds(Int((Double(index) / frameRate * 1_000_000).rounded())),
                        width: picture.width, height: picture.height, pixels: picture.pixels))
                state.count += 1
            }
            return frames
        }
    }

    /// Frames made so far.
    var count: Int { state.withLock { $0.count } }
}
