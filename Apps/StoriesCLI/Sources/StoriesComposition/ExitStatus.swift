import ConfigurationLayers
import ImageCaching
import PicsumContent
import SeenLikeStore
import StoryImages
import StoryInterfaces
import StoryModels
import StoryTerminal

/// The documented exit statuses of PRODUCT.md §3 (the BSD sysexits values).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Done.
    case success = 0
    /// Bad usage.
    case usage = 64
    /// Bad input data.
    case dataError = 65
    /// A service unreachable.
    case unavailable = 69
    /// Internal error.
    case software = 70
    /// Store or disk error.
    case ioError = 74
    /// Bad configuration.
    case configuration = 78
}

/// The one place where typed errors become exit statuses and one-line messages.
public enum ErrorReport {
    /// The exit status for `error`, or nil for errors this layer does not know
    /// (ArgumentParser's own, which it reports itself).
    public static func status(for error: any Error) -> ExitStatus? {
        if let report = PluginRegistry.standard.report(error) { return report.status }
        return switch error {
        case let error as SeenNotWritten: status(for: error.cause) ?? .ioError
        case is ConfigurationError, is DiskImageCacheError: .configuration
        case BundledImageError.missing: .configuration  // a broken installation
        case SeenLikeStoreError.invalidIndex: .software
        case is SeenLikeStoreError, is CacheCommandError: .ioError
        case is StoryContentError, is PhotoCatalogError, is StoryDocumentError, is UnknownItemsError: .dataError
        case is ImageDecodeError, is RenderInputError, is BundledImageError: .dataError
        case let error as PicsumError: error.isUnreachable ? .unavailable : .dataError
        case is ImagePipelineError: .dataError
        case is PageRequestError: .usage
        case is TerminalError, is OutputError: .ioError
        default: nil
        }
    }

    /// The message for stderr: what happened and how to fix it, never a stack trace.
    public static func message(for error: any Error) -> String {
        if let report = PluginRegistry.standard.report(error) { return report.message }
        return switch error {
        case StoryContentError.unknownUser(let user):
            "unknown user \"\(user)\": `stories tray` lists the user ids"
        case StoryContentError.unknownItem(let item):
            "unknown item \"\(item)\": `stories view USER --list` lists a user's item ids"
        case PhotoCatalogError.unknownPhoto(let photo):
            "unknown photo \"\(photo)\": `stories photos` lists the photo ids"
        case let error as ImageDecodeError:
            "cannot render the image: \(error)"
        default:
            String(describing: error)
        }
    }
}
