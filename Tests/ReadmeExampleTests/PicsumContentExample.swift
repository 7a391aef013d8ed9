import AsyncHTTPFetcher  // or any HTTPFetching (URLSessionHTTPFetcher on Apple platforms)
import Foundation
import PicsumContent
import StoryInterfaces

/// Packages/PicsumContent/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum PicsumContentExample {
    static func run() async throws {
        // README
        let client = PicsumClient(
            configuration: PicsumConfiguration(baseURL: URL(string: "https://picsum.photos")!),
            http: AsyncHTTPClientFetcher())
        let catalog = PicsumPhotoCatalog(client: client)
        let photos = try await catalog.photos(try PageRequest(page: 1, limit: 30))
        let thumbnail = catalog.imageURL(for: photos.elements[0], width: 200, height: 300)
        // /README
    }
}
