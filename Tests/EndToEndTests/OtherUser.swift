import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A second Unix user for the tests of what another user of the machine can do:
/// `stories-other`, made with `useradd` when the tests run as root; nil otherwise (those
/// checks are then skipped, and the tests say so).
enum OtherUser {
    static let name = "stories-other"

    /// Its user id (its group has the same number only by chance: use ``group``), made once.
    static func id() async -> uid_t? {
        guard getuid() == 0 else { return nil }
        if let entry = getpwnam(name) { return entry.pointee.pw_uid }
        _ = try? await ChildProcesses.run(
            "/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        return getpwnam(name)?.pointee.pw_uid
    }

    /// Its group id.
    static var group: gid_t? { getpwnam(name)?.pointee.pw_gid }
}
