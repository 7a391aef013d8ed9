import AsyncHTTPFetcher
import Foundation
import PicsumContent
import Testing

@testable import StoriesComposition

/// The one HTTP client is made from the first settings that ask; the `auto` probe's 2 s must
/// not become every later connection's timeout.
@Suite("The shared HTTP client")
struct SharedHTTPTests {
    @Test func theProbesTimeoutIsNotTheClientsConnectTimeout() {
        let probe = NetworkSettings(timeout: AutoContentPlugin.probeTimeout, maxConcurrent: 6)
        let configuration = SharedHTTP.configuration(for: probe)
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.maximumConnectionsPerHost == 6)
    }
}

/// Pictures inside tmux go to kitty 0.28 or later only: Debian 12's 0.26.5 has
/// no Unicode placeholders and would show boxes.
