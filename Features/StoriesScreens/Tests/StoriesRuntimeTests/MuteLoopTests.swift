import Foundation
import StoriesRuntime
import StoriesScreens
import StoryInterfaces
import StoryTerminal
import Testing

/// `m` through the whole loop: the mute reaches the store, and the next session's
/// tray puts the muted user last on the page.
extension InteractiveLoopTests {
    @Test func mMutesTheSelectedUserInTheStoreAndTheNextTrayPutsThemLast() async throws {
        let root = try Self.root()
        let store = MemoryStore()
        let first = Harness()
        var run = Self.start(root, first) { root in
            try await Self.session(root, users: ["ada", "grace", "alan"], store: store)
        }
        try await first.waitFor("Ada Lovelace — 5 items")
        try await first.press(.character("m"))
        try await first.waitFor("Ada Lovelace — 5 items, 0 seen, muted")
        #expect(try await Self.quit(first, run).unsaved == 0)
        #expect(try await store.summary().mutedUserIDs == ["ada"])

        let second = Harness()
        run = Self.start(root, second) { root in
            try await Self.session(root, users: ["ada", "grace", "alan"], store: store)
        }
        try await second.waitFor("Grace Hopper — 5 items")  // the first user selected is Grace now
        let names = second.screen.split(separator: "\n").first { $0.contains("Grace Hopper") && $0.contains("Ada") }
        let row = String(try #require(names, "\(second.screen)"))
        let grace = try #require(row.range(of: "Grace Hopper")).lowerBound
        let ada = try #require(row.range(of: "⊘ Ada Lovel"), "muted, marked ⊘: \(row)").lowerBound
        #expect(grace < ada, "Ada, muted, is last: \(row)")
        _ = try await Self.quit(second, run)
    }
}
