/// The gallery's photos: Lorem Picsum's list, or the bundled sample metadata (PRODUCT.md §2, Gallery).
public protocol PhotoCataloging: Sendable {
    /// One page of photos, in list order.
    func photos(_ request: PageRequest) async throws -> Page<Photo>

    /// One photo's details, or ``PhotoCatalogError/unknownPhoto(_:)``.
    func photo(id: PhotoID) async throws -> Photo
}

/// Errors every photo catalog reports the same way.
public enum PhotoCatalogError: Error, Hashable, Sendable {
    /// No photo with this id exists.
    case unknownPhoto(PhotoID)
}
