import ConfigurationLayers
import Foundation
import Logging
import StoryImages
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
                let level: Logger.Level = (error as? ImageDecodeError)?.isForFFmpeg == true ? .debug : .warning
                logger.log(level: level, "image failed", metadata: ["url": "\(url)", "error": "\(error)"])
                throw error
            }
        }
    }
}
