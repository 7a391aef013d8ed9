import Foundation
import StoryInterfaces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway PostgreSQL cluster for tests: `initdb` in a temporary folder, a free port on
/// 127.0.0.1, a database `stories` owned by user `stories` (trust authentication, loopback
/// only). It stops when ``stop()`` is called or, at the latest, when the test process ends (a
/// watchdog shell stops it). Run as root, the server runs as the `postgres` user, since
/// PostgreSQL refuses to run as root. Needs Debian's `postgresql` (`.ci/run` installs it).
public final class PostgresTestCluster: Sendable {
    /// The server's port on 127.0.0.1.
    public let port: Int
    /// The other address it listens on, if any.
    public let also: String?
    /// The cluster's folder (data, log, socket).
    public let folder: String
    private let binaries: String

    /// `postgres://stories@127.0.0.1:PORT/stories`.
    public var url: String { "postgres://stories@127.0.0.1:\(port)/stories" }

    /// The folder of PostgreSQL's programs, or nil when PostgreSQL is not installed.
    public static var binaries: String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// Why a cluster cannot start here, for a test that must say so (nil: it can).
    public static var unavailableReason: String? {
        binaries == nil ? "PostgreSQL is not installed (apt-get install postgresql; .ci/run does)" : nil
    }

    /// Creates and starts a cluster with an empty `stories` database, listening on 127.0.0.1
    /// and on `also` (an address of this machine; clients on its networks trusted like loopback).
    public static func start(listeningAlsoOn also: String? = nil) async throws -> PostgresTestCluster {
        guard let binaries else { throw ClusterError.failed(unavailableReason ?? "") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString.prefix(8))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cluster = PostgresTestCluster(port: try freePort(), folder: folder, binaries: binaries, also: also)
        if getuid() == 0 { try await cluster.shell("chown postgres:postgres '\(folder)'", asServer: false) }
        try await cluster.shell(
            "'\(binaries)/initdb' -D '\(folder)/data' -U stories --auth=trust -E UTF8 --no-sync --locale=C.UTF-8 >'\(folder)/initdb.log' 2>&1"
        )
        if also != nil {
            // Clients on the networks the server is on (a test's network namespace) are trusted too.
            try await cluster.shell("printf 'host all all samenet trust\\n' >> '\(folder)/data/pg_hba.conf'")
        }
        try await cluster.startServer()
        try await cluster.createdb("stories")
        // Stops the cluster when this test process ends, however it ends.
        let watchdog = """
            while \(ProcessProbe.shellIsRunning(getpid())); do sleep 1; done
            '\(binaries)/pg_ctl' -D '\(folder)/data' -m immediate stop
            rm -rf '\(folder)'

            """
        try await cluster.shell("cat > '\(folder)/watchdog.sh' <<'EOF'\n\(watchdog)EOF")
        try await cluster.shell("nohup sh '\(folder)/watchdog.sh' >/dev/null 2>&1 &")
        return cluster
    }

    private init(port: Int, folder: String, binaries: String, also: String? = nil) {
        self.also = also
        self.port = port
        self.folder = folder
        self.binaries = binaries
    }

    /// A new empty database on the cluster; its URL. One at a time (PostgreSQL refuses two
    /// `CREATE DATABASE` copying the template at once).
    public func createDatabase() async throws -> String {
        let name = "t_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try await creating.run { try await self.createdb(name) }
        return "postgres://stories@127.0.0.1:\(port)/\(name)"
    }

    /// `createdb NAME`, tried again for up to a minute while it fails: on a machine whose
    /// cores are busy it once failed (exit 1) right after the server said it was ready. A
    /// database a failed try did create counts as made.
    private func createdb(_ name: String) async throws {
        var attempt = 0
        while true {
            do {
                try await shell("'\(binaries)/createdb' -h 127.0.0.1 -p \(port) -U stories \(name) 2>&1")
                return
            } catch ClusterError.failed(let detail) where detail.contains("already exists") && attempt > 0 {
                return
            } catch {
                attempt += 1
                if attempt >= 30 { throw error }
                try await Task.sleep(for: .seconds(2))
            }
        }
    }

    private let creating = SerialWork()

    /// One cluster for a whole test process (started on first use).
    public static func shared() async throws -> PostgresTestCluster { try await SharedCluster.instance.get() }

    /// Starts the server (again, after ``stop()`` or ``kill()``), waiting until it accepts connections.
    /// After a kill the old server's backends may hold its shared memory for a moment: the
    /// start is tried again for up to 30 s.
    public func startServer() async throws {
        var attempt = 0
        while true {
            do {
                try await shell(
                    "'\(binaries)/pg_ctl' -D '\(folder)/data' -l '\(folder)/server.log' -w -t 60 -o \"-p \(port) -k '\(folder)' -c listen_addresses=127.0.0.1\(also.map { "," + $0 } ?? "")\" start >/dev/null 2>&1"
                )
                return
            } catch {
                attempt += 1
                if attempt >= 30 { throw error }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Turns TLS on (`ssl=on`) with a certificate for `localhost` (only: NIOSSL also accepts a certificate naming the peer's address) signed by a
    /// throwaway certificate authority made here with `openssl`; returns the authority's PEM
    /// file (what a client's `sslrootcert` names). Also returns a second authority's file that
    /// did not sign it (for a client that must refuse the server).
    public func enableTLS() async throws -> (authority: String, stranger: String) {
        let tls = folder + "/tls"
        try await shell(
            """
            set -e; mkdir -p '\(tls)'; cd '\(tls)'
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=stories-test-ca -keyout ca.key -out ca.pem 2>/dev/null
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=stranger-ca -keyout stranger.key -out stranger.pem 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -subj /CN=localhost -keyout server.key -out server.csr 2>/dev/null
            printf 'subjectAltName=DNS:localhost\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out server.pem 2>/dev/null
            chmod 600 server.key
            printf "ssl = on\\nssl_cert_file = '\(tls)/server.pem'\\nssl_key_file = '\(tls)/server.key'\\n" >> '\(folder)/data/postgresql.conf'
            '\(binaries)/pg_ctl' -D '\(folder)/data' -w reload >/dev/null
            sleep 0.5
            """)
        return (tls + "/ca.pem", tls + "/stranger.pem")
    }

    /// Adds a login role `name` with `password`, checked by `method` (`password`: sent in
    /// clear, `md5`, `scram-sha-256`) on 127.0.0.1, and gives it the `stories` database's schema.
    public func addPasswordUser(_ name: String, password: String, method: String) async throws {
        _ = try await shell(
            """
            '\(binaries)/psql' -h 127.0.0.1 -p \(port) -U stories -d stories -qc "SET password_encryption = '\(method == "md5" ? "md5" : "scram-sha-256")'; CREATE ROLE \(name) LOGIN PASSWORD '\(password)'; GRANT ALL ON SCHEMA public TO \(name);" >/dev/null
            """)
        try await checkPassword(of: name, by: method)
    }

    /// Makes `role` (made elsewhere) log in with its password, checked by SCRAM-SHA-256, on
    /// 127.0.0.1 (every other role keeps `trust`).
    public func requirePassword(for role: String) async throws {
        try await checkPassword(of: role, by: "scram-sha-256")
    }

    /// Puts a `pg_hba.conf` line for `role` first and reloads: one edit at a time (tests sharing
    /// the cluster once rewrote the file at the same moment and lost every line).
    private func checkPassword(of role: String, by method: String) async throws {
        try await editingAccess.run {
            _ = try await self.shell(
                """
                set -e
                { printf 'host all \(role) 127.0.0.1/32 \(method)\\n'; cat '\(self.folder)/data/pg_hba.conf'; } > '\(self.folder)/hba.new'
                mv '\(self.folder)/hba.new' '\(self.folder)/data/pg_hba.conf'
                '\(self.binaries)/pg_ctl' -D '\(self.folder)/data' -w reload >/dev/null
                sleep 0.5
                """)
        }
    }

    private let editingAccess = SerialWork()

    /// Stops the server cleanly.
    public func stop() async throws {
        try await shell("'\(binaries)/pg_ctl' -D '\(folder)/data' -m fast -w stop >/dev/null")
    }

    /// Kills the server's postmaster with SIGKILL (a crash: it recovers from its WAL on the next start).
    public func kill() async throws {
        try await shell("kill -9 $(head -1 '\(folder)/data/postmaster.pid')")
    }

    /// Runs `command` with bash (dash cannot close descriptors above 9), as the server's user when root, off the cooperative pool.
    @discardableResult
    func shell(_ command: String, asServer: Bool = true) async throws -> String {
        let inner = asServer && getuid() == 0 ? "runuser -u postgres -- sh -c \(Self.quote(command))" : command
        // The test process's other descriptors (other tests' pipes) are closed first: a server
        // started from here must not keep them, or readers of those pipes never see their end.
        let wrapped =
            ProcessProbe.shellClosesOtherDescriptors + inner
        return try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", wrapped]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw ClusterError.failed("\(command): exit \(process.terminationStatus): \(text)")
            }
            return text
        }
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A port free now (bound and released at once).
    static func freePort() throws -> Int { try LoopbackPort().number }

    /// A cluster that could not be made or driven.
    public enum ClusterError: Error, CustomStringConvertible {
        /// What failed.
        case failed(String)
        /// The message.
        public var description: String {
            switch self {
            case .failed(let detail): "test PostgreSQL cluster: \(detail)"
            }
        }
    }
}

private actor SharedCluster {
    static let instance = SharedCluster()
    private var cluster: Task<PostgresTestCluster, any Error>?

    func get() async throws -> PostgresTestCluster {
        if let cluster { return try await cluster.value }
        let started = Task { try await PostgresTestCluster.start() }
        cluster = started
        return try await started.value
    }
}

/// Runs one piece of work at a time, in order of arrival.
private actor SerialWork {
    private var last: Task<Void, any Error>?

    func run(_ work: @escaping @Sendable () async throws -> Void) async throws {
        let previous = last
        let next = Task {
            _ = try? await previous?.value
            try await work()
        }
        last = next
        try await next.value
    }
}
