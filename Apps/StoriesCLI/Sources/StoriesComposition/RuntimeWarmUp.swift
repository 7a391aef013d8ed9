import ArgumentParser
import Configuration
import StoryInterfaces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift runtime's first uses of reflection and casts, made on the second core while the
/// main thread parses the command line (issue 31).
///
/// ArgumentParser finds a command's options with `Mirror` and casts. The first cast of a type to
/// a protocol makes the runtime walk every protocol conformance record of the program (~11 000,
/// ~420 000 instructions a walk); what it finds is cached for the whole process. The main
/// thread's parse of `render` made 26 walks (a `perf probe` on the walk): the standard library's
/// for the first `Mirror`, then its command's, `GlobalOptions`' and ArgumentParser's own types.
/// Two threads that walk for the same answer at the same time both walk, so this thread takes
/// the parse's last answers first (the leaf's, `GlobalOptions`', those of a parse of a command
/// without options: see `work`), and the two meet in the middle. Nothing here is shared but those
/// caches, and the thread ends in about a millisecond, before a picture's decoder wants the
/// second core. A machine with one core skips it: there the walks would only be made twice.
enum RuntimeWarmUp {
    /// Starts the thread (when a second core is online); `leaf` is the subcommand the main
    /// thread is about to parse, if it is one.
    static func start(leaf: (any ParsableCommand.Type)? = nil) {
        guard sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return }
        let leaf = Leaf(leaf)
        OwnThread.detach { RuntimeWarmUp.work(leaf: leaf.type) }
    }

    /// The leaf's type, handed to the thread.
    private final class Leaf: Sendable {
        let type: (any ParsableCommand.Type)?
        init(_ type: (any ParsableCommand.Type)?) { self.type = type }
    }

    /// What the thread does: first the walks the main thread's parse makes last, so that the
    /// two threads meet rather than walk the same records side by side (`perf probe` on the
    /// runtime's walk, `render --graphics kitty`: 26 walks on the main thread before, 22 after; the
    /// thread's own had been the standard library's, which the parse makes first too). Whether the
    /// leaf is async (asked when it runs) and a command; whether `GlobalOptions`, the option
    /// group of every leaf, is arguments, reflectable and a command; then a parse of a command
    /// without options, for what every parse does whatever its command (the description of
    /// ArgumentParser's visibility levels in its check for `--help-hidden`, the standard
    /// library's first `Mirror`); a configuration key described. Not optimised: the optimiser
    /// drops a cast whose answer is unused, and the answers are the point.
    @_optimize(none)
    static func work(leaf: (any ParsableCommand.Type)?) {
        if let leaf {
            _ = leaf is any AsyncParsableCommand.Type
            _ = (leaf as Any.Type) is any ParsableCommand.Type
        }
        let options: Any.Type = GlobalOptions.self
        _ = options is any ParsableArguments.Type
        _ = options is any CustomReflectable.Type
        _ = options is any ParsableCommand.Type
        _ = try? Probe.parseAsRoot([])
        _ = AbsoluteConfigKey(["stories", "warm"]).description
    }

    /// A command without options, parsed by the thread.
    private struct Probe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "warm-up")
    }
}
