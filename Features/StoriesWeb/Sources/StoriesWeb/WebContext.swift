public import Hummingbird

/// The request context: Hummingbird's core storage and the web viewer's own body cap.
public struct WebContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// Makes a context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// No request body the viewer takes is larger (a batch of seen marks).
    public var maxUploadSize: Int { 64 * 1024 }
}
