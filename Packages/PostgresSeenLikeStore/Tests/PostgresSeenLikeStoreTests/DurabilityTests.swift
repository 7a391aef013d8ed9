import Foundation
import PostgresSeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the `postgres-writer` helper as child processes.
enum Writer {
    static var binary: String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("postgres-writer").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "postgres-writer"
    }

    /// Starts a writer; its stdout says "ok N" after each acknowledged write.
    static func start(_ url: String, prefix: String, count: Int) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [url, prefix, String(count)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// Waits for the writer to end; the acknowledged indexes it printed.
    static func finish(_ process: Process, _ output: Pipe) async throws -> (status: Int32, acknowledged: Int) {
        try await onOwnThread {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count)
        }
    }
}

@Suite("PostgreSQL store: processes, kills and restarts", .serialized, .timeLimit(.minutes(10)))
struct PostgresDurabilityTests {
    /// Four processes writing 500 items each at once: nothing is lost.
    @Test func fourWritersLoseNothing() async throws {
        let (store, url) = try await freshStore()
        let writers = try (0..<4).map { try Writer.start(url, prefix: "w\($0)", count: 500) }
        for (process, output) in writers {
            let result = try await Writer.finish(process, output)
            #expect(result.status == 0 && result.acknowledged == 500)
        }
        #expect(try await store.summary().seenItemIDs.count == 2000)
        await store.close()
    }

    /// A writer killed with SIGKILL mid-loop: every write it acknowledged is there.
    @Test func aKilledClientLosesNoAcknowledgedWrite() async throws {
        let (store, url) = try await freshStore()
        let (process, output) = try Writer.start(url, prefix: "k", count: 100_000)
        #expect(await eventually { (try? await store.summary().seenItemIDs.count) ?? 0 >= 200 })
        kill(process.processIdentifier, SIGKILL)
        let result = try await Writer.finish(process, output)
        #expect(result.status != 0)
        let stored = try await store.progress(for: ["k"])["k"]?.seenItemIDs.count ?? 0
        #expect(stored >= result.acknowledged, "acknowledged \(result.acknowledged), stored \(stored)")
        await store.close()
    }

    /// The server killed (SIGKILL) and restarted under a running writer: every acknowledged
    /// write survives; the store reconnects after the restart.
    @Test func aServerKilledAndRestartedLosesNoAcknowledgedWrite() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let cluster = try await PostgresTestCluster.start()
        let url = try await cluster.createDatabase()
        let store = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(5)))
        try await store.markSeen("before", user: "s", index: 0)
        let (process, output) = try Writer.start(url, prefix: "r", count: 100_000)
        #expect(await eventually { (try? await store.progress(for: ["r"])["r"]?.seenItemIDs.count) ?? 0 >= 100 })
        try await cluster.kill()
        let result = try await Writer.finish(process, output)  // the writer fails once the server is gone
        await #expect(throws: PostgresStoreError.self) { try await store.markSeen("during", user: "s", index: 1) }
        try await cluster.startServer()
        #expect(await eventually { (try? await store.markSeen("after", user: "s", index: 2)) != nil })
        let stored = try await store.progress(for: ["r"])["r"]?.seenItemIDs.count ?? 0
        #expect(stored >= result.acknowledged, "acknowledged \(result.acknowledged), stored \(stored)")
        #expect(try await store.progress(for: ["s"])["s"]?.seenItemIDs.isSuperset(of: ["before", "after"]) == true)
        await store.close()
        try await cluster.stop()
    }
}
