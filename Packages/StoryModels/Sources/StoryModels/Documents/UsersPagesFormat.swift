import StoryInterfaces

/// `{"pages":[{"users":[{"id":1,"name":"Neo","profile_picture_url":"https://…"}]}]}`.
enum UsersPagesFormat {
    static func decode(
        _ fields: [String: DocumentValue], file: String, generator: SeedStoryGenerator
    ) throws(StoryDocumentError) -> StoryDocument {
        guard case .array(let pages)? = fields["pages"] else {
            throw StoryDocumentError(
                file: file, field: "pages",
                problem: .wrongType(expected: "an array", found: fields["pages"]?.typeName ?? "nothing"))
        }
        var ids = DuplicateGuard()
        var users: [StoryUser] = []
        for (pageIndex, page) in pages.enumerated() {
            let pageReader = try EntryReader(file: file, entry: "pages[\(pageIndex)]", value: page)
            for (userIndex, value) in try pageReader.array("users").enumerated() {
                let entry = "pages[\(pageIndex)].users[\(userIndex)]"
                var reader = try EntryReader(file: file, entry: entry, value: value)
                let id = try reader.id("id")
                reader.entryID = id
                try ids.check(id, at: entry, file: file)
                let user = StoryUser(
                    id: UserID(id), name: try reader.string("name"),
                    avatarURL: try reader.optionalURL("profile_picture_url"))
                users.append(user)
            }
        }
        return StoryDocument(users: users, generator: generator)
    }
}
