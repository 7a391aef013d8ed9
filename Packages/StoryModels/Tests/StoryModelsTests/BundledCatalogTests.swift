import Foundation
import StoryInterfaces
import StoryModels
import Testing

@Suite("Bundled catalog")
struct BundledCatalogTests {
    let catalog = BundledCatalog(now: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func hasAtLeastFortyUsersWithOneToEightItems() {
        #expect(catalog.stories.count >= 40)
        #expect(catalog.stories.allSatisfy { (1...8).contains($0.items.count) })
        #expect(Set(catalog.stories.map(\.user.id)).count == catalog.stories.count)
        #expect(Set(catalog.stories.flatMap(\.items).map(\.id)).count == catalog.stories.flatMap(\.items).count)
    }

    @Test func namesCoverEmojiCJKRightToLeftAndAVeryLongName() {
        let names = catalog.stories.map(\.user.name)
        #expect(names.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(names.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
        #expect(names.contains { $0.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) } })
        #expect(names.contains { $0.count > 60 })
    }

    @Test func someItemsAreVideosWithDurationsAndPosters() {
        let videos = catalog.stories.flatMap(\.items).filter(\.media.isVideo)
        #expect(videos.count >= 5)
        for video in videos {
            guard case .video(_, let duration, let poster) = video.media else { continue }
            #expect(duration > .zero)
            #expect(poster != nil)
        }
        #expect(videos.contains { $0.duration(imageDuration: .seconds(5)) == StoryItem.maximumVideoDuration })
    }

    /// A story's items were posted in its order: ages never go up along a story (one said
    /// "21h, 3h, 17h").
    @Test func agesWithinAStoryAreInOrder() {
        for story in catalog.stories {
            let posted = story.items.compactMap(\.postedAt)
            #expect(posted == posted.sorted(), "\(story.user.id.rawValue): \(posted)")
        }
    }

    @Test func theSameEveryRunButForAges() {
        let other = BundledCatalog(now: Date(timeIntervalSince1970: 1_900_000_000))
        #expect(other.stories.map { $0.items.map(\.id) } == catalog.stories.map { $0.items.map(\.id) })
        #expect(other.stories.map { $0.items.map(\.media) } == catalog.stories.map { $0.items.map(\.media) })
    }

    @Test func everySampleAndAvatarLoadsAsAJPEG() async throws {
        let loader = BundledImageLoader()
        var urls = Set(catalog.stories.compactMap(\.user.avatarURL))
        for item in catalog.stories.flatMap(\.items) {
            switch item.media {
            case .image(let url): urls.insert(url)
            case .video(_, _, let poster?): urls.insert(poster)
            case .video: break
            }
        }
        urls.formUnion(catalog.photos.map(\.url))
        #expect(urls.count == 12)
        var total = 0
        for url in urls {
            let data = try await loader.imageData(for: url, priority: .high)
            #expect(data.starts(with: [0xFF, 0xD8, 0xFF]), "\(url)")
            total += data.count
        }
        #expect(total < 2 << 20)
    }

    @Test func neighboursOpenOnDifferentPicturesWithDifferentAvatars() {
        func opening(_ story: Story) -> URL? {
            switch story.items.first?.media {
            case .image(let url)?: url
            case .video(_, _, let poster)?: poster
            case nil: nil
            }
        }
        for (left, right) in zip(catalog.stories, catalog.stories.dropFirst()) {
            #expect(opening(left) != opening(right), "\(left.user.name) and \(right.user.name)")
            #expect(left.user.avatarURL != right.user.avatarURL, "\(left.user.name) and \(right.user.name)")
        }
        #expect(catalog.stories[1].user.avatarURL?.lastPathComponent == "hopper-square.jpg")
    }

    /// Each photo's size is its JPEG's (from the frame header), portraits are at least 720×1280.
    @Test func photosAreTheSizesTheySayAndPortraitsAreStorySized() async throws {
        let loader = BundledImageLoader()
        for photo in catalog.photos {
            let bytes = [UInt8](try await loader.imageData(for: photo.url, priority: .high))
            var offset = 2
            var size: (Int, Int)? = nil
            while offset + 9 < bytes.count, size == nil {
                let marker = bytes[offset + 1]
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                if (0xC0...0xC2).contains(marker) {
                    size = (
                        Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8]),
                        Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                    )
                }
                offset += 2 + length
            }
            let (width, height) = try #require(size, "\(photo.url) has a frame header")
            #expect(width == photo.width && height == photo.height, "\(photo.url): \(width)×\(height)")
            if height > width { #expect(width >= 720 && height >= 1280, "\(photo.url)") }
        }
    }

    @Test func everyVideoIsAClipShippedWithTheCatalog() throws {
        var total = 0
        var clips = Set<URL>()
        for item in catalog.stories.flatMap(\.items) {
            guard case .video(let url, _, _) = item.media else { continue }
            let file = try #require(BundledCatalog.videoFile(for: url), "\(url) is shipped")
            if clips.insert(file).inserted {
                total += try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            }
        }
        #expect(clips.count == 5, "the four clips and the long slideshow are all used")
        #expect(total <= 2 << 20, "\(total) bytes of clips")
        #expect(BundledCatalog.videoFile(for: URL(string: "bundled://videos/none.mp4")!) == nil)
        #expect(BundledCatalog.videoFile(for: URL(string: "https://example.com/videos/x.mp4")!) == nil)
        #expect(catalog.stories.allSatisfy { $0.items.first?.media.isVideo == false }, "no story opens on a video")
    }

    @Test func videosAndOtherSchemesAreNotBundledImages() async {
        let loader = BundledImageLoader()
        let video = URL(string: "bundled://videos/x.mp4")!
        await #expect(throws: BundledImageError.notBundled(video)) {
            try await loader.imageData(for: video, priority: .high)
        }
        // A name the catalog does not have is not a bundled sample (not a broken installation).
        let unknown = URL(string: "bundled://samples/nope.jpg")!
        await #expect(throws: BundledImageError.notBundled(unknown)) {
            try await loader.imageData(for: unknown, priority: .low)
        }
    }

    @Test func contentPagesByLimitAndKnowsItsUsers() async throws {
        let content = BundledStoryContent(catalog: catalog)
        #expect(content.sourceName == "bundled")
        var seen: [UserID] = []
        var page = 1
        while true {
            let result = try await content.stories(try PageRequest(page: page, limit: 7))
            seen += result.elements.map(\.user.id)
            guard let next = result.nextPage else { break }
            page = next
        }
        #expect(seen == catalog.stories.map(\.user.id))
        #expect(try await content.stories(try PageRequest(page: 99, limit: 7)).elements.isEmpty)
        #expect(try await content.story(for: "ada").user.name == "Ada Lovelace")
        await #expect(throws: StoryContentError.unknownUser("nobody")) { try await content.story(for: "nobody") }
    }

    @Test func theGalleryListsThePhotos() async throws {
        let gallery = BundledPhotoCatalog(catalog: catalog)
        let first = try await gallery.photos(try PageRequest(page: 1, limit: 5))
        #expect(first.elements.count == 5 && first.nextPage == 2)
        #expect(try await gallery.photo(id: first.elements[0].id) == first.elements[0])
        await #expect(throws: PhotoCatalogError.unknownPhoto("x")) { try await gallery.photo(id: "x") }
    }

    @Test func fileContentServesADocument() async throws {
        let document = try decode(
            DocumentWriter.usersPages((0..<5).map { StoryUser(id: UserID("\($0)"), name: "n") }, pageSize: 2))
        let content = FileStoryContent(document: document)
        let page = try await content.stories(try PageRequest(page: 2, limit: 3))
        #expect(page.elements.map(\.user.id) == ["3", "4"])
        #expect(page.isLast)
        await #expect(throws: StoryContentError.unknownUser("9")) { try await content.story(for: "9") }
    }
}
