import Foundation
import GRDB
import StoryInterfaces
import Testing

@testable import SeenLikeStore

/// Errors say the cause and the fix.
@Suite("SQLite store: error wording")
struct ErrorWordingTests {
    /// A file holding a table of ours that our migrations did not make said only "table
    /// seenItem already exists".
    @Test func aForeignDatabaseSaysItIsNotOurs() throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE seenItem (something INTEGER)") }
        try queue.close()
        #expect {
            _ = try SQLiteSeenLikeStore(path: path)
        } throws: { error in
            guard case .foreignSchema(let file, _)? = error as? SeenLikeStoreError else { return false }
            let text = String(describing: error)
            return file == path && text.contains("stories did not create") && text.contains("--store-path")
        }
    }

    /// A disk that fails (SQLITE_IOERR, as a full disk on read gives) says so and what to do.
    @Test func aDiskErrorSaysTheCauseAndTheFix() {
        let error = SQLiteSeenLikeStore.storeError(
            DatabaseError(resultCode: .SQLITE_IOERR_READ, message: "disk I/O error"), path: "/x/state.sqlite")
        #expect(error == .diskError(path: "/x/state.sqlite", detail: "disk I/O error"))
        #expect(error.description.contains("may be full") && error.description.contains("free some space"))
    }
}
