import StoryInterfaces
import StoryNavigation
import Testing

/// Muted users (PRODUCT.md §2): moving forwards never plays into them; backwards, or opened
/// on one, they show; `m` toggles the current user.
@Suite("Viewer: muted users")
struct MuteTests {
    @Test func anItemsEndPassesOverMutedUsers() {
        let stories = makeStories([1, 2, 1, 1])
        var (viewer, opening) = StoryViewer.open(stories, at: 0, configuration: fiveSeconds, muted: ["u1", "u2"])
        #expect(opening.contains(.prefetch("u3-0")) && !opening.contains(.prefetch("u1-0")))
        _ = viewer.ready()
        let events = visible(viewer.send(.tick(.seconds(5))))
        #expect(events.first == .userChanged(from: "u0", to: "u3"))
        #expect(viewer.here == "u3-0")
        _ = viewer.ready()
        #expect(visible(viewer.send(.tick(.seconds(5)))) == [.closed], "nothing unmuted after the last user")
    }

    @Test func nextAndNextUserPassOverThemAndBackwardsShowsThem() {
        var (viewer, _) = StoryViewer.open(makeStories([1, 1, 1]), at: 0, configuration: fiveSeconds, muted: ["u1"])
        _ = viewer.ready()
        _ = viewer.send(.nextUser)
        #expect(viewer.here == "u2-0")
        _ = viewer.send(.previousUser)
        #expect(viewer.here == "u1-0", "backwards is the user's own choice")
        _ = viewer.send(.previous)
        #expect(viewer.here == "u0-0")
        _ = viewer.send(.next)
        #expect(viewer.here == "u2-0")
    }

    @Test func openedOnAMutedUserItPlaysThenMovesOnToTheNextUnmuted() {
        var (viewer, _) = StoryViewer.open(
            makeStories([1, 2, 1, 1]), at: 1, configuration: fiveSeconds, muted: ["u1", "u2"])
        #expect(viewer.here == "u1-0")
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(5)))
        #expect(viewer.here == "u1-1", "its own story plays through")
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(5)))
        #expect(viewer.here == "u3-0")
    }

    @Test func mTogglesTheCurrentUserAndTheNextMoveHonoursIt() {
        var (viewer, _) = open([1, 1, 1])
        _ = viewer.ready()
        #expect(viewer.send(.toggleMute) == [.muted("u0")])
        #expect(viewer.muted == ["u0"])
        #expect(viewer.send(.toggleMute) == [.unmuted("u0")])
        #expect(viewer.muted.isEmpty)
        _ = viewer.send(.nextUser)
        _ = viewer.ready()
        _ = viewer.send(.toggleMute)  // u1 muted while watching it
        _ = viewer.send(.previousUser)
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(5)))
        #expect(viewer.here == "u2-0", "u0's end passes over u1, muted a moment ago")
        #expect(viewer.position != nil)
    }

    @Test func everyoneAfterMutedClosesTheViewer() {
        var (viewer, _) = StoryViewer.open(makeStories([2, 1]), at: 0, configuration: fiveSeconds, muted: ["u1"])
        _ = viewer.ready()
        _ = viewer.send(.next)
        _ = viewer.ready()
        #expect(visible(viewer.send(.next)) == [.closed])
    }
}
