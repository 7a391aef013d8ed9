import AsyncHTTPFetcher
import Foundation
import PicsumContent
import Testing

@testable import StoriesComposition

/// The one HTTP client is made from the first settings that ask; the `auto` probe's 2 s must
/// not become every later connection's timeout (issue 29.8).
@Suite("The shared HTTP client")
struct SharedHTTPTests {
    @Test func theProbesTimeoutIsNotTheClientsConnectTimeout() {
        var probe = PicsumConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, diskCachePath: "/tmp/x")
        probe.timeout = AutoContentPlugin.probeTimeout
        probe.maxConcurrent = 6
        let configuration = SharedHTTP.configuration(for: probe)
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.maximumConnectionsPerHost == 6)
    }
}
