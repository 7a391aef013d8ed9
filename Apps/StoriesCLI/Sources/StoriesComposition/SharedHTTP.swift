import AsyncHTTPFetcher
import PicsumContent
import StoryInterfaces
import Synchronization

/// The process's one HTTP client (AsyncHTTPClient on SwiftNIO): every exchange — the Picsum
/// client, the image pipeline, stories documents' media, `render URL`, the `auto` probe,
/// doctor — goes through it, so connections are pooled and kept alive across them.
///
/// Made on first use (a command that never touches the network never starts SwiftNIO's
/// threads), from the first settings that ask; ``shutdown()`` closes it before the program
/// exits.
enum SharedHTTP {
    private static let fetcher = Mutex<AsyncHTTPClientFetcher?>(nil)

    /// The fetcher, made now if this is the first use.
    static func fetcher(for configuration: PicsumConfiguration) -> AsyncHTTPClientFetcher {
        fetcher.withLock { made in
            if let made { return made }
            let new = AsyncHTTPClientFetcher(
                configuration: AsyncHTTPClientFetcher.Configuration(
                    connectTimeout: min(configuration.timeout, .seconds(10)),
                    maximumConnectionsPerHost: configuration.maxConcurrent,
                    maximumDecompressedBytes: PicsumClient.maximumImageBytes))
            made = new
            return new
        }
    }

    /// A Picsum client whose exchanges go through the shared fetcher.
    static func client(_ configuration: PicsumConfiguration) -> PicsumClient {
        PicsumClient(configuration: configuration, http: fetcher(for: configuration))
    }

    /// Closes the shared client if it was made (once, before exit).
    static func shutdown() async {
        guard
            let made = fetcher.withLock({ made in
                defer { made = nil }
                return made
            })
        else { return }
        await made.shutdown()
    }
}
