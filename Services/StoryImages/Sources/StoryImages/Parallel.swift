import CImageCodecs
import Foundation

/// The pictures' threads (every picture's: decoding and resampling here, the terminal's sixel
/// palette and bands): libdispatch's pool, whose threads are parked and warm between
/// pictures and sleep when there is nothing to do. A picture's independent halves (a split JPEG
/// decode, the resampler's rows, the sixel palette's histogram, a sixel picture's dither and
/// bands) run as the two iterations of one `concurrentPerform`; the caller takes one of them
/// and waits for both, so it is for a picture's few milliseconds, never a long-running loop.
/// Nothing here pins a thread or spins.
public enum Parallel {
    /// Whether a second core can take a half: with one, halves run in turn and the splits that
    /// cost extra work (the JPEG decode's skipped rows) are not made.
    public static let isWorthIt = ProcessInfo.processInfo.activeProcessorCount > 1

    /// Calls `body(0)` and `body(1)`, at once where a second core is free, and returns when both have.
    public static func twoParts(_ body: (Int) -> Void) {
        guard isWorthIt else {
            body(0)
            body(1)
            return
        }
        withoutActuallyEscaping(body) { body in
            let halves = Unchecked(body)
            DispatchQueue.concurrentPerform(iterations: 2) { halves.value($0) }
        }
    }

    /// The C codecs' runner (`cimg_runner`): nil with one core, so they work in one part.
    static var runner: cimg_runner? {
        guard isWorthIt else { return nil }
        return { work, context in Parallel.runBoth(work, context) }
    }

    /// Runs `work(context, 0)` and `work(context, 1)` at once and returns when both have: the
    /// body of a C library's runner (its own typedef, the same shape as `cimg_runner`).
    public static func runBoth(
        _ work: (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Void)?, _ context: UnsafeMutableRawPointer?
    ) {
        let shared = Unchecked(context)
        DispatchQueue.concurrentPerform(iterations: 2) { work?(shared.value, Int32($0)) }
    }
}

/// What the two halves share: they run while their caller waits (`concurrentPerform` returns
/// when both have), and each writes only its own part of the picture.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
