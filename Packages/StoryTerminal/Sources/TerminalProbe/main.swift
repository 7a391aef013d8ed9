import StoryTerminal

#if canImport(Glibc)
    import Glibc
#endif

// A helper for the terminal tests: takes over the terminal on standard input, writes
// "ready", then waits for one byte: `q` quits normally, `e` leaves through an error path
// (restored by a defer), `c` crashes (restored by the signal handler). SIGTERM and SIGHUP
// are sent by the test while it waits.
//
// usage: terminal-probe     (with a terminal on standard input and output)
struct ProbeError: Error {}

func run() throws {
    let session: TerminalSession
    do {
        session = try TerminalSession(fileDescriptor: 0)
    } catch {
        print("terminal-probe: \(error)")
        exit(2)
    }
    defer { session.restore() }
    session.write(Array("ready\r\n".utf8))
    var byte: UInt8 = 0
    while read(0, &byte, 1) == 1 {
        switch byte {
        case UInt8(ascii: "q"): return
        case UInt8(ascii: "e"): throw ProbeError()
        case UInt8(ascii: "c"): fatalError("crash on request")
        default: continue
        }
    }
}

do {
    try run()
} catch {
    exit(1)
}
