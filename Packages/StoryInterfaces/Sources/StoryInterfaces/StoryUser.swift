public import Foundation

/// A person in the tray: the owner of one story.
public struct StoryUser: Hashable, Sendable, Codable, Identifiable {
    /// The user's stable id.
    public var id: UserID
    /// The display name; untrusted text from the source.
    public var name: String
    /// The avatar picture, if the source has one.
    public var avatarURL: URL?

    /// Creates a user.
    public init(id: UserID, name: String, avatarURL: URL? = nil) {
        self.id = id
        self.name = name
        self.avatarURL = avatarURL
    }
}
