/// Why the store could not do what was asked. The CLI maps every case to exit 74
/// (except ``invalidIndex(_:)``, a programming error: 70) with ``description`` as the message.
public enum SeenLikeStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but is not a SQLite database, or is damaged.
    case damaged(path: String, detail: String)
    /// The database was written by a newer version of Stories.
    case newerSchema(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// Another process holds the database locked for longer than the busy timeout.
    case locked(path: String)
    /// The disk (or the database's page limit) is full.
    case full(path: String)
    /// The file cannot be opened or created.
    case cannotOpen(path: String, detail: String)
    /// The disk could not be read or written (SQLITE_IOERR).
    case diskError(path: String, detail: String)
    /// The file is a SQLite database that is not Stories' own: it holds a table of ours with
    /// another schema.
    case foreignSchema(path: String, detail: String)
    /// Any other database failure.
    case failed(path: String, detail: String)
    /// An item index below 0 was passed.
    case invalidIndex(Int)

    /// One or two lines naming the file, the cause and the fix.
    public var description: String {
        switch self {
        case .damaged(let path, let detail):
            "the state database \(path) is damaged (\(detail)); run `stories doctor --repair` to move it aside and start a new one"
        case .newerSchema(let path):
            "the state database \(path) was written by a newer version of stories; upgrade stories or use another --store-path"
        case .readOnly(let path):
            "the state database \(path) is read-only; fix its permissions or use another --store-path"
        case .locked(let path):
            "the state database \(path) stayed locked by another process; retry when it has finished"
        case .full(let path):
            "the disk holding the state database \(path) is full; free some space and retry"
        case .cannotOpen(let path, let detail):
            "cannot open the state database \(path) (\(detail)); check the path and its folder's permissions"
        case .diskError(let path, let detail):
            "the disk holding the state database \(path) could not be read or written (\(detail)): it may be full, failing or gone; free some space or check the disk (df, dmesg), then retry"
        case .foreignSchema(let path, let detail):
            "\(path) is a SQLite database that stories did not create (\(detail)); use another --store-path, or move that file away and stories starts a new one"
        case .failed(let path, let detail):
            "the state database \(path) failed: \(detail)"
        case .invalidIndex(let index):
            "item index \(index) is invalid: indexes start at 0"
        }
    }
}
