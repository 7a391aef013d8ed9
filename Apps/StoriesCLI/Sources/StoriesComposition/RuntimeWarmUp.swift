import Configuration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift runtime's first uses of reflection, made on the second core while the main thread
/// parses the command line (issue 31).
///
/// ArgumentParser finds a command's options with `Mirror`. The first `Mirror` of a process
/// makes the standard library's lazy collections and their boxes, and each generic requirement
/// they check is a first cast of a type to a protocol: the runtime then walks every protocol
/// conformance record of the program (~11 000, ~420 000 instructions a walk). About a dozen
/// such walks come before ArgumentParser looks at any of our types, and one more when the
/// configuration first joins a key's components. What they make is cached for the whole
/// process and the same whichever type is reflected, so a thread started first does them on a
/// small value of its own while the main thread starts; the main thread finds them made
/// (`render --graphics kitty`: −1.3 ms, `tray --json`: −0.6 ms, medians of 80 interleaved
/// runs). Nothing here is shared but those caches, and the thread ends in about a millisecond,
/// before a picture's decoder wants the second core. A machine with one core skips it: there
/// the walks would only be made twice.
enum RuntimeWarmUp {
    /// Starts the thread (when a second core is online).
    static func start() {
        guard sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return }
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, nil,
                { _ in
                    RuntimeWarmUp.work()
                    return nil
                }, nil) == 0
        else { return }
        pthread_detach(thread)
    }

    /// A value reflected as ArgumentParser reflects a command: its children's labels.
    private struct Sample {
        var number = 1
        var text: String? = nil
    }

    /// What the thread does: a `Mirror` walked to its end, a configuration key described.
    static func work() {
        _ = Mirror(reflecting: Sample()).children.map(\.label)
        _ = AbsoluteConfigKey(["stories", "warm"]).description
    }
}
