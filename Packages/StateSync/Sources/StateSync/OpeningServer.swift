public import StoryInterfaces

/// A server opened on first use and again after an open that failed (the server was away):
/// a program starts, and works, offline. An open that failed for good (`isFinal`: a refused
/// login, an unsafe server) is not tried again — each try would be another failed login.
public actor OpeningServer: SharedStateServing {
    private let open: @Sendable () async throws -> any SharedStateServing
    private let isFinal: @Sendable (any Error) -> Bool
    private var server: (any SharedStateServing)?
    private var final: (any Error)?

    /// Creates the server; nothing is opened yet.
    public init(
        open: @escaping @Sendable () async throws -> any SharedStateServing,
        isFinal: @escaping @Sendable (any Error) -> Bool
    ) {
        self.open = open
        self.isFinal = isFinal
    }

    private func current() async throws -> any SharedStateServing {
        if let server { return server }
        if let final { throw final }
        do {
            let opened = try await open()
            server = opened
            return opened
        } catch {
            if isFinal(error) { final = error }
            throw error
        }
    }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func push(_ changes: [StateChange], from device: String) async throws {
        try await current().push(changes, from: device)
    }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func pull(after cursor: Int64, limit: Int) async throws -> [SharedChange] {
        try await current().pull(after: cursor, limit: limit)
    }
}
