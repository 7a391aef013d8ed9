public import StoryBase
public import StoryInterfaces

/// The formats the terminal recognises: the shared ``MediaFormat`` sniffing rule.
public typealias ImageFormat = MediaFormat

extension MediaFormat {
    /// Whether this build can decode it (else a placeholder names the type).
    public var isDecodable: Bool { self == .jpeg || self == .png }
}
