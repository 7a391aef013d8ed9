import Foundation
import SeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// The shared `SeenLikeStoring` contract (StoryInterfacesTestSupport's `SeenLikeStoreContract`,
/// which PostgresSeenLikeStore's suite runs too) over the SQLite and the in-memory store.
@Suite("SeenLikeStoring contract")
struct SeenLikeStoreContractTests {
    struct Check: CustomTestStringConvertible, Sendable {
        var index: Int
        var testDescription: String { SeenLikeStoreContract.checks[index].name }
    }
    static let checks = SeenLikeStoreContract.checks.indices.map(Check.init)

    @Test(arguments: StoreKind.allCases, checks)
    func contract(kind: StoreKind, check: Check) async throws {
        try await SeenLikeStoreContract.checks[check.index].run(try kind.make())
    }

    @Test(arguments: StoreKind.allCases)
    func negativeIndexesAreRefusedAsInvalid(kind: StoreKind) async throws {
        let store = try kind.make()
        await #expect(throws: SeenLikeStoreError.invalidIndex(-1)) {
            try await store.markSeen("i", user: "u", index: -1)
        }
    }
}
