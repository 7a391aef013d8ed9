import Foundation
import StateSync
import StoryInterfaces

/// Packages/StateSync/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StateSyncExample {
    static func run(replica: any SyncReplica, server: any SharedStateServing) async throws {
        // README
        // Every read and write goes to the local replica; the server is reached when it answers.
        let report = try await StateSynchronizer.sync(replica, with: server, within: .seconds(5))
        print(report)  // sent, received, pending
        let sync = BackgroundSync(replica: replica, server: server)  // the interactive app's: after changes, every 30 s
        await sync.start()
        // /README
    }
}
