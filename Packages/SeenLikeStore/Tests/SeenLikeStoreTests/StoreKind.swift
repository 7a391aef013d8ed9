import Foundation
import SeenLikeStore
import StoryInterfaces
import Testing

/// The implementations the contract suite runs over.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case memory
    /// The replica of a shared server: every write also records its change.
    case replica

    var testDescription: String { rawValue }

    /// A fresh store in its own temporary directory.
    func make() throws -> any SeenLikeStoring {
        switch self {
        case .memory: return InMemorySeenLikeStore()
        case .sqlite: return try SQLiteSeenLikeStore(path: TemporaryDirectory.make().appending("state.sqlite"))
        case .replica:
            return try SQLiteSeenLikeStore(
                path: TemporaryDirectory.make().appending("state.sqlite"), recordsChanges: true)
        }
    }
}

enum TemporaryDirectory {
    static func make() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("SeenLikeStoreTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension String {
    func appending(_ component: String) -> String { (self as NSString).appendingPathComponent(component) }
}
