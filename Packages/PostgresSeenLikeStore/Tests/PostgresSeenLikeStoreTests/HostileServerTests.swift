import Foundation
import PostgresSeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// A server that is not what it claims, and TLS as the URL's sslmode says.
@Suite("PostgreSQL store: hostile servers and TLS", .timeLimit(.minutes(10)))
struct HostileServerTests {
    /// Opens `url`; the error (nil: it opened) and how long it took. The timeout is long: a
    /// busy machine may starve the pool, and "final at once" is checked as "well before it".
    static func open(_ url: String, timeout: Duration = .seconds(30)) async -> (PostgresStoreError?, Duration) {
        let start = ContinuousClock.now
        do {
            let store = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: timeout))
            await store.close()
            return (nil, .now - start)
        } catch {
            return (error, .now - start)
        }
    }

    @Test(arguments: [FakePostgresServer.Behaviour.cleartext, .md5])
    func aPasswordIsNeverSentInClearOrAsMD5OverAnUnencryptedConnection(behaviour: FakePostgresServer.Behaviour)
        async throws
    {
        let server = try FakePostgresServer(behaviour)
        defer { server.stop() }
        // A far timeout, so "final at once" and "after the timeout" stay apart on a loaded
        // machine (a refused login once took 25 s of a busy CI run to be said).
        let (error, took) = await Self.open(server.url(), timeout: .seconds(120))
        guard case .insecure(_, let detail)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail.contains("unencrypted") && detail.contains("sslmode=disable"), "\(detail)")
        #expect(took < .seconds(90), "final at once, not after the timeout: \(took)")
        #expect(server.passwordsReceived == 0, "the password went out")
        #expect(server.connections == 1, "tried once: \(server.connections)")
        #expect(error?.isFinal == true)
        // Said so in the URL, the user accepts it: the password goes (and the login fails here).
        _ = await Self.open(server.url() + "?sslmode=disable")
        #expect(server.passwordsReceived >= 1)
    }

    @Test func aWrongPasswordOrAMissingDatabaseIsFinalAndTriedOnce() async throws {
        for (code, message) in [
            ("28P01", "password authentication failed for user \"me\""), ("3D000", "database \"state\" does not exist"),
        ] {
            let server = try FakePostgresServer(.error(code: code, message: message))
            defer { server.stop() }
            let (error, took) = await Self.open(server.url(), timeout: .seconds(120))
            guard case .refused(let name, let detail)? = error else {
                Issue.record("\(code): \(String(describing: error))")
                continue
            }
            #expect(detail == message && !name.contains("hunter2") && !detail.contains("hunter2"))
            #expect(error?.description.contains("store.postgres.url") == true, "says what to fix")
            #expect(took < .seconds(90), "final at once, not after the timeout: \(took)")
            #expect(server.connections == 1, "one login, no retries: \(server.connections)")
        }
    }

    @Test func aServerAnnouncingAGigabyteMessageIsRefusedAtOnce() async throws {
        let server = try FakePostgresServer(.huge(bytes: 1 << 30))
        defer { server.stop() }
        // The server drips for two minutes, past the client's timeout: a client that waited
        // for the body would end by the timeout (another error), and one refusing on the
        // header ends long before it, however busy the machine.
        let (error, took) = await Self.open(server.url(password: nil), timeout: .seconds(120))
        guard case .insecure(_, let detail)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail.contains("1073741824 bytes"), "\(detail)")
        #expect(took < .seconds(90), "refused on its header, not after the timeout: \(took)")
    }

    @Test func sslModesAreHonouredAgainstAServerWithTLS() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let cluster = try await PostgresTestCluster.start()
        defer { Task { try? await cluster.stop() } }
        let (authority, stranger) = try await cluster.enableTLS()
        try await cluster.addPasswordUser("clear", password: "s3cret", method: "password")
        let host = "postgres://clear:s3cret@localhost:\(cluster.port)/stories"
        // Over TLS a password asked for in clear is fine: the channel is encrypted.
        for mode in [
            "", "?sslmode=prefer", "?sslmode=require", "?sslmode=verify-ca&sslrootcert=\(authority)",
            "?sslmode=verify-full&sslrootcert=\(authority)",
        ] {
            let (error, _) = await Self.open(host + mode)
            #expect(error == nil, "\(mode): \(String(describing: error))")
        }
        // A certificate signed by another authority, or naming another host, is refused, finally.
        let (wrongAuthority, _) = await Self.open(host + "?sslmode=verify-ca&sslrootcert=\(stranger)")
        #expect(wrongAuthority?.isFinal == true, "\(String(describing: wrongAuthority))")
        // Another name of this machine (when it has one on 127.0.0.1): not the certificate's.
        let machine = ProcessInfo.processInfo.hostName
        if machine != "localhost", Self.resolvesToLoopback(machine) {
            let (wrongName, _) = await Self.open(
                "postgres://clear:s3cret@\(machine):\(cluster.port)/stories?sslmode=verify-full&sslrootcert=\(authority)"
            )
            #expect(
                wrongName?.isFinal == true,
                "\(machine) is not a name the certificate has: \(String(describing: wrongName))")
            // verify-ca does not check the name.
            #expect(
                await Self.open(
                    "postgres://clear:s3cret@\(machine):\(cluster.port)/stories?sslmode=verify-ca&sslrootcert=\(authority)"
                ).0 == nil)
        }
        #expect(throws: PostgresStoreError.self, "verify-full needs a name") {
            try PostgresStoreConfiguration(url: "postgres://u@127.0.0.1/db?sslmode=verify-full")
        }
        // Bad parameters are the URL's errors.
        #expect(throws: PostgresStoreError.self) { try PostgresStoreConfiguration(url: host + "?sslmode=sometimes") }
        #expect(throws: PostgresStoreError.self) { try PostgresStoreConfiguration(url: host + "?ssl=true") }
        let (missing, _) = await Self.open(host + "?sslmode=verify-ca&sslrootcert=/nonexistent.pem")
        #expect(missing.map { "\($0)" }?.contains("sslrootcert /nonexistent.pem") == true)
    }

    /// A value the server can never store is `rejected` (set aside by the app's writer, exit 65
    /// for a command), not a failure to try again; the store goes on with the next.
    @Test func aValueTheIndexCannotHoldIsRejectedAndTheStoreGoesOn() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let url = try await PostgresTestCluster.shared().createDatabase()
        let store = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30)))
        let huge = StoryItemID(String((0..<3_000).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement()! }))
        do {
            try await store.markSeen(huge, user: "u", index: 0)
            Issue.record("stored a 3,000-letter id")
        } catch let error as PostgresStoreError {
            guard case .rejected = error else {
                Issue.record("\(error)")
                return
            }
        }
        try await store.markSeen("ada-0", user: "ada", index: 0)
        #expect(try await store.summary().seenItemIDs == ["ada-0"])
        await store.close()
    }

    static func resolvesToLoopback(_ name: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/getent")
        process.arguments = ["ahostsv4", name]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return false }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.hasPrefix("127.0.0.1 ")
    }

    @Test func requireRefusesAServerWithoutTLS() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let url = try await PostgresTestCluster.shared().createDatabase()
        let (error, _) = await Self.open(url + "?sslmode=require")
        guard case .insecure(_, let detail)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail.contains("does not offer TLS"), "\(detail)")
        // prefer (the default) and disable fall back: trust asks for no password.
        #expect(await Self.open(url).0 == nil)
        #expect(await Self.open(url + "?sslmode=disable").0 == nil)
    }
}
