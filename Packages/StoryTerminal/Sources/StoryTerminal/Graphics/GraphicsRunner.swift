import CTerminalGraphics
import StoryImages

extension Parallel {
    /// The terminal's C encoders' runner (`cterm_runner`): the two halves on StoryImages'
    /// threads; nil with one core, so they work in one part.
    static var graphicsRunner: cterm_runner? {
        guard isWorthIt else { return nil }
        return { work, context in Parallel.runBoth(work, context) }
    }
}
