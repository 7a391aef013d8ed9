public import Foundation

/// The URLs of Lorem Picsum's API on a base URL (PRODUCT.md §1).
public struct PicsumEndpoints: Hashable, Sendable {
    /// The largest side Picsum serves.
    public static let maximumSide = 5000

    /// Image variants Picsum offers.
    public struct ImageOptions: Hashable, Sendable {
        /// Gray scale.
        public var grayscale: Bool
        /// Blur from 1 to 10; nil for none.
        public var blur: Int?
        /// The file extension, "jpg" or "webp"; nil for Picsum's default.
        public var format: String?

        /// Creates options.
        public init(grayscale: Bool = false, blur: Int? = nil, format: String? = nil) {
            self.grayscale = grayscale
            self.blur = blur.map { min(max($0, 1), 10) }
            self.format = format
        }
    }

    /// The base URL, e.g. `https://picsum.photos` or a picsum-stub on 127.0.0.1.
    public var baseURL: URL

    /// Uses `baseURL`.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// `/v2/list?page=N&limit=K`.
    public func list(page: Int, limit: Int) -> URL {
        url(
            path: "v2/list",
            query: [URLQueryItem(name: "page", value: "\(page)"), .init(name: "limit", value: "\(limit)")])
    }

    /// `/id/{id}/info`.
    public func info(id: String) -> URL {
        url(path: "id/\(Self.escaped(id))/info", query: [])
    }

    /// `/id/{id}/{w}/{h}` with options; sides are clamped to 1...5000.
    public func image(id: String, width: Int, height: Int, options: ImageOptions = ImageOptions()) -> URL {
        image(path: "id/\(Self.escaped(id))", width: width, height: height, options: options)
    }

    /// `/seed/{seed}/{w}/{h}` with options; sides are clamped to 1...5000.
    public func image(seed: String, width: Int, height: Int, options: ImageOptions = ImageOptions()) -> URL {
        image(path: "seed/\(Self.escaped(seed))", width: width, height: height, options: options)
    }

    private func image(path: String, width: Int, height: Int, options: ImageOptions) -> URL {
        let side = { (value: Int) in min(max(value, 1), Self.maximumSide) }
        var last = "\(side(height))"
        if let format = options.format { last += ".\(format)" }
        var query: [URLQueryItem] = []
        if options.grayscale { query.append(URLQueryItem(name: "grayscale", value: nil)) }
        if let blur = options.blur { query.append(URLQueryItem(name: "blur", value: "\(blur)")) }
        return url(path: "\(path)/\(side(width))/\(last)", query: query)
    }

    private func url(path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + "/" + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }

    private static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? segment
    }
}
