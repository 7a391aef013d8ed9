import Foundation
import HTTPTypes
import StoryInterfaces
import StoryModels

/// An answer that is not the page asked for: its status and what to tell the person (a page,
/// or `{"error":…}` for the API).
struct WebError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The error a content or store error is for the web: unknown ids are 404s, a bad page
    /// 400, a store that cannot be reached 503; anything else 500 with its description.
    static func from(_ error: any Error) -> WebError {
        switch error {
        case let error as WebError: return error
        case StoryContentError.unknownUser(let user):
            return WebError(.notFound, "There is no user \u{201C}\(user.rawValue)\u{201D}.")
        case StoryContentError.unknownItem(let item):
            return WebError(.notFound, "There is no item \u{201C}\(item.rawValue)\u{201D}.")
        case PhotoCatalogError.unknownPhoto(let photo):
            return WebError(.notFound, "There is no photo \u{201C}\(photo.rawValue)\u{201D}.")
        case let error as UnknownItemsError:
            return WebError(
                .notFound, "There is no item \u{201C}\(error.items.map(\.rawValue).joined(separator: ", "))\u{201D}.")
        case PageRequestError.pageOutOfRange(let page) where page > 1:
            return WebError(.notFound, "There is no page \(page).")
        case let error as PageRequestError: return WebError(.badRequest, "\(error).")
        default: return WebError(.internalServerError, "\(error)")
        }
    }
}
