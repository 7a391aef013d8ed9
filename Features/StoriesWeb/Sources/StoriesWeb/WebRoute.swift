import Foundation
import Hummingbird
import StoryInterfaces

/// Every page and API URL of the site, printed and parsed by one type: the pages link with
/// ``path``, the router registers each ``Shape/pattern``, and the page's script gets the
/// ``Shape/template``s (its `routes` block) and fills them with segments it was given, so no
/// URL shape and no escaping is written twice. Ids are one escaped segment each
/// (``HTML/segment(_:)``).
enum WebRoute: Hashable, Sendable {
    case tray(page: Int)
    case user(UserID)
    case item(UserID, StoryItemID)
    /// The like and mute forms of a page without JavaScript, and its seen beacon.
    case likeForm(UserID, StoryItemID)
    case muteForm(UserID, StoryItemID)
    case seenBeacon(UserID, StoryItemID)
    case gallery(page: Int)
    case photo(PhotoID)
    case memories
    case apiTray(page: Int)
    case apiUser(UserID, item: StoryItemID?)
    case apiSeen
    case apiState
    case apiLike(StoryItemID)
    case apiMute(UserID)
    case events

    /// A route's shape: its template, `{name}` for a parameter.
    enum Shape: String, CaseIterable, Sendable {
        case tray, user, item, likeForm, muteForm, seenBeacon, gallery, photo, memories
        case apiTray, apiUser, apiSeen, apiState, apiLike, apiMute, events

        /// The URL with `{user}`, `{item}`, `{photo}`, `{page}` where the values go.
        var template: String {
            switch self {
            case .tray: "/?page={page}"
            case .user: "/u/{user}"
            case .item: "/u/{user}/{item}"
            case .likeForm: "/u/{user}/{item}/like"
            case .muteForm: "/u/{user}/{item}/mute"
            case .seenBeacon: "/u/{user}/{item}/seen.gif"
            case .gallery: "/gallery?page={page}"
            case .photo: "/photos/{photo}"
            case .memories: "/memories"
            case .apiTray: "/api/tray?page={page}"
            case .apiUser: "/api/users/{user}?item={item}"
            case .apiSeen: "/api/seen"
            case .apiState: "/api/state"
            case .apiLike: "/api/likes/{item}"
            case .apiMute: "/api/mutes/{user}"
            case .events: "/events"
            }
        }

        /// The router's pattern: the path without its query, `:name` for a parameter.
        var pattern: RouterPath { RouterPath(patternText) }

        /// ``pattern`` as text: "/u/:user/:item".
        var patternText: String {
            String(template.prefix { $0 != "?" }).replacing(/\{(\w+)\}/) { ":" + $0.1 }
        }
    }

    var shape: Shape {
        switch self {
        case .tray: .tray
        case .user: .user
        case .item: .item
        case .likeForm: .likeForm
        case .muteForm: .muteForm
        case .seenBeacon: .seenBeacon
        case .gallery: .gallery
        case .photo: .photo
        case .memories: .memories
        case .apiTray: .apiTray
        case .apiUser: .apiUser
        case .apiSeen: .apiSeen
        case .apiState: .apiState
        case .apiLike: .apiLike
        case .apiMute: .apiMute
        case .events: .events
        }
    }

    /// The values of the template's parameters, escaped; a page 1 or an absent item leaves
    /// its query out.
    private var values: [String: String] {
        switch self {
        case .tray(let page), .gallery(let page), .apiTray(let page): page == 1 ? [:] : ["page": String(page)]
        case .user(let user), .apiMute(let user): ["user": HTML.segment(user.rawValue)]
        case .item(let user, let item), .likeForm(let user, let item), .muteForm(let user, let item),
            .seenBeacon(let user, let item):
            ["user": HTML.segment(user.rawValue), "item": HTML.segment(item.rawValue)]
        case .photo(let photo): ["photo": HTML.segment(photo.rawValue)]
        case .apiUser(let user, let item):
            ["user": HTML.segment(user.rawValue)].merging(item.map { ["item": HTML.segment($0.rawValue)] } ?? [:]) {
                $1
            }
        case .apiLike(let item): ["item": HTML.segment(item.rawValue)]
        case .memories, .apiSeen, .apiState, .events: [:]
        }
    }

    /// The URL: the template filled (a query whose value is absent left out).
    var path: String {
        let values = values
        let parts = shape.template.split(separator: "?", maxSplits: 1)
        var path = String(parts[0])
        for (name, value) in values { path = path.replacing("{\(name)}", with: value) }
        guard parts.count == 2 else { return path }
        let query = parts[1].split(separator: "&").compactMap { pair -> String? in
            let pieces = pair.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let value = values[String(pieces[1].dropFirst().dropLast())] else { return nil }
            return "\(pieces[0])=\(value)"
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// The route `url` (a path with its query) names, or nil.
    init?(path url: String) {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let pieces = pair.split(separator: "=", maxSplits: 1)
                guard pieces.count == 2 else { return nil }
                query[String(pieces[0])] = String(pieces[1])
            }
        }
        for shape in Shape.allCases {
            guard let values = Self.match(shape, path: path, query: query), let route = Self.make(shape, values) else {
                continue
            }
            self = route
            return
        }
        return nil
    }

    /// The template's parameters in `path` and `query`, still escaped, or nil when it is not
    /// this shape.
    private static func match(_ shape: Shape, path: Substring, query: [String: String]) -> [String: String]? {
        let parts = shape.template.split(separator: "?", maxSplits: 1)
        let expected = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        guard expected.count == given.count else { return nil }
        var values: [String: String] = [:]
        for (want, have) in zip(expected, given) {
            if want.hasPrefix("{") {
                guard !have.isEmpty else { return nil }
                values[String(want.dropFirst().dropLast())] = String(have)
            } else if want != have {
                return nil
            }
        }
        let allowed = parts.count == 2 ? parts[1].split(separator: "&").map { String($0.prefix { $0 != "=" }) } : []
        for (name, value) in query {
            guard allowed.contains(name) else { return nil }
            values[name] = value  // each query key is named as its parameter
        }
        return values
    }

    private static func make(_ shape: Shape, _ values: [String: String]) -> WebRoute? {
        func id(_ name: String) -> String? { HTML.decodedSegment(values[name]) }
        func page() -> Int? {
            guard let text = values["page"] else { return 1 }
            return Int(text).flatMap { $0 >= 1 ? $0 : nil }
        }
        switch shape {
        case .tray: return page().map { .tray(page: $0) }
        case .gallery: return page().map { .gallery(page: $0) }
        case .apiTray: return page().map { .apiTray(page: $0) }
        case .user: return id("user").map { .user(UserID($0)) }
        case .apiMute: return id("user").map { .apiMute(UserID($0)) }
        case .item, .likeForm, .muteForm, .seenBeacon:
            guard let user = id("user").map({ UserID($0) }), let item = id("item").map({ StoryItemID($0) }) else {
                return nil
            }
            switch shape {
            case .item: return .item(user, item)
            case .likeForm: return .likeForm(user, item)
            case .muteForm: return .muteForm(user, item)
            default: return .seenBeacon(user, item)
            }
        case .photo: return id("photo").map { .photo(PhotoID($0)) }
        case .apiUser:
            guard let user = id("user") else { return nil }
            if values["item"] != nil {
                guard let item = id("item") else { return nil }
                return .apiUser(UserID(user), item: StoryItemID(item))
            }
            return .apiUser(UserID(user), item: nil)
        case .apiLike: return id("item").map { .apiLike(StoryItemID($0)) }
        case .memories: return .memories
        case .apiSeen: return .apiSeen
        case .apiState: return .apiState
        case .events: return .events
        }
    }

    /// The templates by shape name, for the page's script (its `routes` block).
    static var templates: [String: String] {
        Dictionary(uniqueKeysWithValues: Shape.allCases.map { ($0.rawValue, $0.template) })
    }
}
