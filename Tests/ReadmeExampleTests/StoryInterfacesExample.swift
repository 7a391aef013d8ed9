import StoryInterfaces

/// Packages/StoryInterfaces/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryInterfacesExample {
    static func run() async throws {
        // README
        // A content source is any type that speaks the role; every package and app reads it the same way.
        struct OneUser: StoryContentProviding {
            let story: Story
            var sourceName: String { "one user" }
            func stories(_ request: PageRequest) async throws -> Page<Story> {
                Page(request: request, elements: request.page == 1 ? [story] : [], nextPage: nil)
            }
            func story(for user: UserID) async throws -> Story {
                guard user == story.user.id else { throw StoryContentError.unknownUser(user) }
                return story
            }
        }
        // /README
    }
}
