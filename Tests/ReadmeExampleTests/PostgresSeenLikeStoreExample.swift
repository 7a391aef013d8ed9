import Foundation
import PostgresSeenLikeStore
import StoryInterfaces

/// Packages/PostgresSeenLikeStore/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum PostgresSeenLikeStoreExample {
    static func run(pendingChanges: [StateChange], cursor: Int64) async throws {
        // README
        let configuration = try PostgresStoreConfiguration(url: "postgres://ada@db.example/stories?sslmode=verify-full")
        let server = try await PostgresSeenLikeStore.open(configuration)  // TLS as the URL says, schema checked
        try await server.push(pendingChanges, from: "ada-laptop")  // each device sequence applied once
        let changes = try await server.pull(after: cursor, limit: 1_000)  // in the server's order
        // /README
    }
}
