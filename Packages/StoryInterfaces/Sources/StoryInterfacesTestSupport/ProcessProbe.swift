public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the tests ask of other processes — their memory, CPU time, children, whether they still
/// run — on Linux from /proc, elsewhere from `ps` and `pgrep`; and the shell snippets that ask
/// the same from a script.
public enum ProcessProbe {
    /// A shell test that holds while process `pid` runs (a watchdog loops on it).
    public static func shellIsRunning(_ pid: Int32) -> String {
        #if os(Linux)
            "[ -d /proc/\(pid) ]"
        #else
            "ps -p \(pid) >/dev/null 2>&1"
        #endif
    }

    /// A shell command that closes every descriptor of the shell but 0, 1 and 2 (a server started
    /// from a test process must not keep the test's other pipes open).
    public static let shellClosesOtherDescriptors: String = {
        #if os(Linux)
            let folder = "/proc/$$/fd"
        #else
            let folder = "/dev/fd"
        #endif
        return
            "for fd in $(ls \(folder)); do case $fd in 0|1|2) ;; *) eval \"exec $fd>&-\" ;; esac; done 2>/dev/null; "
    }()

    /// Process `pid`'s resident memory in KiB.
    public static func residentKiB(_ pid: Int32) -> Int? {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
                return Int(line.split(separator: " ").dropFirst().first ?? "")
            }
            return nil
        #else
            return output("/bin/ps", ["-o", "rss=", "-p", "\(pid)"]).flatMap { Int($0) }
        #endif
    }

    /// CPU seconds process `pid` used so far (user + system).
    public static func cpuSeconds(_ pid: Int32) -> Double? {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
            // `[[dd-]hh:]mm:ss.cc`
            guard let time = output("/bin/ps", ["-o", "time=", "-p", "\(pid)"]) else { return nil }
            let parts = time.replacingOccurrences(of: "-", with: ":").split(separator: ":").compactMap { Double($0) }
            return parts.reduce(0) { $0 * 60 + $1 }
        #endif
    }

    /// How many descriptors process `pid` has open (nil when it cannot be told).
    public static func openDescriptors(_ pid: Int32) -> Int? {
        #if os(Linux)
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
        #else
            // One line a descriptor after lsof's header, its cwd/txt lines aside.
            output("/usr/sbin/lsof", ["-p", "\(pid)", "-d", "0-65535"]).map {
                max(0, $0.split(separator: "\n").count - 1)
            }
        #endif
    }

    /// The processes whose parent is `pid` (and, given a name, whose program is that), not yet ended.
    public static func children(of pid: Int32, named name: String? = nil) -> [Int32] {
        #if os(Linux)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> Int32? in
                guard let child = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                    name == nil || stat[stat.index(after: open)..<close] == name ?? ""
                else { return nil }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                // fields: state, ppid, …; a zombie (Z) has ended.
                return fields.count > 1 && Int32(fields[1]) == pid && fields[0] != "Z" ? child : nil
            }
        #else
            let arguments = ["-P", "\(pid)"] + (name.map { ["-x", $0] } ?? [])
            return (output("/usr/bin/pgrep", arguments) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #endif
    }

    #if !os(Linux)
        /// What a program printed, trimmed; nil when it failed.
        private static func output(_ program: String, _ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    #endif

    /// `send` that never raises SIGPIPE when the peer has gone (it fails with EPIPE instead):
    /// MSG_NOSIGNAL on Linux, the socket's SO_NOSIGPIPE elsewhere.
    public static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if os(Linux)
            return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            return Darwin.send(fd, bytes, count, 0)
        #endif
    }
}
