import Foundation
import StoryInterfaces
import StoryNavigation

/// Packages/StoryNavigation/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryNavigationExample {
    static func run(stories: [Story], alreadySeen: Set<StoryItemID>) async throws {
        // README
        var (viewer, events) = StoryViewer.open(
            stories, at: 0, configuration: try ViewerConfiguration(), seen: alreadySeen)  // resumes at the first unseen
        events += viewer.apply(.next)  // itemShown, itemSeen, prefetch hints…
        events += viewer.apply(.tick(.milliseconds(100)))  // the clock moves the bar
        for event in events { if let line = ViewerNarrator.sentence(for: event, in: viewer) { print(line) } }
        // /README
    }
}
