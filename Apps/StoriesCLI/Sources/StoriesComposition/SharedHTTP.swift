import AsyncHTTPFetcher
import PicsumContent
import StoryInterfaces
import Synchronization

/// The process's one HTTP client (AsyncHTTPClient on SwiftNIO): every exchange — the Picsum
/// client, the image pipeline, stories documents' media, `render URL`, the `auto` probe,
/// doctor — goes through it, so connections are pooled and kept alive across them.
///
/// Made on first use (a command that never touches the network never starts SwiftNIO's
/// threads), from the first settings that ask (only their connections per host: timeouts are
/// each request's); ``shutdown()`` closes it before the program
/// exits.
enum SharedHTTP {
    private static let fetcher = Mutex<AsyncHTTPClientFetcher?>(nil)

    /// The fetcher, made now if this is the first use.
    static func fetcher(for network: NetworkSettings) -> AsyncHTTPClientFetcher {
        fetcher.withLock { made in
            if let made { return made }
            let new = AsyncHTTPClientFetcher(configuration: Self.configuration(for: network))
            made = new
            return new
        }
    }

    /// The shared client's settings. Its connect timeout is not the first caller's timeout
    /// (the `auto` probe asks with 2 s; that would cut every later connection at 2 s): it is
    /// the longest a connection may take, and each request's own deadline cuts it shorter.
    static func configuration(for network: NetworkSettings) -> AsyncHTTPClientFetcher.Configuration {
        AsyncHTTPClientFetcher.Configuration(
            connectTimeout: connectTimeout, maximumConnectionsPerHost: network.maxConcurrent,
            maximumDecompressedBytes: PicsumClient.maximumImageBytes)
    }

    /// The longest a new connection may take, whoever asks first.
    static let connectTimeout: Duration = .seconds(10)

    /// A Picsum client whose exchanges go through the shared fetcher.
    static func client(_ configuration: PicsumConfiguration) -> PicsumClient {
        PicsumClient(configuration: configuration, http: fetcher(for: configuration.network))
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
