import Foundation
import GRDB
import SeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// Runs the `seenlike-writer` helper as child processes.
enum Writer {
    static var binary: String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map {
            $0.appendingPathComponent("seenlike-writer").path
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    static func start(path: String, prefix: String, count: Int) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [path, prefix, String(count)]
        let out = Pipe()
        process.standardOutput = out
        // Its errors go to a file (a pipe nobody reads could fill and block it).
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.environment = ["WRITER_ERRORS": errors.path]
        try process.run()
        return (process, out)
    }

    /// What a finished writer wrote on stderr.
    static func errors(_ process: Process) -> String {
        guard let path = process.environment?["WRITER_ERRORS"] else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Waits for each writer's end on a thread of its own; their exit statuses.
    static func finish(_ writers: [(Process, Pipe)]) async throws -> [Int32] {
        let writers = UncheckedBox(value: writers)
        return try await onOwnThread {
            writers.value.map { process, out in
                _ = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
    }
}

/// Process and Pipe are not Sendable; the thread that waits is the only one using them.
struct UncheckedBox<Value>: @unchecked Sendable { var value: Value }

@Suite("SQLite store: processes and kill -9", .serialized)
struct DurabilityTests {
    @Test func fourProcessesWritingAtOnceLoseNothing() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        _ = try SQLiteSeenLikeStore(path: path)
        let writers = try (0..<4).map { try Writer.start(path: path, prefix: "p\($0)", count: 500) }
        #expect(try await Writer.finish(writers) == [0, 0, 0, 0])
        let summary = try await SQLiteSeenLikeStore(path: path).summary()
        let expectedSeen = (0..<4).flatMap { p in stride(from: 0, to: 500, by: 2).map { StoryItemID("p\(p)-\($0)") } }
        let expectedLiked = (0..<4).flatMap { p in stride(from: 1, to: 500, by: 2).map { StoryItemID("p\(p)-\($0)") } }
        let lostSeen = Set(expectedSeen).subtracting(summary.seenItemIDs)
        let lostLikes = Set(expectedLiked).subtracting(summary.likedItemIDs)
        #expect(lostSeen.isEmpty, "\(lostSeen.count) seen items lost, e.g. \(lostSeen.prefix(3))")
        #expect(lostLikes.isEmpty, "\(lostLikes.count) likes lost, e.g. \(lostLikes.prefix(3))")
        #expect(summary.seenItemIDs.count + summary.likedItemIDs.count == 2_000)
    }

    /// Many processes opening a file that does not exist yet: every one creates or finds the
    /// schema (GRDB reads the applied migrations outside the migration's transaction, so
    /// without a retry a loser failed with "table seenItem already exists").
    @Test func manyFirstOpensAtOnceAllSucceed() async throws {
        for _ in 0..<10 {
            let path = try TemporaryDirectory.make().appending("state.sqlite")
            let writers = try (0..<6).map { try Writer.start(path: path, prefix: "p\($0)", count: 1) }
            #expect(
                try await Writer.finish(writers) == Array(repeating: 0, count: 6),
                "\(writers.map { Writer.errors($0.0) })")
        }
    }

    @Test(arguments: [40, 150, 333])
    func aWriterKilledMidLoopKeepsEveryAcknowledgedWrite(killAfter: Int) async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let started = UncheckedBox(value: try Writer.start(path: path, prefix: "k", count: 100_000))
        let (acknowledged, reason) = try await onOwnThread { Self.killAfterAcks(started.value, killAfter: killAfter) }
        #expect(reason == .uncaughtSignal)
        #expect(acknowledged.count >= killAfter)

        let store = try SQLiteSeenLikeStore(path: path)
        #expect(try await store.integrityProblems().isEmpty)
        let summary = try await store.summary()
        let stored = Set(summary.seenItemIDs.map(\.rawValue) + summary.likedItemIDs.map(\.rawValue))
        let missing = acknowledged.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "acknowledged but lost: \(missing.prefix(5))")
    }

    /// Reads the writer's acks until `killAfter`, kills it, reads the acks still in the pipe
    /// and waits for its end. Blocks: run it on a thread of its own.
    static func killAfterAcks(_ writer: (Process, Pipe), killAfter: Int) -> ([String], Process.TerminationReason) {
        let (process, out) = writer
        var acknowledged: [String] = []
        var buffer = Data()
        let fd = out.fileHandleForReading.fileDescriptor
        while acknowledged.count < killAfter {
            let chunk = Self.readChunk(fd)
            guard !chunk.isEmpty else { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if line.hasPrefix("ack ") { acknowledged.append(String(line.dropFirst(4))) }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        // Acks written before the kill are still in the pipe.
        while case let chunk = Self.readChunk(fd), !chunk.isEmpty { buffer.append(chunk) }
        for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") where line.hasPrefix("ack ") {
            acknowledged.append(String(line.dropFirst(4)))
        }
        process.waitUntilExit()
        return (acknowledged, process.terminationReason)
    }

    /// One read(2) from `fd`, retried on EINTR (FileHandle traps on it); empty at end of file.
    static func readChunk(_ fd: Int32) -> Data {
        var bytes = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(bytes[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }
}
