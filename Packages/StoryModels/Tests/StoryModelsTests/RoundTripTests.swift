import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import Testing

@Suite("Stories documents: round trips")
struct RoundTripTests {
    static func randomUsers(_ random: inout SeededRandom, count: Int) -> [StoryUser] {
        (0..<count).map { index in
            let avatar = Bool.random(using: &random) ? URL(string: "https://e.com/a\(index).jpg") : nil
            let names = ["Neo", "山田 花子", "نور", "Zoë 🌙", "A \"quoted\" name", "back\\slash"]
            return StoryUser(id: UserID("u\(index)"), name: names.randomElement(using: &random)!, avatarURL: avatar)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func usersPages(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let users = Self.randomUsers(&random, count: Int.random(in: 1...40, using: &random))
        let json = DocumentWriter.usersPages(users, pageSize: Int.random(in: 1...10, using: &random))
        let document = try decode(json)
        #expect(document.stories.map(\.user) == users)
        let generator = SeedStoryGenerator(picsumBaseURL: picsumBase)
        #expect(document.stories == users.map(generator.story(for:)))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func storiesWithSnaps(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let stories = Self.randomUsers(&random, count: Int.random(in: 1...20, using: &random)).map { user in
            Story(
                user: user,
                items: (0..<Int.random(in: 1...8, using: &random)).map { index in
                    let url = URL(string: "https://e.com/\(user.id.rawValue)/\(index)")!
                    let media: StoryMedia =
                        Bool.random(using: &random)
                        ? .image(url)
                        : .video(
                            url, duration: .milliseconds(Int64.random(in: 1...120_000, using: &random)),
                            poster: Bool.random(using: &random) ? URL(string: "https://e.com/p.jpg") : nil)
                    return StoryItem(id: StoryItemID("\(user.id.rawValue)-\(index)"), userID: user.id, media: media)
                })
        }
        let document = try decode(DocumentWriter.snaps(stories))
        #expect(document.stories == stories)
        #expect(document.warnings.isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func picsumList(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let authors = ["Alejandro Escamilla", "Paul Jarvis", "Ales Krivec", "山本"]
        let photos = (0..<Int.random(in: 1...100, using: &random)).map { index in
            let width = Int.random(in: 1...5000, using: &random)
            let height = Int.random(in: 1...5000, using: &random)
            return Photo(
                id: PhotoID("\(index * 3)"), author: authors.randomElement(using: &random)!, width: width,
                height: height,
                url: URL(string: "https://unsplash.com/photos/\(index)")!,
                downloadURL: URL(string: "https://picsum.photos/id/\(index * 3)/\(width)/\(height)")!)
        }
        let document = try decode(DocumentWriter.picsumList(photos))
        #expect(document.photos == photos)
        #expect(document.stories.flatMap(\.items).count == photos.count)
        #expect(Set(document.stories.map(\.user.id)).count == document.stories.count)
        for story in document.stories {
            #expect(story.items.allSatisfy { $0.userID == story.user.id })
        }
    }
}
