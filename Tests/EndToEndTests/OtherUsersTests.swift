import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What another user of the machine, or a configuration pointed at the wrong folder, can do
/// to a person's files: nothing of theirs is readable by others, and the
/// cache never removes what it did not write.
@Suite("Other users and foreign folders, as a process")
struct OtherUsersTests {
    static func mode(_ path: String) -> mode_t? {
        // FileManager's attributes come from lstat (a link is not followed).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let permissions = attributes[.posixPermissions] as? NSNumber
        else { return nil }
        return mode_t(permissions.uint16Value) & 0o777
    }

    /// Whether `OtherUser` can read `path` (setpriv runs `cat` as that user).
    static func otherUserCanRead(_ path: String) async throws -> Bool? {
        guard let uid = await OtherUser.id(), let gid = OtherUser.group else { return nil }
        let result = try await ChildProcesses.run(
            "/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "cat", path],
            environment: ["PATH": "/usr/bin:/bin"])
        return result.status == 0
    }

    @Test func theStateDatabaseTheLogAndTheCacheAreTheirOwnersOnly() async throws {
        let home = try TemporaryFolder.make()
        // The home itself open to all, as /tmp's folders are: only the files' own modes protect.
        chmod(home, 0o755)
        let log = home + "/stories.log"
        let result = try await StoriesProcess.run(
            ["seen", "ada-0", "--source", "bundled", "--log-file", log, "--log-level", "debug"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let database = home + "/.local/share/stories/state.sqlite"
        #expect(Self.mode(database) == 0o600)
        #expect(Self.mode(home + "/.local/share/stories") == 0o700)
        for file in [database + "-wal", database + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        #expect(Self.mode(log) == 0o600)
        _ = try await StoriesProcess.run(["cache", "stats"], home: home)
        #expect(Self.mode(home + "/.cache/stories/images") == 0o700)
        for file in [database, log] {
            if let readable = try await Self.otherUserCanRead(file) {
                #expect(!readable, "\(OtherUser.name) reads \(file)")
            }
        }
        // A database an earlier version left readable by all is narrowed on the next run.
        chmod(database, 0o644)
        #expect(try await StoriesProcess.run(["state", "--json"], home: home).status == 0)
        #expect(Self.mode(database) == 0o600)
    }

    @Test(arguments: ["clear", "stats", "verify"])
    func theCacheCommandsRefuseAFolderThatIsNotACache(action: String) async throws {
        let home = try TemporaryFolder.make()
        let photos = home + "/Pictures"
        try FileManager.default.createDirectory(atPath: photos + "/trip", withIntermediateDirectories: true)
        try TemporaryFolder.write("\u{FF}\u{D8}\u{FF}", to: photos + "/IMG_0001.jpg")
        try TemporaryFolder.write("notes", to: photos + "/.tmp-notes")
        try TemporaryFolder.write("mine", to: photos + "/" + String(repeating: "c", count: 64))
        try TemporaryFolder.write("\u{FF}\u{D8}\u{FF}", to: photos + "/trip/IMG_0002.jpg")
        let before = try FileManager.default.subpathsOfDirectory(atPath: photos).sorted()
        let result = try await StoriesProcess.run(
            ["cache", action], environment: ["STORIES_IMAGES_CACHE_PATH": photos], home: home)
        #expect(result.status == 78, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("\(photos) is not a stories cache"), "\(result.stderr)")
        #expect(result.stderr.contains("images.cache.path"), "says how to fix it: \(result.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: photos).sorted() == before)
    }
}
