import StoryBase
import StoryInterfaces

/// Threads of the decoders' own for their reading tasks: a decoder's output is read, parsed
/// and handed over there, never waiting for a turn on Swift's cooperative pool. Nothing there
/// blocks: swift-subprocess waits for output and exits with epoll, and the decoder waits for
/// credits as a suspended task.
enum DecoderThreads {
    /// The decoders' two threads (at most four decoders run; their work is reading and copying).
    static let shared = OwnThreads(name: "stories.video", count: 2)
}
