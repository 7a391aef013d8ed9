public import Foundation
import StoryBase
public import StoryInterfaces
import Synchronization

/// ``FolderContent`` as a content source: pages of users, each story listed when its page is.
public struct FolderStoryContent: StoryContentProviding {
    /// `folder`.
    public let sourceName = "folder"
    /// The folder.
    public let folder: FolderContent

    /// Serves `folder`.
    public init(folder: FolderContent) { self.folder = folder }

    /// The users of page `request.page` with their stories (a subfolder without media is
    /// left out; the page keeps its next page).
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        let users = StoryPaging.page(folder.users, request)
        let folder = self.folder
        let stories = try await OwnThread.run { users.elements.compactMap { folder.story($0) } }
        return Page(request: request, elements: stories, nextPage: users.nextPage)
    }

    /// One user's story, or ``StoryContentError/unknownUser(_:)``.
    public func story(for user: UserID) async throws -> Story {
        guard let found = folder.users.first(where: { $0.id == user }) else {
            throw StoryContentError.unknownUser(user)
        }
        let folder = self.folder
        guard let story = try await OwnThread.run({ folder.story(found) }) else {
            throw StoryContentError.unknownUser(user)
        }
        return story
    }
}

/// Every picture of the folder (JPEG, PNG, and GIF and WebP, which the screens show by their
/// first picture) as the gallery, listed the first time the gallery asks.
public final class FolderPhotoCatalog: PhotoCataloging {
    private let folder: FolderContent
    private let listed = Mutex<[Photo]?>(nil)

    /// The gallery of `folder`.
    public init(folder: FolderContent) { self.folder = folder }

    /// Photos `(page-1)·limit ..< page·limit`, in the tray's order, with their pixel sizes
    /// (read from the page's files' headers now: the whole folder's would be read for nothing).
    public func photos(_ request: PageRequest) async throws -> Page<Photo> {
        let page = StoryPaging.page(try await all(), request)
        let measured = try await OwnThread.run { page.elements.map(Self.measured) }
        return Page(request: request, elements: measured, nextPage: page.nextPage)
    }

    /// One photo (its size read from its file), or ``PhotoCatalogError/unknownPhoto(_:)``.
    public func photo(id: PhotoID) async throws -> Photo {
        guard let photo = try await all().first(where: { $0.id == id }) else {
            throw PhotoCatalogError.unknownPhoto(id)
        }
        return try await OwnThread.run { Self.measured(photo) }
    }

    /// `photo` with the size its file's header says (0 × 0 when it cannot be read).
    static func measured(_ photo: Photo) -> Photo {
        guard let head = try? BoundedFile.head(of: photo.url.path, count: PictureHeader.headBytes),
            let size = PictureHeader.size(of: head)
        else { return photo }
        var photo = photo
        (photo.width, photo.height) = size
        return photo
    }

    private func all() async throws -> [Photo] {
        if let photos = listed.withLock({ $0 }) { return photos }
        let folder = self.folder
        let photos = try await OwnThread.run {
            folder.users.compactMap { folder.story($0) }.flatMap { story in
                story.items.compactMap { item -> Photo? in
                    guard case .image(let url) = item.media else { return nil }
                    return Photo(
                        id: PhotoID(item.id.rawValue), author: story.user.name, width: 0, height: 0, url: url,
                        downloadURL: url, takenAt: item.postedAt)
                }
            }
        }
        listed.withLock { $0 = photos }
        return photos
    }
}

/// Reads the folder's files (`file://` URLs only, at most `limit` bytes each) off the pool.
public struct FolderImageLoader: ImageLoading {
    private let limit: Int

    /// A loader of files up to `limit` bytes.
    public init(limit: Int) { self.limit = limit }

    /// The file's bytes.
    public func imageData(for url: URL, priority: ImagePriority) async throws -> Data {
        guard url.isFileURL else {
            throw FolderContent.FolderError.fileUnreadable(path: url.absoluteString, reason: "not a file")
        }
        let limit = self.limit
        // One open: the file read is the file checked (a link is judged by its target's size,
        // a FIFO or a device is refused at once), never more than the limit read.
        return try await OwnThread.run { () throws(FolderContent.FolderError) in
            do throws(BoundedFileError) { return try BoundedFile.contents(of: url.path, limit: limit) } catch {
                throw FolderContent.FolderError.fileUnreadable(path: url.path, reason: error.reason)
            }
        }
    }

    /// Nothing to prefetch: the files are here.
    public func prefetch(_ urls: [URL]) async {}
}
