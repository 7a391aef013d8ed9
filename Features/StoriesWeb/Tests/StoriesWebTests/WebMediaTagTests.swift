import Foundation
import StoryInterfaces
import Testing

@testable import StoriesWeb

/// A media URL's version tag: a local file's reads its size and time, so it is made on the
/// bounded pool (no file system call waits on the cooperative pool); a remote URL's is text.
@Suite("The web's media tags")
struct WebMediaTagTests {
    /// The name of the thread the work ran on.
    static let threadName: @Sendable () -> String = { Thread.current.name ?? "" }

    @Test func aLocalFilesTagIsMadeOnTheBoundedPoolAndARemoteOnesAtOnce() async throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory() + "tag-\(UUID().uuidString).jpg")
        try Data("one".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let remote = URL(string: "https://example.com/a.jpg")!

        let local = try await WebMedia.tagging([remote, file], Self.threadName)
        #expect(local.hasPrefix("stories.io."), "made on \(local)")
        let atOnce = try await WebMedia.tagging([remote, nil], Self.threadName)
        #expect(!atOnce.hasPrefix("stories.io."), "a remote URL's tag went to the pool")

        let before = WebMedia.tag(file)
        try Data("a longer picture".utf8).write(to: file)
        #expect(WebMedia.tag(file) != before, "a changed file keeps its URL")
        #expect(WebMedia.tag(remote) == WebMedia.tag(URL(string: "https://example.com/a.jpg")!))
    }

    @Test func aStorysPageTagsItsAvatarItsMediaAndAVideosPoster() {
        let avatar = URL(string: "https://example.com/ada.jpg")!
        let clip = URL(fileURLWithPath: "/clips/a.mp4")
        let poster = URL(fileURLWithPath: "/clips/a.jpg")
        let picture = URL(string: "https://example.com/0.jpg")!
        let story = Story(
            user: StoryUser(id: "ada", name: "Ada", avatarURL: avatar),
            items: [
                StoryItem(id: "ada-0", userID: "ada", media: .image(picture)),
                StoryItem(id: "ada-1", userID: "ada", media: .video(clip, duration: .seconds(5), poster: poster)),
            ])
        #expect(WebMedia.urls(story) == [avatar, picture, clip, poster])
    }
}
