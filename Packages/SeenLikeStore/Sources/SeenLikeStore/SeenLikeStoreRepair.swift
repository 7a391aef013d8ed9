public import Foundation

/// `stories doctor --repair` for the state database: only when asked, a damaged file is moved
/// aside with a timestamp and a new, empty database takes its place. Nothing else ever moves
/// or deletes the file.
public enum SeenLikeStoreRepair {
    /// What the repair did.
    public enum Outcome: Hashable, Sendable {
        /// The file opened and passed `PRAGMA integrity_check`; nothing was changed.
        case healthy
        /// The damaged file (and its `-wal` and `-shm` companions) now lives at `movedTo`; a
        /// new database was created at the original path.
        case movedAside(movedTo: String)
    }

    /// Checks the database at `path` and, when it is damaged, moves it aside to
    /// `PATH.damaged-YYYYMMDDTHHMMSSZ` and creates a new one. A database from a newer schema
    /// is not damaged and is left alone (the error is rethrown), as are locked or read-only files.
    public static func repair(path: String, now: Date = Date()) async throws(SeenLikeStoreError) -> Outcome {
        do {
            let problems = try await SQLiteSeenLikeStore.open(path: path).integrityProblems()
            if problems.isEmpty { return .healthy }
        } catch SeenLikeStoreError.damaged {
            // Move it aside below.
        } catch {
            throw SQLiteSeenLikeStore.storeError(error, path: path)
        }
        let destination = path + ".damaged-" + timestamp(now)
        let files = FileManager.default
        do {
            try files.moveItem(atPath: path, toPath: destination)
            for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try files.moveItem(atPath: path + suffix, toPath: destination + suffix)
            }
        } catch {
            throw .cannotOpen(path: path, detail: "cannot move it aside to \(destination)")
        }
        _ = try await SQLiteSeenLikeStore.open(path: path)
        return .movedAside(movedTo: destination)
    }

    /// `20261121T061200Z`, in UTC.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(c.year ?? 0)\(two(c.month))\(two(c.day))T\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }
}
