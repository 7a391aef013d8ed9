import ConfigurationLayers
import FeedPaging
import Foundation
import Logging
import PicsumContent
import SeenLikeStore
import StoryInterfaces
import StoryModels
import StoryTerminal

/// What the content commands share: the configured content source (with `auto`'s fallback
/// said on stderr), the store, image loading, and item lookup.
struct ContentSession {
    let root: CompositionRoot
    /// What the content plugin handed over: stories, the gallery, image loading.
    let source: ContentSource
    let store: any SeenLikeStoring

    /// Users and their stories.
    var content: any StoryContentProviding { source.stories }
    /// Why `auto` fell back, if it did.
    var fallback: String? { source.fallback }

    static func open(_ options: GlobalOptions) async throws -> ContentSession {
        try await open(root(options))
    }

    /// The composition root for `options`, its configuration warnings said on stderr.
    static func root(_ options: GlobalOptions) throws -> CompositionRoot {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        for warning in root.settings.resolved.warnings { StandardStreams.printError("warning: " + warning) }
        return root
    }

    /// Opens the content source (`auto` probes Picsum first) and the store. What a user should
    /// know (the fallback, a document's warnings) goes to `say`: stderr, or the interactive
    /// screen's held log. A shared store opens offline too: its replica is local.
    static func open(_ root: CompositionRoot, say: (String) -> Void = StandardStreams.printError) async throws
        -> ContentSession
    {
        let source = try await root.makeContent()
        if let fallback = source.fallback { say(fallback) }
        for warning in source.warnings { say("warning: " + warning) }
        root.logger.debug(
            "session open", metadata: ["source": "\(source.name)", "store": "\(root.settings.storeKind)"])
        return ContentSession(root: root, source: source, store: try await root.makeStore())
    }

    /// The source's image loader, at high priority.
    func imageLoader() throws -> @Sendable (URL) async throws -> Data {
        let load = try prioritizedImageLoader()
        return { url in try await load(url, .high) }
    }

    /// The source's image loader (one per session, so prefetches and shown items share
    /// downloads), at the given priority, each answer logged.
    func prioritizedImageLoader() throws -> @Sendable (URL, ImagePriority) async throws -> Data {
        let images = try source.makeImages()
        let logger = root.logger
        return { url, priority in
            let started = ContinuousClock.now
            do {
                let data = try await images.imageData(for: url, priority: priority)
                logger.debug(
                    "image loaded",
                    metadata: ["url": "\(url)", "bytes": "\(data.count)", "after": "\(ContinuousClock.now - started)"])
                return data
            } catch {
                logger.warning("image failed", metadata: ["url": "\(url)", "error": "\(error)"])
                throw error
            }
        }
    }

    /// The tray page holding `user` (pages of `feed.pageSize`), in tray order.
    func page(containing user: UserID) async throws -> [Story] {
        var request = try PageRequest(page: 1, limit: root.settings.feed.pageSize)
        while true {
            let page = try await content.stories(request)
            if page.elements.contains(where: { $0.user.id == user }) {
                return try await TrayRules.entries(of: page, store: store, order: root.settings.trayOrder)
                    .elements.map(\.story)
            }
            guard let next = page.nextPage else { throw StoryContentError.unknownUser(user) }
            request = try PageRequest(page: next, limit: request.limit)
        }
    }

    /// The user and index of each of `items`, found in one pass over the pages (100 users a
    /// page), stopping as soon as all are found; an unknown item is `unknownItem`.
    func locate(_ items: [StoryItemID]) async throws -> [StoryItemID: (user: UserID, index: Int)] {
        var wanted = Set(items)
        var found: [StoryItemID: (user: UserID, index: Int)] = [:]
        var request = try PageRequest(page: 1, limit: PageRequest.maximumLimit)
        while !wanted.isEmpty {
            let page = try await content.stories(request)
            for story in page.elements {
                for (index, item) in story.items.enumerated() where wanted.remove(item.id) != nil {
                    found[item.id] = (story.user.id, index)
                }
            }
            guard let next = page.nextPage else { break }
            request = try PageRequest(page: next, limit: request.limit)
        }
        var missing: [StoryItemID] = []
        for item in items where found[item] == nil && !missing.contains(item) { missing.append(item) }
        if missing.count == 1 { throw StoryContentError.unknownItem(missing[0]) }
        if !missing.isEmpty { throw UnknownItemsError(items: missing) }
        return found
    }
}

/// Several unknown items in one command: each is said on a line of its own (exit 65).
struct UnknownItemsError: Error, CustomStringConvertible {
    /// The unknown ids, in the order given.
    var items: [StoryItemID]

    var description: String {
        items.map { "unknown item \"\($0.rawValue)\"" }.joined(separator: "\n")
            + "\nnothing was written; `stories view USER --keys close --json` lists a user's item ids"
    }
}
