public import Foundation
import StoryBase
import StoryInterfaces

/// Decodes and validates the three stories document formats of PRODUCT.md §6.
///
/// Any invalid entry refuses the whole document with a ``StoryDocumentError`` naming the file,
/// the entry and the field.
public struct StoryDocumentDecoder: Sendable {
    /// The default size limit for a document (untrusted JSON).
    public static let defaultMaximumBytes = 10 << 20

    /// Makes stories for users-pages documents.
    public var generator: SeedStoryGenerator
    /// Larger files are refused.
    public var maximumBytes: Int

    /// A decoder that generates stories on `picsumBaseURL`.
    public init(picsumBaseURL: URL, maximumBytes: Int = StoryDocumentDecoder.defaultMaximumBytes) {
        self.generator = SeedStoryGenerator(picsumBaseURL: picsumBaseURL)
        self.maximumBytes = maximumBytes
    }

    /// Reads and decodes the file at `path`, refusing it before reading when it is too large
    /// (opened once without blocking: a FIFO or a device is refused, a link judged by its target,
    /// never more than the limit read).
    public func load(path: String) throws(StoryDocumentError) -> StoryDocument {
        let data: Data
        do {
            data = try BoundedFile.contents(of: path, limit: maximumBytes)
        } catch {
            if let size = error.size {
                throw StoryDocumentError(file: path, problem: .tooLarge(bytes: size, limit: maximumBytes))
            }
            throw StoryDocumentError(file: path, problem: .unreadable(error.reason))
        }
        return try decode(data, file: path)
    }

    /// Decodes `data`; `file` names it in errors.
    public func decode(_ data: Data, file: String) throws(StoryDocumentError) -> StoryDocument {
        guard data.count <= maximumBytes else {
            throw StoryDocumentError(file: file, problem: .tooLarge(bytes: data.count, limit: maximumBytes))
        }
        let root: DocumentValue
        do {
            root = try JSONDecoder().decode(DocumentValue.self, from: data)
        } catch {
            throw StoryDocumentError(file: file, problem: .malformedJSON(Self.describe(error)))
        }
        let document: StoryDocument
        switch root {
        case .object(let fields) where fields["pages"] != nil:
            document = try UsersPagesFormat.decode(fields, file: file, generator: generator)
        case .object(let fields) where fields["data"] != nil:
            document = try SnapsFormat.decode(fields, file: file)
        case .array(let entries):
            document = try PicsumListFormat.decode(entries, file: file)
        default:
            throw StoryDocumentError(file: file, problem: .unknownFormat)
        }
        guard document.count > 0 else { throw StoryDocumentError(file: file, problem: .noEntries) }
        return document
    }

    private static func describe(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "unreadable JSON" }
        let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }
}

/// Remembers where each id was first seen, to refuse duplicates.
struct DuplicateGuard {
    private var seen: [String: String] = [:]

    mutating func check(_ id: String, at entry: String, file: String) throws(StoryDocumentError) {
        if let first = seen[id] {
            throw StoryDocumentError(
                file: file, entry: entry, entryID: id, field: "id", problem: .duplicateID(id, firstAt: first))
        }
        seen[id] = entry
    }
}
