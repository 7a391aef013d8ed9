public import Foundation

/// How requests go out, for every network source (Picsum, a stories document's URLs, video
/// clips): `network.timeout` (15 s), `network.retries` (3), `network.maxConcurrent` (4).
public struct NetworkSettings: Hashable, Sendable {
    /// How long one request may take.
    public var timeout: Duration
    /// How many times a failed request is retried (5xx, 429, timeouts).
    public var retries: Int
    /// How many downloads run at once.
    public var maxConcurrent: Int

    /// Network settings.
    public init(timeout: Duration = .seconds(15), retries: Int = 3, maxConcurrent: Int = 4) {
        self.timeout = timeout
        self.retries = retries
        self.maxConcurrent = maxConcurrent
    }
}

/// The live Picsum source: its address (`picsum.baseURL`, default `https://picsum.photos`,
/// `--picsum-url`, http or https only) and the network settings its requests use.
public struct PicsumConfiguration: Hashable, Sendable {
    /// Picsum's address.
    public var baseURL: URL
    /// Timeouts, retries and concurrency.
    public var network: NetworkSettings

    /// A configuration.
    public init(baseURL: URL, network: NetworkSettings = NetworkSettings()) {
        self.baseURL = baseURL
        self.network = network
    }

    /// A configuration with these network settings.
    public init(baseURL: URL, timeout: Duration = .seconds(15), retries: Int = 3, maxConcurrent: Int = 4) {
        self.init(
            baseURL: baseURL, network: NetworkSettings(timeout: timeout, retries: retries, maxConcurrent: maxConcurrent)
        )
    }
}
