import Foundation
import Logging
import StoriesWeb
import StoryInterfaces
import StoryNavigation

/// Features/StoriesWeb/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoriesWebExample {
    static func run(
        stories: any StoryContentProviding, photos: any PhotoCataloging, loader: any ImageLoading,
        store: any SeenLikeStoring, secretFile: String, logger: Logger
    ) async throws {
        // README
        let content = WebContent(
            stories: stories, photos: photos, images: { url in try await loader.imageData(for: url, priority: .high) },
            clipFile: { $0.isFileURL ? $0 : nil }, store: store, viewer: try ViewerConfiguration())
        let options = StoriesWebServer.Options(
            host: "127.0.0.1", port: 8080, pairing: try Pairing.owner(keptIn: secretFile))
        let server = StoriesWebServer(content: content, options: options)
        // Nothing is served before this link is opened (it sets the session cookie).
        try await server.run(logger: logger) { port in print("http://127.0.0.1:\(port)\(options.pairing.path ?? "/")") }
        // Or drive the routes without a socket: Application(router: server.router(port: { 8080 })).test(.router) { … }
        // /README
    }
}
