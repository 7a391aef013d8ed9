public import Foundation

/// The gallery's photos: Lorem Picsum's list, or the bundled sample metadata (PRODUCT.md §2, Gallery).
public protocol PhotoCataloging: Sendable {
    /// One page of photos, in list order.
    func photos(_ request: PageRequest) async throws -> Page<Photo>

    /// One photo's details, or ``PhotoCatalogError/unknownPhoto(_:)``.
    func photo(id: PhotoID) async throws -> Photo

    /// Where to fetch `photo` at about `width`×`height` pixels (a gallery thumbnail, a detail
    /// sized for the screen) instead of its full-size original. A catalog whose images come in
    /// one size answers ``Photo/downloadURL`` (the default).
    func imageURL(for photo: Photo, width: Int, height: Int) -> URL
}

extension PhotoCataloging {
    /// One size only: the photo's own image.
    public func imageURL(for photo: Photo, width: Int, height: Int) -> URL { photo.downloadURL }
}

/// Errors every photo catalog reports the same way.
public enum PhotoCatalogError: Error, Hashable, Sendable {
    /// No photo with this id exists.
    case unknownPhoto(PhotoID)
}
