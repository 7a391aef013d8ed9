import Foundation
import StoryInterfacesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The sync tests' devices (a home each, run as `stories` processes) and the network
/// partition one of them is cut off by.
extension SharedStateSyncTests {
    /// A device: a home of its own, the bundled content (or a document), the shared store.
    struct Device {
        let home: String
        let url: String
        var arguments = ["--source", "bundled"]
        var prefix: [String] = []
        var timeout = "30s"

        init(_ url: String) throws {
            self.home = try TemporaryFolder.make()
            self.url = url
        }

        func run(_ arguments: [String]) async throws -> ProcessResult {
            if prefix.isEmpty {
                return try await StoriesProcess.run(
                    arguments + self.arguments + ["--store", "postgres"],
                    environment: ["STORIES_STORE_POSTGRES_URL": url, "STORIES_STORE_POSTGRES_TIMEOUT": timeout],
                    home: home)
            }
            return try await StoriesProcess.execute(
                prefix[0],
                Array(prefix.dropFirst()) + [StoriesProcess.binary] + arguments + self.arguments + [
                    "--store", "postgres",
                ],
                environment: [
                    "HOME": home, "PATH": "/usr/bin:/bin", "STORIES_STORE_POSTGRES_URL": url,
                    "STORIES_STORE_POSTGRES_TIMEOUT": timeout,
                ])
        }

        func state() async throws -> [String: Any] {
            let result = try await run(["state", "--json"])
            return try #require(
                JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                "\(result.stdout) \(result.stderr)")
        }

        func liked() async throws -> [String] { try await state()["likedItemIds"] as? [String] ?? [] }
        func seen() async throws -> [String] { try await state()["seenItemIds"] as? [String] ?? [] }
        func muted() async throws -> [String] { try await state()["mutedUserIds"] as? [String] ?? [] }
    }

    /// A network namespace joined to this one by a veth pair (made as root): the laptop lives in
    /// it, the server and the desktop outside. Taking the link down partitions the laptop: its
    /// connections hang instead of being refused.
    struct Partition {
        let name: String
        let hostLink: String
        let host: String

        static var isPossible: Bool {
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
        }

        static func make() async throws -> Partition {
            let tag = UUID().uuidString.prefix(6).lowercased()
            let subnet = Int.random(in: 0...255)
            let partition = Partition(name: "stories-\(tag)", hostLink: "sv\(tag)a", host: "10.214.\(subnet).1")
            try await partition.ip(
                """
                ip netns add \(partition.name) && ip link add \(partition.hostLink) type veth peer name sv\(tag)b \
                && ip link set sv\(tag)b netns \(partition.name) && ip addr add \(partition.host)/30 dev \(partition.hostLink) \
                && ip link set \(partition.hostLink) up \
                && ip netns exec \(partition.name) ip addr add 10.214.\(subnet).2/30 dev sv\(tag)b \
                && ip netns exec \(partition.name) ip link set sv\(tag)b up && ip netns exec \(partition.name) ip link set lo up
                """)
            return partition
        }

        func ip(_ script: String) async throws {
            let result = try await StoriesProcess.execute(
                "/bin/bash", ["-c", script], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
            guard result.status == 0 else { throw PartitionError(detail: result.stderr) }
        }

        func cut() async throws { try await ip("ip link set \(hostLink) down") }
        func heal() async throws { try await ip("ip link set \(hostLink) up") }
        func remove() async { try? await ip("ip link del \(hostLink); ip netns del \(name)") }

        struct PartitionError: Error { var detail: String }
    }
}
